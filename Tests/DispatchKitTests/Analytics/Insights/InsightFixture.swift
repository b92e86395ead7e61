import DispatchKit
import Foundation

/// Reports for the insights engines: two tokens questions, a yes/no question, a place question,
/// a state-of-mind question and two people questions, with steps, a Focus and ambient sound, one
/// report an hour from 2026-03-01.
struct InsightFixture {
  static let doing = Question(id: "q-doing", prompt: "Doing?", type: .tokens, sortOrder: 0)
  static let working = Question(id: "q-working", prompt: "Working?", type: .yesNo, sortOrder: 1)
  static let place = Question(
    id: "q-place", prompt: "Where are you?", type: .location, sortOrder: 2)
  static let mood = Question(
    id: "q-mood", prompt: "Mood?", type: .multipleChoice, sortOrder: 3, choices: ["Bad", "Good"],
    stateOfMindKind: "mood")
  static let eating = Question(id: "q-eating", prompt: "Eating?", type: .tokens, sortOrder: 4)
  static let with = Question(id: "q-with", prompt: "With?", type: .people, sortOrder: 5)
  static let met = Question(id: "q-met", prompt: "Met?", type: .people, sortOrder: 6)
  static let questions = [doing, working, place, mood, eating, with, met]

  private(set) var reports: [Report] = []

  /// Adds a report; `tokens` nil leaves the tokens question unanswered, `[]` answers it empty.
  mutating func add(
    tokens: [String]? = nil, steps: Double? = nil, working: String? = nil, place: String? = nil,
    mood: [String]? = nil, eating: [String]? = nil, with: [String]? = nil, met: [String]? = nil,
    focus: String? = nil, noise: Double? = nil, isDraft: Bool = false
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
    for (question, tokens) in [(Self.eating, eating), (Self.with, with), (Self.met, met)] {
      guard let tokens else { continue }
      var answer = response(question)
      answer.tokens = tokens.map { TokenValue(id: "t-\($0)", text: $0) }
      responses.append(answer)
    }
    var context = SensorContext()
    if let steps { context.health = [HealthReading(type: "steps", value: steps, unit: "count")] }
    if let focus { context.focus = FocusState(label: focus, isFocused: true) }
    if let noise { context.audio = AudioLevel(average: noise, peak: noise + 10) }
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
