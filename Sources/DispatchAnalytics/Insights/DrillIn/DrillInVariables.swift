import DispatchCore

/// Reads a drill-in's targets and dimensions off the filed reports
/// (docs/insights.md#drill-in-rules).
struct DrillInVariables {
  let reports: [Report]
  let question: Question
  let questions: [Question]
  let people: [Person]

  /// The target question's answered reports.
  var answeredCount: Int {
    reports.filter { report in report.response(to: question).map(isAnswered) ?? false }.count
  }

  /// "Answered" per type: an option, a parsing number, a non-empty choice list, a token.
  func isAnswered(_ response: Response) -> Bool {
    guard !response.isSkipped else { return false }
    switch question.type {
    case .yesNo, .multipleChoice: return !(response.options ?? []).isEmpty
    case .number: return response.numericValue?.isFinite ?? false
    case .tokens, .people: return (response.tokens ?? []).contains { !$0.text.isEmpty }
    case .location, .note, .time: return false
    }
  }

  /// The targets, and whether multi-valued labels were cut to the top eight.
  func targets() -> (targets: [DrillInTarget], isTruncated: Bool) {
    let answers = reports.map { report in
      report.response(to: question).flatMap { isAnswered($0) ? $0 : nil }
    }
    switch question.type {
    case .number:
      let values = answers.map { $0?.numericValue }
      return ([DrillInTarget(label: "“\(question.prompt)”", values: .numeric(values))], false)
    case .yesNo:
      let yes = question.effectiveChoices.first ?? "Yes"
      let values = answers.map { answer in answer.map { ($0.options ?? []).contains(yes) } }
      return ([DrillInTarget(label: yes, values: .binary(values))], false)
    case .multipleChoice, .tokens, .people:
      let labelled = answers.map { $0.map(labels) }
      var counts: [String: Int] = [:]
      for labels in labelled.compactMap({ $0 }) {
        for label in labels { counts[label, default: 0] += 1 }
      }
      let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      let kept = ranked.prefix(DrillInEngine.maximumTargets).map(\.key)
      let targets = kept.map { label in
        DrillInTarget(
          label: label, values: .binary(labelled.map { $0.map { $0.contains(label) } }))
      }
      return (targets, ranked.count > kept.count)
    case .location, .note, .time:
      return ([], false)
    }
  }

  /// The labels of one answer: choices, tokens, or people by their registry name.
  private func labels(_ response: Response) -> Set<String> {
    switch question.type {
    case .multipleChoice: return Set(response.options ?? [])
    case .tokens: return Set((response.tokens ?? []).map(\.text).filter { !$0.isEmpty })
    case .people: return Set(personNames(response))
    default: return []
    }
  }

  private func personNames(_ response: Response) -> [String] {
    (response.tokens ?? []).filter { !$0.text.isEmpty }.map { token in
      AnswerResolver.personName(token.text, in: people)
    }
  }

  /// People and places (top eight each), connection types, times of day, health metrics.
  func dimensions() -> [DrillInDimension] {
    peopleDimensions() + placeDimensions() + connectionDimensions() + timeDimensions()
      + metricDimensions()
  }

  /// People named by people questions other than the target: with or without them.
  private func peopleDimensions() -> [DrillInDimension] {
    let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let named: [Set<String>] = reports.map { report in
      var names = Set<String>()
      for response in report.responses where !response.isSkipped {
        guard let id = response.questionID, id != question.id, byID[id]?.type == .people else {
          continue
        }
        names.formUnion(personNames(response))
      }
      return names
    }
    return Self.top(named).map { name in
      DrillInDimension(
        name: name, phrase: "when \(name) was around", withPhrase: "with \(name)",
        withoutWord: "without", metric: nil, values: .binary(named.map { $0.contains(name) }))
    }
  }

  /// Places answered to location questions; a report without a place says nothing.
  private func placeDimensions() -> [DrillInDimension] {
    let places: [String?] = reports.map { report in
      report.responses.lazy.compactMap { response -> String? in
        guard !response.isSkipped, let text = response.location?.text, !text.isEmpty else {
          return nil
        }
        return text
      }.first
    }
    return Self.top(places.map { Set($0.map { [$0] } ?? []) }).map { place in
      DrillInDimension(
        name: place, phrase: "at \(place)", withPhrase: "at \(place)", withoutWord: "elsewhere",
        metric: nil, values: .binary(places.map { $0.map { $0 == place } }))
    }
  }

  private func connectionDimensions() -> [DrillInDimension] {
    let types = reports.map(\.context.connectionType)
    return ConnectionType.allCases.filter { types.contains($0) }.map { type in
      let name = type.displayName
      return DrillInDimension(
        name: name, phrase: "on \(name)", withPhrase: "on \(name)", withoutWord: "otherwise",
        metric: nil, values: .binary(types.map { $0.map { $0 == type } }))
    }
  }

  private func timeDimensions() -> [DrillInDimension] {
    let buckets = reports.map { DrillInTimeOfDay(hour: $0.localTime.hour) }
    return DrillInTimeOfDay.allCases.filter { buckets.contains($0) }.map { bucket in
      DrillInDimension(
        name: bucket.rawValue, phrase: bucket.phrase, withPhrase: bucket.phrase,
        withoutWord: "otherwise", metric: nil, values: .binary(buckets.map { $0 == bucket }))
    }
  }

  private func metricDimensions() -> [DrillInDimension] {
    DrillInMetric.allCases.compactMap { metric in
      let values = reports.map { metric.value(of: $0.context.health) }
      guard values.contains(where: { $0 != nil }) else { return nil }
      return DrillInDimension(
        name: metric.noun, phrase: "", withPhrase: "", withoutWord: "otherwise", metric: metric,
        values: .numeric(values))
    }
  }

  /// The eight names present in the most reports, by name on ties.
  private static func top(_ names: [Set<String>]) -> [String] {
    var counts: [String: Int] = [:]
    for set in names { for name in set { counts[name, default: 0] += 1 } }
    return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      .prefix(DrillInEngine.maximumDimensionsPerFamily).map(\.key)
  }
}

/// The time-of-day buckets, by the hour where the report was filed.
enum DrillInTimeOfDay: String, Sendable, CaseIterable {
  case morning
  case afternoon
  case evening
  case night

  /// Morning 5–11, afternoon 12–16, evening 17–21, night otherwise.
  init(hour: Int) {
    switch hour {
    case 5...11: self = .morning
    case 12...16: self = .afternoon
    case 17...21: self = .evening
    default: self = .night
    }
  }

  var phrase: String { self == .night ? "at night" : "in the \(rawValue)" }
}
