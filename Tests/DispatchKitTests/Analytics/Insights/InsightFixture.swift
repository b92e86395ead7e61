import DispatchKit
import Foundation

/// Reports for the insights engines: a tokens question, a yes/no question, a place question
/// and a state-of-mind question, one report an hour from 2026-03-01.
struct InsightFixture {
  static let doing = Question(id: "q-doing", prompt: "Doing?", type: .tokens, sortOrder: 0)
  static let working = Question(id: "q-working", prompt: "Working?", type: .yesNo, sortOrder: 1)
  static let place = Question(
    id: "q-place", prompt: "Where are you?", type: .location, sortOrder: 2)
  static let mood = Question(
    id: "q-mood", prompt: "Mood?", type: .multipleChoice, sortOrder: 3, choices: ["Bad", "Good"],
    stateOfMindKind: "mood")
  static let questions = [doing, working, place, mood]

  private(set) var reports: [Report] = []

  /// Adds a report; `tokens` nil leaves the tokens question unanswered, `[]` answers it empty.
  mutating func add(
    tokens: [String]? = nil, steps: Double? = nil, working: String? = nil, place: String? = nil,
    mood: [String]? = nil, isDraft: Bool = false
  ) {
    let index = reports.count
    var responses: [Response] = []
    func response(_ question: Question) -> Response {
      Response(
        id: "r\(index)-\(question.id)", questionID: question.id, questionPrompt: question.prompt)
    }
    if let tokens {
      var answer = response(Self.doing)
      answer.tokens = tokens.map { TokenValue(id: "t-\($0)", text: $0) }
      responses.append(answer)
    }
    if let working {
      var answer = response(Self.working)
      answer.options = [working]
      responses.append(answer)
    }
    if let place {
      var answer = response(Self.place)
      answer.location = LocationAnswer(text: place)
      responses.append(answer)
    }
    if let mood {
      var answer = response(Self.mood)
      answer.options = mood
      responses.append(answer)
    }
    var context = SensorContext()
    if let steps { context.health = [HealthReading(type: "steps", value: steps, unit: "count")] }
    reports.append(
      Report(
        id: String(format: "report-%04d", index),
        date: Instant(milliseconds: 1_772_323_200_000 + Int64(index) * 3_600_000),
        timeZoneIdentifier: "UTC", utcOffsetSeconds: 0, isDraft: isDraft, context: context,
        responses: responses))
  }

  func insights() -> [Insight] {
    InsightsEngine.compute(reports: reports, questions: Self.questions, people: [])
  }
}
