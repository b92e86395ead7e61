import DispatchKit
import Foundation

/// Reports for the day-level engine: two tokens questions, a number question "Energy?", a
/// state-of-mind question (Bad −1, Okay 0, Good +1) and a state-of-mind number question "Happy?"
/// on a 1–10 slider, reports placed on chosen days from 2026-03-01 (UTC, a Sunday: day d is
/// weekday d mod 7 from Sunday), and direct records on the same days.
struct DayLevelFixture {
  static let doing = Question(id: "q-doing", prompt: "Doing?", type: .tokens, sortOrder: 0)
  static let energy = Question(id: "q-energy", prompt: "Energy?", type: .number, sortOrder: 1)
  static let mood = Question(
    id: "q-mood", prompt: "Mood?", type: .multipleChoice, sortOrder: 2,
    choices: ["Bad", "Okay", "Good"], stateOfMindKind: "mood")
  static let reading = Question(id: "q-reading", prompt: "Reading?", type: .tokens, sortOrder: 3)
  static let happy = Question(
    id: "q-happy", prompt: "Happy?", type: .number, sortOrder: 4, inputStyle: .slider,
    inputMinimum: 1, inputMaximum: 10, inputStep: 1, stateOfMindKind: "mood")
  static let questions = [doing, energy, mood, reading, happy]

  private(set) var reports: [Report] = []

  /// A report on `day` (0 = 2026-03-01) at `hour` UTC; nil leaves a question unanswered.
  mutating func add(
    day: Int, hour: Int = 12, tokens: [String]? = nil, energy: Double? = nil,
    mood: String? = nil, steps: Double? = nil, reading: [String]? = nil, happy: Double? = nil
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
    if let energy {
      var answer = response(Self.energy)
      answer.number = String(energy)
      responses.append(answer)
    }
    if let mood {
      var answer = response(Self.mood)
      answer.options = [mood]
      responses.append(answer)
    }
    if let reading {
      var answer = response(Self.reading)
      answer.tokens = reading.map { TokenValue(id: "t-\($0)", text: $0) }
      responses.append(answer)
    }
    if let happy {
      var answer = response(Self.happy)
      answer.number = String(happy)
      responses.append(answer)
    }
    var context = SensorContext()
    if let steps { context.health = [HealthReading(type: "steps", value: steps, unit: "count")] }
    let milliseconds =
      1_772_323_200_000 + Int64(day) * 86_400_000 + Int64(hour) * 3_600_000 + Int64(index)
    reports.append(
      Report(
        id: String(format: "report-%05d", index), date: Instant(milliseconds: milliseconds),
        timeZoneIdentifier: "UTC", utcOffsetSeconds: 0, context: context, responses: responses))
  }

  /// Direct records: ratings, activities of "Gym" and "Reading", doses of "Vitamin D", stress.
  var records = DayLevelRecords(
    activityDefinitions: [
      ActivityDefinition(id: "a-gym", name: "Gym", sortOrder: 0),
      ActivityDefinition(id: "a-reading", name: "Reading", sortOrder: 1),
    ],
    medications: [Medication(id: "m-vitamin-d", name: "Vitamin D")])

  /// A record's time on `day` at `hour` UTC.
  static func time(day: Int, hour: Int = 12) -> RecordTime {
    RecordTime(
      Instant(milliseconds: 1_772_323_200_000 + Int64(day) * 86_400_000 + Int64(hour) * 3_600_000),
      timeZoneIdentifier: "UTC", utcOffsetSeconds: 0)
  }

  mutating func rate(
    day: Int, _ kind: RatingKind, _ rating: Double, scale: RatingScale = .mood, hour: Int = 12
  ) {
    records.ratings.append(
      RatingRecord(
        id: "rating-\(records.ratings.count)", kind: kind, time: Self.time(day: day, hour: hour),
        rating: rating, scale: scale))
  }

  mutating func activity(day: Int, _ definitionID: String) {
    records.activities.append(
      ActivityRecord(
        id: "activity-\(records.activities.count)", definitionID: definitionID,
        start: Self.time(day: day, hour: 7)))
  }

  mutating func dose(day: Int, _ medicationID: String = "m-vitamin-d") {
    records.doses.append(
      MedicationDose(
        id: "dose-\(records.doses.count)", medicationID: medicationID,
        time: Self.time(day: day, hour: 8)))
  }

  mutating func stress(day: Int, _ overall: Int) {
    records.stressCheckIns.append(
      StressCheckIn(
        id: "stress-\(records.stressCheckIns.count)", time: Self.time(day: day, hour: 20),
        overall: .rated(overall)))
  }

  func result() -> DayLevelResult {
    DayLevelEngine.compute(
      reports: reports, questions: Self.questions, people: [], records: records)
  }
}
