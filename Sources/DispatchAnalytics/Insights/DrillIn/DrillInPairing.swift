/// The three pairings of a drill-in and their copy (docs/insights.md#drill-in-rules): binary ×
/// binary as a rate difference, binary × numeric as a Welch mean difference, numeric ×
/// numeric as a Pearson correlation.
struct DrillInPairing {
  let target: DrillInTarget
  let dimension: DrillInDimension

  private var id: String { "drillIn:\(target.label)|\(dimension.name)" }
  private var name: String { "\(target.label) and \(dimension.name)" }

  func candidate() -> DrillInCandidate {
    switch (target.values, dimension.values) {
    case (.binary(let answered), .binary(let context)):
      return rate(answered, context)
    case (.binary(let answered), .numeric(let metric)):
      return mean(split: answered, measured: metric, targetSplits: true)
    case (.numeric(let numbers), .binary(let context)):
      return mean(split: context, measured: numbers, targetSplits: false)
    case (.numeric(let numbers), .numeric(let metric)):
      return correlation(numbers, metric)
    }
  }

  /// Nil when the split is big enough, else the short row: the total first, then a side.
  private func shortfall(_ with: Int, _ without: Int) -> DrillInCandidate? {
    let total = with + without
    if total < DrillInEngine.minimumPairCount {
      return .insufficient(
        id: id, name: name, have: total, needed: DrillInEngine.minimumPairCount)
    }
    let side = min(with, without)
    guard side < DrillInEngine.minimumSideCount else { return nil }
    return .insufficient(id: id, name: name, have: side, needed: DrillInEngine.minimumSideCount)
  }

  /// The target's rate with the context against without, Newcombe CI, pooled z p-value.
  private func rate(_ answered: [Bool?], _ context: [Bool?]) -> DrillInCandidate {
    var counts = (with: 0, withHits: 0, without: 0, withoutHits: 0)
    for (hit, inside) in zip(answered, context) {
      guard let hit, let inside else { continue }
      if inside {
        counts.with += 1
        if hit { counts.withHits += 1 }
      } else {
        counts.without += 1
        if hit { counts.withoutHits += 1 }
      }
    }
    if let short = shortfall(counts.with, counts.without) { return short }
    let rateWith = Double(counts.withHits) / Double(counts.with)
    let rateWithout = Double(counts.withoutHits) / Double(counts.without)
    let difference = rateWith - rateWithout
    let test = TwoProportionZTest(
      successes1: counts.withHits, trials1: counts.with, successes2: counts.withoutHits,
      trials2: counts.without)
    let interval = Proportions.newcombeInterval(
      successes1: counts.withHits, trials1: counts.with, successes2: counts.withoutHits,
      trials2: counts.without, confidence: DrillInEngine.confidence)
    let label = target.label
    let title =
      "You answered \(label) \(difference > 0 ? "more" : "less") often \(dimension.phrase)."
    // The difference and its interval are both signed, with-rate minus without-rate, in points.
    let bounds = interval.map { " (95% CI \(Self.points($0.lower)) to \(Self.points($0.upper)))" }
    let detail =
      "\(label) on \(InsightFormat.percent(rateWith)) of \(counts.with) reports "
      + "\(dimension.withPhrase) vs \(InsightFormat.percent(rateWithout)) of \(counts.without) "
      + "\(dimension.withoutWord) — a difference of \(Self.points(difference)) "
      + "\(abs(Self.pointsValue(difference)) == 1 ? "point" : "points")\(bounds ?? "")."
    return DrillInCandidate(
      id: id, title: title, detail: detail, name: name, sampleCount: counts.with + counts.without,
      magnitude: min(abs(difference) / 0.40, 1), p: Self.valid(test?.p),
      passesFloor: abs(difference) >= DrillInEngine.minimumRateDelta)
  }

