import DispatchCore

/// Turns filed reports into the global engine's signals (docs/insights.md#global-engine-rules): one
/// categorical signal per yes/no question, choice, token, person, place, weather condition,
/// Focus label and "log a workout"; one numeric signal per number question, steps, flights,
/// ambient sound, mood valence and workout minutes.
struct InsightSignalBuilder {
  let reports: [Report]
  private let answers: AnswerResolver

  private var categorical: [String: CategoricalSignal] = [:]
  private var categoricalOrder: [String] = []
  /// Reports answering each question, for signals whose eligibility is "the owning questions
  /// were answered" (tokens, people, places).
  private var answering: [String: ReportSet] = [:]
  /// The questions each token, person or place signal was answered in.
  private var owners: [String: Set<String>] = [:]
  /// Reports with any weather condition, and with any Focus state: the eligible reports of
  /// the weather and Focus signals.
  var weatherReports: ReportSet
  var focusReports: ReportSet
  private var numeric: [String: NumericSignal] = [:]
  private var numericOrder: [String] = []

  /// `reports` must be the filed (non-draft) reports in engine order.
  init(reports: [Report], questions: [Question], people: [Person]) {
    self.reports = reports
    weatherReports = ReportSet(capacity: reports.count)
    focusReports = weatherReports
    answers = AnswerResolver(questions: questions, people: people)
  }

  /// Every signal, in the order first seen.
  mutating func build() -> (categorical: [CategoricalSignal], numeric: [NumericSignal]) {
    for (index, report) in reports.enumerated() {
      var valence: [Double] = []
      for response in report.responses where !response.isSkipped {
        guard let question = answers.question(of: response) else { continue }
        answering[question.id, default: ReportSet(capacity: reports.count)].insert(index)
        add(response, of: question, at: index)
        if question.stateOfMindKind != nil {
          valence += StateOfMindValence.values(of: response, question: question)
        }
      }
      if !valence.isEmpty {
        setNumber(
          InsightSignalBuilder.valenceSignal, valence.reduce(0, +) / Double(valence.count),
          at: index)
      }
      addContext(of: report, at: index)
    }
    resolveOwnedEligibility()
    for id in categoricalOrder {
      if id.hasPrefix("weather:") { categorical[id]?.eligible = weatherReports }
      if id.hasPrefix("focus:") { categorical[id]?.eligible = focusReports }
    }
    return (
      categoricalOrder.compactMap { categorical[$0] }, numericOrder.compactMap { numeric[$0] }
    )
  }

  private static func sourceKey(_ question: Question) -> String {
    question.stateOfMindKind != nil ? "mood" : "question:\(question.id)"
  }

  /// Records the categorical or numeric signals one answer carries.
  private mutating func add(_ response: Response, of question: Question, at index: Int) {
    let source = Self.sourceKey(question)
    let prompt = "“\(question.prompt)”"
    switch question.type {
    case .yesNo:
      guard let options = response.options, !options.isEmpty else { return }
      let yes = question.effectiveChoices.first ?? "Yes"
      let phrase = "answer \(yes) to \(prompt)"
      let id = "yesno:\(question.id)"
      addOwned(id, source: source, verb: phrase, context: "when you \(phrase)", question: question)
      if options.contains(yes) { categorical[id]?.present.insert(index) }
    case .multipleChoice:
      for choice in Set(response.options ?? []) {
        let phrase = "answer “\(choice)” to \(prompt)"
        let id = "choice:\(question.id):\(choice)"
        addOwned(
          id, source: source, verb: phrase, context: "when you \(phrase)", question: question)
        categorical[id]?.present.insert(index)
      }
    case .tokens:
      // The tokens, people and places of one question are one source, like its choices: two
      // answers to the same question never pair (docs/insights.md#global-engine-rules).
      for token in response.tokens ?? [] where !token.text.isEmpty {
        let id = "token:\(token.text.lowercased())"
        let phrase = "mention “\(token.text)”"
        addOwned(
          id, source: source, verb: phrase, context: "when you \(phrase)", question: question)
        categorical[id]?.present.insert(index)
      }
    case .people:
      for token in response.tokens ?? [] where !token.text.isEmpty {
        let name = answers.personName(token.text)
        let id = "person:\(name)"
        addOwned(
          id, source: source, verb: "see \(name)", context: "when you see \(name)",
          question: question)
        categorical[id]?.present.insert(index)
      }
    case .location:
      guard let place = response.location, let (key, name) = Self.placeKey(place) else { return }
      let id = "place:\(key)"
      addOwned(id, source: source, verb: nil, context: "at \(name)", question: question)
      categorical[id]?.present.insert(index)
    case .number:
      guard let value = response.numericValue, value.isFinite else { return }
      let signal = NumericSignal(
        id: "number:\(question.id)", sourceKey: source, noun: nil,
        subject: "Your answer to \(prompt)", format: .oneDecimal, values: [],
        defined: ReportSet(capacity: reports.count))
      setNumber(signal, value, at: index)
    case .note, .time:
      return
    }
  }

  /// A place's key and name: by venue, else by its text; "Unknown place" for a venue without
  /// text.
  private static func placeKey(_ place: LocationAnswer) -> (String, String)? {
    guard let name = AnswerResolver.placeName(place) else { return nil }
    if let venue = place.venueID, !venue.isEmpty { return ("venue:\(venue)", name) }
    return place.text?.isEmpty == false ? ("text:\(name)", name) : nil
  }

  /// A signal whose eligible reports are those answering its questions, and whose sources are
  /// theirs.
  private mutating func addOwned(
    _ id: String, source: String, verb: String?, context: String, question: Question
  ) {
    addCategorical(id, source: source, verb: verb, context: context)
    categorical[id]?.sources.insert(source)
    owners[id, default: []].insert(question.id)
  }

  mutating func addCategorical(_ id: String, source: String, verb: String?, context: String) {
    guard categorical[id] == nil else { return }
    categorical[id] = CategoricalSignal(
      id: id, sources: [source], verbPhrase: verb, contextPhrase: context,
      present: ReportSet(capacity: reports.count), eligible: ReportSet(capacity: reports.count))
    categoricalOrder.append(id)
  }

  mutating func markPresent(_ id: String, at index: Int) {
    categorical[id]?.present.insert(index)
  }

  mutating func markEligible(_ id: String, at index: Int) {
    categorical[id]?.eligible.insert(index)
  }

  /// Sets a report's value of `signal`, adding the signal when new.
  mutating func setNumber(_ signal: NumericSignal, _ value: Double, at index: Int) {
    if numeric[signal.id] == nil {
      var fresh = signal
      fresh.values = Array(repeating: 0, count: reports.count)
      fresh.defined = ReportSet(capacity: reports.count)
      numeric[signal.id] = fresh
      numericOrder.append(signal.id)
    }
    numeric[signal.id]?.values[index] = value
    numeric[signal.id]?.defined.insert(index)
  }

  /// Eligibility of answer signals: every report answering one of the signal's questions.
  private mutating func resolveOwnedEligibility() {
    let empty = ReportSet(capacity: reports.count)
    for (id, questions) in owners {
      var eligible = categorical[id]?.eligible ?? empty
      for question in questions { eligible.formUnion(answering[question] ?? empty) }
      categorical[id]?.eligible = eligible
    }
  }
}
