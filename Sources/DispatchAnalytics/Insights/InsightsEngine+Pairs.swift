/// The two comparisons of the global engine and their wording
/// (docs/insights.md#global-engine-rules).
extension InsightsEngine {
  /// A categorical signal against a number: the difference of means over the eligible
  /// reports that have the number, standardized by the population SD of both sides together.
  static func meanDifference(_ signal: CategoricalSignal, _ metric: NumericSignal)
    -> (Insight, Double)?
  {
    let measured = signal.eligible.intersection(metric.defined)
    var with: [Double] = []
    var without: [Double] = []
    for index in measured.members {
      if signal.present.contains(index) {
        with.append(metric.values[index])
      } else {
        without.append(metric.values[index])
      }
    }
    guard with.count >= minimumSide, without.count >= minimumSide else { return nil }
    let meanWith = with.reduce(0, +) / Double(with.count)
    let meanWithout = without.reduce(0, +) / Double(without.count)
    let difference = meanWith - meanWithout
    let spread = Descriptive.populationStandardDeviation(with + without) ?? 0
    guard spread > 1e-9, difference.isFinite else { return nil }
    let effect = abs(difference) / spread
    guard effect >= minimumEffect else { return nil }
    let title: String
    if let noun = metric.noun {
      let scope = signal.verbPhrase.map { "where you \($0)" } ?? signal.contextPhrase
      let direction = difference > 0 ? "more" : "fewer"
      title =
        "Reports \(scope) average \(metric.format.text(abs(difference))) \(direction) \(noun)."
    } else {
      let direction = difference > 0 ? "higher" : "lower"
      title = "\(metric.subject) tends to run \(direction) \(signal.contextPhrase)."
    }
    let detail =
      "Average \(metric.format.text(meanWith)) vs \(metric.format.text(meanWithout)) otherwise"
      + " — based on \(measured.count) reports."
    let insight = Insight(
      id: "categoricalNumeric:\(signal.id)|\(metric.id)", kind: .categoricalNumeric, title: title,
      detail: detail, sampleCount: measured.count, strength: min(effect / 2, 1),
      sourceKeys: signal.sortedSources + [metric.sourceKey])
    return (insight, difference)
  }

  /// Every pair of an answer (a signal with a verb phrase) and a context: how much more or
  /// less often the answer comes with the context than without it. Of the two directions of
  /// one pair the larger difference is kept; on a tie, the one whose context ID sorts first.
  static func cooccurrences(_ signals: [CategoricalSignal]) -> [InsightCandidate] {
    var best:
      [String: (
        insight: Insight, difference: Double, answer: CategoricalSignal, context: CategoricalSignal
      )] = [:]
    for answer in signals where answer.verbPhrase != nil {
      for context in signals where context.id != answer.id && !context.sharesSource(with: answer) {
        guard let (insight, difference) = cooccurrence(answer, context) else { continue }
        let key = [answer.id, context.id].sorted().joined(separator: "|")
        if let kept = best[key] {
          let wins =
            abs(difference) > abs(kept.difference)
            || (abs(difference) == abs(kept.difference) && context.id < kept.context.id)
          guard wins else { continue }
        }
        best[key] = (insight, difference, answer, context)
      }
    }
    return best.values.map { entry in
      let universe = entry.answer.eligible.intersection(entry.context.eligible)
      let inside = entry.context.present.intersection(universe)
      // Mirrored from either side: a context of the same source holding on exactly the other
      // reports, or an answer of the same source given on exactly the other reports.
      let splits = [
        SplitSide(
          partner: "answer:\(entry.answer.id)", sources: entry.context.sortedSources,
          universe: universe, subset: inside),
        SplitSide(
          partner: "context:\(entry.context.id)", sources: entry.answer.sortedSources,
          universe: universe, subset: entry.answer.present.intersection(universe)),
      ]
      return InsightCandidate(
        insight: entry.insight, splits: splits.compactMap { $0 }, isPositive: entry.difference > 0,
        splitSize: inside.count)
    }
  }

  /// The answer's rate with the context against its rate without, over the reports where
  /// both could have held.
  static func cooccurrence(_ answer: CategoricalSignal, _ context: CategoricalSignal)
    -> (Insight, Double)?
  {
    guard let verb = answer.verbPhrase else { return nil }
    let universe = answer.eligible.intersection(context.eligible)
    let inside = universe.intersection(context.present)
    let insideCount = inside.count
    let outsideCount = universe.count - insideCount
    guard insideCount >= minimumSide, outsideCount >= minimumSide else { return nil }
    let answeredInside = answer.present.intersectionCount(inside)
    let answeredOutside = answer.present.intersectionCount(universe) - answeredInside
    let rateInside = Double(answeredInside) / Double(insideCount)
    let rateOutside = Double(answeredOutside) / Double(outsideCount)
    let difference = rateInside - rateOutside
    guard abs(difference) >= minimumRateDifference else { return nil }
    let title =
      "You \(verb) on \(InsightFormat.percent(rateInside)) of reports \(context.contextPhrase)."
    let detail =
      "Compared with \(InsightFormat.percent(rateOutside)) of other reports"
      + " — based on \(universe.count) reports."
    let insight = Insight(
      id: "cooccurrence:\(answer.id)|\(context.id)", kind: .cooccurrence, title: title,
      detail: detail, sampleCount: universe.count,
      strength: min(abs(difference) / 0.5, 1),
      sourceKeys: answer.sortedSources + context.sortedSources)
    return (insight, difference)
  }
}