  /// Means of `measured` where `split` holds against where it does not, by Welch's t, the
  /// effect standardized by the population SD of both sides together.
  private func mean(split: [Bool?], measured: [Double?], targetSplits: Bool) -> DrillInCandidate {
    var with: [Double] = []
    var without: [Double] = []
    for (inside, value) in zip(split, measured) {
      guard let inside, let value else { continue }
      if inside { with.append(value) } else { without.append(value) }
    }
    if let short = shortfall(with.count, without.count) { return short }
    let meanWith = Descriptive.mean(with) ?? 0
    let meanWithout = Descriptive.mean(without) ?? 0
    let difference = meanWith - meanWithout
    let spread = Descriptive.populationStandardDeviation(with + without) ?? 0
    let standardized = spread > 1e-12 && difference.isFinite ? abs(difference) / spread : 0
    let test = WelchTTest(with, without, confidence: DrillInEngine.confidence)
    let metric = targetSplits ? dimension.metric : nil
    // Means, the difference and its bounds all on the measured variable's own scale: the
    // metric's (hours, steps, bpm), else the number question's answers as given.
    let bare = { (value: Double) in metric?.bare(value) ?? InsightFormat.fixed(value, decimals: 1) }
    let unit = metric?.unit.map { " " + $0 } ?? ""
    let title: String
    if let metric {
      title =
        "\(metric.headline(higher: difference > 0)) on reports where you answered "
        + "\(target.label)."
    } else {
      title =
        "Your answers to \(target.label) tend to run \(difference > 0 ? "higher" : "lower") "
        + "\(dimension.phrase)."
    }
    // Signed like its interval: the mean with minus the mean without.
    let bounds = test.map { welch in
      " (95% CI \(bare(welch.confidenceInterval.lower)) to "
        + "\(bare(welch.confidenceInterval.upper))\(unit))"
    }
    let detail =
      "Average \(bare(meanWith)) over \(with.count) reports vs \(bare(meanWithout)) over "
      + "\(without.count) — difference \(bare(difference))\(unit)\(bounds ?? "")."
    return DrillInCandidate(
      id: id, title: title, detail: detail, name: name, sampleCount: with.count + without.count,
      magnitude: min(standardized / 0.8, 1), p: Self.valid(test?.p),
      passesFloor: standardized >= DrillInEngine.minimumStandardizedDifference)
  }

  /// Pearson's r of the number answers and a metric, Fisher z CI and p-value.
  private func correlation(_ numbers: [Double?], _ metric: [Double?]) -> DrillInCandidate {
    var x: [Double] = []
    var y: [Double] = []
    for (number, value) in zip(numbers, metric) {
      guard let number, let value else { continue }
      x.append(number)
      y.append(value)
    }
    guard x.count >= DrillInEngine.minimumPairCount else {
      return .insufficient(
        id: id, name: name, have: x.count, needed: DrillInEngine.minimumPairCount)
    }
    let pearson = PearsonCorrelation(x, y, confidence: DrillInEngine.confidence)
    let r = pearson?.coefficient ?? 0
    let interval = pearson?.confidenceInterval
    let direction = r > 0 ? "rise and fall with" : "move opposite to"
    let title =
      "Your answers to \(target.label) tend to \(direction) your \(dimension.metric?.noun ?? dimension.name)."
    let bounds = interval.map {
      " (95% CI \(Self.twoDecimals($0.lower)) to \(Self.twoDecimals($0.upper)))"
    }
    let detail = "r = \(Self.twoDecimals(r))\(bounds ?? "") over \(x.count) reports."
    return DrillInCandidate(
      id: id, title: title, detail: detail, name: name, sampleCount: x.count,
      magnitude: min(abs(r) / 0.7, 1), p: Self.valid(pearson?.fisherZP ?? pearson?.p),
      passesFloor: abs(r) >= DrillInEngine.minimumPearsonR)
  }

  /// A test that could not be computed (a constant side) was still run: p = 1, never NaN.
  private static func valid(_ p: Double?) -> Double {
    guard let p, p.isFinite else { return 1 }
    return min(max(p, 0), 1)
  }

  /// A rate or rate bound as signed whole percentage points.
  static func points(_ rate: Double) -> String {
    String(pointsValue(rate))
  }

  static func pointsValue(_ rate: Double) -> Int {
    guard rate.isFinite else { return 0 }
    return Int((rate * 100).rounded())
  }

  private static func twoDecimals(_ value: Double) -> String {
    InsightFormat.fixed(value, decimals: 2)
  }
}
