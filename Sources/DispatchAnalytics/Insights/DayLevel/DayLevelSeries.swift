import DispatchCore

/// Turns filed reports and direct records into day-level series
/// (docs/insights.md#day-level-rules): each report and record counts towards its own local day,
/// binary exposures hold when any report or record that day has them, numeric exposures and
/// outcomes are the day's total or mean.
struct DayLevelSeries {
  /// Local days with at least one report or record, as days since 1970-01-01, ascending.
  private(set) var days: [Int] = []
  /// Reports filed on each day.
  private(set) var reportCounts: [Int] = []
  /// Direct records on each day.
  var recordCounts: [Int] = []
  /// Written by the records' and the calendar's extension too.
  var exposures: [DayExposure] = []
  var outcomes: [DayOutcome] = []

  private var binaryOrder: [String] = []
  /// Each label with the days it was present and the questions it was answered under: a token,
  /// person or place is one exposure across every question it appears in.
  private var binary: [String: (meta: DayExposure, present: Set<Int>, owners: Set<String>)] = [:]
  /// Days each question was answered: the days its labels are known present or absent.
  private var answeredDays: [String: Set<Int>] = [:]

  /// `reports` must be filed reports; `outcomeLimit` number questions become outcomes.
  init(
    reports: [Report], questions: [Question], people: [Person],
    records: DayLevelRecords = DayLevelRecords(), outcomeLimit: Int
  ) {
    let dayOf = reports.map { report in
      report.date.localDay(offsetSeconds: report.utcOffsetSeconds)
    }
    let recordDays = records.days
    days = Array(Set(dayOf).union(recordDays)).sorted()
    let position = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) })
    reportCounts = Array(repeating: 0, count: days.count)
    recordCounts = Array(repeating: 0, count: days.count)
    for key in recordDays { if let day = position[key] { recordCounts[day] += 1 } }
    let answers = AnswerResolver(questions: questions, people: people)
    var numbers: [String: DayAccumulator] = [:]
    var mood = DayAccumulator(days: days.count)
    var moodQuestions: [String: Question] = [:]
    for (report, key) in zip(reports, dayOf) {
      guard let day = position[key] else { continue }
      reportCounts[day] += 1
      for response in report.responses where !response.isSkipped {
        guard let question = answers.question(of: response) else { continue }
        if question.stateOfMindKind != nil {
          for value in StateOfMindValence.values(of: response, question: question) {
            mood.add(value, on: day)
            moodQuestions[question.id] = question
          }
          continue
        }
        if question.type == .number, let value = response.numericValue, value.isFinite {
          numbers[question.id, default: DayAccumulator(days: days.count)].add(value, on: day)
          continue
        }
        addLabels(of: response, question: question, answers: answers, on: day)
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
          id: "number:\(question.id)", sources: [key],
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
    // A day's steps and sleep are the store's day figures (Apple Health where it has samples),
    // else what the reports' readings make of the day, by the same rule.
    func figure(_ figure: DayFigure) -> [Double?] {
      let values = records.dayFigures[figure] ?? figure.dayValues(of: reports)
      return days.map { values[$0] }
    }
    addNumeric(figure(.steps), figure(.sleepHours))
    addMood(mood.means, questions: Array(moodQuestions.values))
    addRecords(records, position: position)
    addWeekdays()
  }

  private mutating func addNumeric(_ steps: [Double?], _ sleep: [Double?]) {
    if steps.contains(where: { $0 != nil }) {
      exposures.append(
        DayExposure(
          id: "steps", sources: ["steps"], phrase: "more steps", name: "steps",
          values: .numeric(steps)))
      outcomes.append(
        DayOutcome(
          id: "steps", sourceKey: "steps", name: "your step count", format: .grouped,
          values: steps))
    }
    if sleep.contains(where: { $0 != nil }) {
      exposures.append(
        DayExposure(
          id: "sleep", sources: ["sleep"], phrase: "more sleep", name: "sleep",
          values: .numeric(sleep)))
    }
  }

  /// The mood outcome on its own scale: when every state-of-mind answer came from number
  /// questions of one scale (a 1–10 "How happy are you?"), the day's mean answer on that scale;
  /// otherwise the day's mean valence, said to run from -1 to +1. Mapping valence back onto a
  /// scale is linear, so the rank tests give the same result either way.
  private mutating func addMood(_ valence: [Double?], questions: [Question]) {
    guard valence.contains(where: { $0 != nil }) else { return }
    let scales = Set(
      questions.map { question -> [Double] in
        let config = question.numberConfig
        return question.type == .number ? [config.minimum, config.maximum] : []
      })
    if scales.count == 1, let scale = scales.first, scale.count == 2 {
      let (minimum, maximum) = (scale[0], scale[1])
      let sorted = questions.sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) }
      let whose =
        sorted.count == 1
        ? "“\(sorted[0].prompt)”"
        : sorted.map { "“\($0.prompt)”" }.joined(
          separator: " and ")
      outcomes.append(
        DayOutcome(
          id: "mood", sourceKey: "mood", name: "your mood", format: .oneDecimal,
          scaleNote:
            "on the \(RatingScale(minimum: minimum, maximum: maximum)) scale of \(whose)",
          values: valence.map { value in
            value.map { minimum + ($0 + 1) / 2 * (maximum - minimum) }
          }))
      return
    }
    outcomes.append(
      DayOutcome(
        id: "mood", sourceKey: "mood", name: "your mood", format: .twoDecimals,
        scaleNote: "as mood valence from -1 to +1", values: valence))
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
      declare(label, owner: question.id)
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
      declare(label, owner: question.id)
      binary[label.id]?.present.insert(day)
    }
  }

  /// Adds the label when new, and `owner` to the questions it is answered under.
  private mutating func declare(_ label: (id: String, phrase: String, name: String), owner: String)
  {
    if binary[label.id] == nil {
      let meta = DayExposure(
        id: label.id, sources: [], phrase: label.phrase, name: label.name, values: .binary([]))
      binary[label.id] = (meta, [], [])
      binaryOrder.append(label.id)
    }
    binary[label.id]?.owners.insert(owner)
  }

  /// Each label is known on the days any of its questions was answered: present or absent.
  /// A token used under two questions counts on the days of both.
  private mutating func finishBinary() {
    for id in binaryOrder {
      guard var entry = binary[id]?.meta, let present = binary[id]?.present,
        let owners = binary[id]?.owners
      else { continue }
      let answered = owners.reduce(into: Set<Int>()) { $0.formUnion(answeredDays[$1] ?? []) }
      entry.sources = Set(owners.map { "question:\($0)" })
      entry.values = .binary(
        days.indices.map { answered.contains($0) ? present.contains($0) : nil })
      exposures.append(entry)
    }
  }
}
