import DispatchCore

/// Turns filed reports into day-level series (docs/insights.md#day-level-rules): each report counts
/// towards its own local day, binary exposures hold when any report that day has them, numeric
/// exposures and outcomes are the day's total or mean.
struct DayLevelSeries {
  /// Local days with at least one report, as days since 1970-01-01, ascending.
  private(set) var days: [Int] = []
  /// Reports filed on each day.
  private(set) var reportCounts: [Int] = []
  private(set) var exposures: [DayExposure] = []
  private(set) var outcomes: [DayOutcome] = []

  private var binaryOrder: [String] = []
  private var binary: [String: (meta: DayExposure, present: Set<Int>, owner: String)] = [:]
  /// Days each question was answered: the days its labels are known present or absent.
  private var answeredDays: [String: Set<Int>] = [:]

  /// `reports` must be filed reports; `outcomeLimit` number questions become outcomes.
  init(reports: [Report], questions: [Question], people: [Person], outcomeLimit: Int) {
    let dayOf = reports.map { report in
      report.date.localDay(offsetSeconds: report.utcOffsetSeconds)
    }
    days = Array(Set(dayOf)).sorted()
    let position = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) })
    reportCounts = Array(repeating: 0, count: days.count)
    let answers = AnswerResolver(questions: questions, people: people)
    var numbers: [String: DayAccumulator] = [:]
    var mood = DayAccumulator(days: days.count)
    var steps = DayAccumulator(days: days.count)
    var sleep = DayAccumulator(days: days.count)
    for (report, key) in zip(reports, dayOf) {
      guard let day = position[key] else { continue }
      reportCounts[day] += 1
      for response in report.responses where !response.isSkipped {
        guard let question = answers.question(of: response) else { continue }
        if question.stateOfMindKind != nil {
          for value in StateOfMindValence.values(of: response, question: question) {
            mood.add(value, on: day)
          }
          continue
        }
        if question.type == .number, let value = response.numericValue, value.isFinite {
          numbers[question.id, default: DayAccumulator(days: days.count)].add(value, on: day)
          continue
        }
        addLabels(of: response, question: question, answers: answers, on: day)
      }
      for reading in report.context.health where reading.value.isFinite {
        if reading.type == "steps" { steps.add(reading.value, on: day) }
        if reading.type.hasPrefix("sleep") { sleep.add(reading.value / 3600, on: day) }
      }
    }
    finishBinary()
    let numberQuestions = questions.filter { numbers[$0.id] != nil }
      .sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) }
    for question in numberQuestions {
      let means = numbers[question.id]?.means ?? []
      let key = "question:\(question.id)"
      exposures.append(
        DayExposure(
          id: "number:\(question.id)", sourceKey: key,
          phrase: "higher answers to “\(question.prompt)”",
          name: "answers to “\(question.prompt)”", values: .numeric(means)))
    }
    for question in numberQuestions.prefix(outcomeLimit) {
      outcomes.append(
        DayOutcome(
          id: "number:\(question.id)", sourceKey: "question:\(question.id)",
          name: "your answers to “\(question.prompt)”", format: .oneDecimal,
          values: numbers[question.id]?.means ?? []))
    }
    addNumeric(steps.totals, sleep.totals, mood.means)
  }

  private mutating func addNumeric(_ steps: [Double?], _ sleep: [Double?], _ mood: [Double?]) {
    if steps.contains(where: { $0 != nil }) {
      exposures.append(
        DayExposure(
          id: "steps", sourceKey: "steps", phrase: "more steps", name: "steps",
          values: .numeric(steps)))
      outcomes.append(
        DayOutcome(
          id: "steps", sourceKey: "steps", name: "your step count", format: .grouped,
          values: steps))
    }
    if sleep.contains(where: { $0 != nil }) {
      exposures.append(
        DayExposure(
          id: "sleep", sourceKey: "sleep", phrase: "more sleep", name: "sleep",
          values: .numeric(sleep)))
    }
    if mood.contains(where: { $0 != nil }) {
      outcomes.append(
        DayOutcome(
          id: "mood", sourceKey: "mood", name: "your mood", format: .twoDecimals, values: mood))
    }
  }

  /// The yes/no, choice, token, person and place labels of one answer.
  private mutating func addLabels(
    of response: Response, question: Question, answers: AnswerResolver, on day: Int
  ) {
    let prompt = "“\(question.prompt)”"
    var labels: [(id: String, phrase: String, name: String)] = []
    switch question.type {
    case .yesNo:
      guard let options = response.options, !options.isEmpty else { return }
      let yes = question.effectiveChoices.first ?? "Yes"
      let label = (
        id: "yesno:\(question.id)", phrase: "you answered \(yes) to \(prompt)",
        name: "\(yes) to \(prompt)"
      )
      declare(label, owner: question.id, sourceKey: "question:\(question.id)")
      if options.contains(yes) { labels.append(label) }
    case .multipleChoice:
      guard let options = response.options, !options.isEmpty else { return }
      for option in Set(options) {
        labels.append(
          (
            id: "choice:\(question.id):\(option)", phrase: "you answered “\(option)” to \(prompt)",
            name: "“\(option)” to \(prompt)"
          ))
      }
    case .tokens:
      for token in response.tokens ?? [] where !token.text.isEmpty {
        labels.append(
          (
            id: "token:\(token.text.lowercased())", phrase: "you mentioned “\(token.text)”",
            name: "“\(token.text)”"
          ))
      }
    case .people:
      for token in response.tokens ?? [] where !token.text.isEmpty {
        let name = answers.personName(token.text)
        labels.append((id: "person:\(name)", phrase: "you saw \(name)", name: name))
      }
    case .location:
      guard let text = response.location?.text, !text.isEmpty else { return }
      labels.append((id: "place:\(text)", phrase: "you were at \(text)", name: text))
    case .number, .note, .time:
      return
    }
    answeredDays[question.id, default: []].insert(day)
    for label in labels {
      declare(label, owner: question.id, sourceKey: label.id)
      binary[label.id]?.present.insert(day)
    }
  }

  private mutating func declare(
    _ label: (id: String, phrase: String, name: String), owner: String, sourceKey: String
  ) {
    guard binary[label.id] == nil else { return }
    let meta = DayExposure(
      id: label.id, sourceKey: sourceKey, phrase: label.phrase, name: label.name,
      values: .binary([]))
    binary[label.id] = (meta, [], owner)
    binaryOrder.append(label.id)
  }

  /// Each label is known on the days its question was answered: present or absent.
  private mutating func finishBinary() {
    for id in binaryOrder {
      guard var entry = binary[id]?.meta, let present = binary[id]?.present,
        let owner = binary[id]?.owner
      else { continue }
      let answered = answeredDays[owner] ?? []
      entry.values = .binary(
        days.indices.map { answered.contains($0) ? present.contains($0) : nil })
      exposures.append(entry)
    }
  }
}
