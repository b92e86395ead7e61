import DispatchKit

/// A deterministic synthetic history: reports answering the seven default questions, with
/// sensor context, about five a day.
enum SyntheticHistory {
  static let activities = ["coding", "email", "reading", "cooking", "walking", "meeting", "gym"]
  static let people = ["Alice", "Bob", "Carmen", "Dev", "Emma"]
  static let places = ["Home", "Office", "Café", "Gym", "Park"]

  /// `count` reports starting 2024-01-01, ascending, each with seven responses.
  static func reports(count: Int, questions: [Question]) -> [Report] {
    var random = SplitMix64(seed: 42)
    let start = Instant(milliseconds: 1_704_096_000_000)  // 2024-01-01T08:00:00Z
    var reports: [Report] = []
    reports.reserveCapacity(count)
    for index in 0..<count {
      let minutes = Int64(index) * 288 + Int64(random.next() % 120)
      let date = Instant(milliseconds: start.milliseconds + minutes * 60_000)
      let id = "bench-report-\(index)"
      let responses = questions.enumerated().map { offset, question in
        response(question, id: "\(id)-\(offset)", random: &random)
      }
      var context = SensorContext(
        battery: Double(random.next() % 100) / 100, connection: Int(random.next() % 3))
      context.health = [
        HealthReading(type: "steps", value: Double(random.next() % 12_000), unit: "count")
      ]
      context.audio = AudioLevel(average: -60 + Double(random.next() % 40), peak: -20)
      reports.append(
        Report(
          id: id, date: date, timeZoneIdentifier: "America/New_York", utcOffsetSeconds: -18_000,
          trigger: .notification, context: context, responses: responses))
    }
    return reports
  }

  private static func response(_ question: Question, id: String, random: inout SplitMix64)
    -> Response
  {
    var response = Response(id: id, questionID: question.id, questionPrompt: question.prompt)
    switch question.type {
    case .yesNo: response.options = [random.next() % 2 == 0 ? "Yes" : "No"]
    case .multipleChoice:
      response.options = [question.choices.randomElement(using: &random) ?? "OK"]
    case .tokens:
      response.tokens = [TokenValue(id: id + "-t", text: activities[Int(random.next() % 7)])]
    case .people:
      response.tokens = [TokenValue(id: id + "-p", text: people[Int(random.next() % 5)])]
    case .location: response.location = LocationAnswer(text: places[Int(random.next() % 5)])
    case .number: response.number = String(random.next() % 5)
    case .note: response.notes = [TokenValue(id: id + "-n", text: "note \(random.next() % 1000)")]
    case .time: response.time = TimeAnswer(minutes: Int(random.next() % 1440))
    }
    return response
  }

  /// A store at `path` holding `count` synthetic reports.
  static func makeStore(at path: String, count: Int) throws -> DispatchStore {
    let store = try DispatchStore(path: path, access: .write)
    try store.questions.seedDefaultQuestionsIfEmpty()
    let regular = try store.questions.list().filter { $0.appears(in: .regular) }
    try store.reports.fileAll(reports(count: count, questions: regular))
    return store
  }
}
