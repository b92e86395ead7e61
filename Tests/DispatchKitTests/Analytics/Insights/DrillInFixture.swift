import DispatchKit
import Foundation

/// Reports for the drill-in: a yes/no, a people, a place, a number and a tokens question, one
/// report a day from 2026-03-01 at a chosen UTC hour (09:00, morning, by default).
struct DrillInFixture {
  static let working = Question(id: "q-working", prompt: "Working?", type: .yesNo, sortOrder: 0)
  static let who = Question(id: "q-who", prompt: "Who with?", type: .people, sortOrder: 1)
  static let place = Question(id: "q-place", prompt: "Where?", type: .location, sortOrder: 2)
  static let coffees = Question(id: "q-coffees", prompt: "Coffees?", type: .number, sortOrder: 3)
  static let doing = Question(id: "q-doing", prompt: "Doing?", type: .tokens, sortOrder: 4)
  static let questions = [working, who, place, coffees, doing]

  private(set) var reports: [Report] = []

  /// Adds a report answering the questions given; sleep is in hours, recorded in seconds.
  mutating func add(
    working: String? = nil, who: [String]? = nil, place: String? = nil, coffees: Double? = nil,
    doing: [String]? = nil, sleepHours: Double? = nil, steps: Double? = nil, hour: Int = 9
  ) {
    let index = reports.count
    var responses: [Response] = []
    func response(_ question: Question) -> Response {
      Response(
        id: "r\(index)-\(question.id)", questionID: question.id, questionPrompt: question.prompt)
    }
    if let working {
      var answer = response(Self.working)
      answer.options = [working]
      responses.append(answer)
    }
    if let who {
      var answer = response(Self.who)
      answer.tokens = who.map { TokenValue(id: "p-\($0)", text: $0) }
      responses.append(answer)
    }
    if let place {
      var answer = response(Self.place)
      answer.location = LocationAnswer(text: place)
      responses.append(answer)
    }
    if let coffees {
      var answer = response(Self.coffees)
      answer.number = String(coffees)
      responses.append(answer)
    }
    if let doing {
      var answer = response(Self.doing)
      answer.tokens = doing.map { TokenValue(id: "t-\($0)", text: $0) }
      responses.append(answer)
    }
    var context = SensorContext()
    if let sleepHours {
      context.health.append(HealthReading(type: "sleepAsleep", value: sleepHours * 3600, unit: "s"))
    }
    if let steps {
      context.health.append(HealthReading(type: "steps", value: steps, unit: "count"))
    }
    let day: Int64 = 86_400_000
    reports.append(
      Report(
        id: String(format: "report-%04d", index),
        date: Instant(
          milliseconds: 1_772_323_200_000 + Int64(index) * day + Int64(hour) * 3_600_000),
        timeZoneIdentifier: "UTC", utcOffsetSeconds: 0, context: context, responses: responses))
  }

  func drillIn(_ question: Question) -> DrillIn {
    DrillInEngine.compute(
      question: question, reports: reports, questions: Self.questions, people: [])
  }
}
