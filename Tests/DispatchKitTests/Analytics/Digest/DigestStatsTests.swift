import DispatchKit
import Foundation
import Testing

/// The digest against docs/insights.md#reference-vectors, word for word.
struct DigestStatsTests {
  static let utc = TimeZone(identifier: "UTC") ?? .current
  static let weekEnding = Instant(milliseconds: 1_781_524_800_000)
  static let doing = Question(id: "q-doing", prompt: "Doing?", type: .tokens)
  static let company = Question(id: "q-company", prompt: "With?", type: .people, sortOrder: 1)
  static let place = Question(id: "q-place", prompt: "Where?", type: .location, sortOrder: 2)
  static let coffees = Question(id: "q-coffees", prompt: "Coffees?", type: .number, sortOrder: 3)
  static let happy = Question(
    id: "q-happy", prompt: "Happy?", type: .yesNo, sortOrder: 4, stateOfMindKind: "happiness")
  static let questions = [doing, company, place, coffees, happy]

  /// A report at `day` days after 2026-06-01 noon UTC.
  static func report(
    day: Int, tokens: [String] = [], people: [String] = [], place: String? = nil,
    coffees: String? = nil, happy: String? = nil, health: [HealthReading] = []
  ) -> Report {
    var responses: [Response] = []
    let id = "report-\(day)"
    func response(_ question: Question) -> Response {
      Response(id: "\(id)-\(question.id)", questionID: question.id, questionPrompt: question.prompt)
    }
    if !tokens.isEmpty {
      var answer = response(doing)
      answer.tokens = tokens.map { TokenValue(id: $0, text: $0) }
      responses.append(answer)
    }
    if !people.isEmpty {
      var answer = response(company)
      answer.tokens = people.map { TokenValue(id: $0, text: $0) }
      responses.append(answer)
    }
    if let place {
      var answer = response(Self.place)
      answer.location = LocationAnswer(text: place)
      responses.append(answer)
    }
    if let coffees {
      var answer = response(Self.coffees)
      answer.number = coffees
      responses.append(answer)
    }
    if let happy {
      var answer = response(Self.happy)
      answer.options = [happy]
      responses.append(answer)
    }
    var context = SensorContext()
    context.health = health
    return Report(
      id: id, date: Instant(milliseconds: 1_780_315_200_000 + Int64(day) * 86_400_000),
      timeZoneIdentifier: "UTC", utcOffsetSeconds: 0, context: context, responses: responses)
  }

  static func workout(_ type: String, seconds: Double, start: Int64) -> HealthReading {
    HealthReading(
      type: "workout.\(type)", value: seconds, unit: "s",
      startDate: Instant(milliseconds: start), isFromAppleHealth: true)
  }

  static var fixture: [Report] {
    let run = workout("37", seconds: 1800, start: 1_781_300_000_000)
    return [
      // The week before: two reports, one happy.
      report(day: 2, tokens: ["Reading"], happy: "Yes"),
      report(day: 4),
      // This week, 2026-06-09 to 06-15: three reports on its last three days.
      report(
        day: 12, tokens: ["Working", "Reading"], people: ["Sarah"], place: "Home", coffees: "2",
        happy: "No", health: [HealthReading(type: "steps", value: 4000, unit: "count"), run]),
      report(
        day: 13, tokens: ["Working"], people: ["Sarah", "Alex"], place: "Office", coffees: "4",
        happy: "No",
        health: [
          HealthReading(type: "steps", value: 6000, unit: "count"), run,
          workout("13", seconds: 900, start: 1_781_400_000_000),
        ]),
      report(day: 14, tokens: ["Working"]),
    ]
  }

  @Test func `the template summary of a week`() {
    let stats = DigestStats.compute(
      reports: Self.fixture, questions: Self.questions, people: [], period: .week,
      ending: Self.weekEnding, zone: Self.utc)
    #expect(
      stats.summary
        == "You filed 3 reports this week, 1 more than the week before. Your most frequent answers were Working (3), Reading (1). You mentioned Sarah (2), Alex (1) most often. Top places: Home (1), Office (1). Your mood trended down from the week before. You logged 10,000 steps and 2 workouts. Your report streak stands at 3 days."
    )
    #expect(stats.valenceAverage == -0.5)
    #expect(stats.priorValenceAverage == 0.5)
    #expect(stats.workoutSeconds == 2700)
    #expect(stats.numericAverages == [.init(prompt: "Coffees?", mean: 3.0, count: 2)])
    #expect(stats.window.start.iso8601 == "2026-06-09T00:00:00.000Z")
    #expect(stats.window.end.iso8601 == "2026-06-16T00:00:00.000Z")
  }

  @Test func `a week with no data`() {
    let stats = DigestStats.compute(
      reports: [], questions: Self.questions, people: [], period: .week, ending: Self.weekEnding,
      zone: Self.utc)
    #expect(stats.summary == "You filed 0 reports this week, the same as the week before.")
  }

  @Test(arguments: [
    (DigestPeriod.month, "2026-05-16T00:00:00.000Z", "2026-04-16T00:00:00.000Z"),
    (.quarter, "2026-03-16T00:00:00.000Z", "2025-12-16T00:00:00.000Z"),
  ])
  func `months and quarters go back in calendar months`(
    period: DigestPeriod, start: String, priorStart: String
  ) {
    let window = period.window(ending: Self.weekEnding, zone: Self.utc)
    #expect(window.start.iso8601 == start)
    #expect(window.end.iso8601 == "2026-06-16T00:00:00.000Z")
    #expect(period.prior(window, zone: Self.utc).start.iso8601 == priorStart)
  }

  @Test func `first reports and fewer reports are said so`() {
    let first = DigestStats.compute(
      reports: [Self.report(day: 13)], questions: Self.questions, people: [], period: .week,
      ending: Self.weekEnding, zone: Self.utc)
    #expect(
      first.summary.hasPrefix("You filed 1 report this week, your first reports in two weeks."))
    let fewer = DigestStats.compute(
      reports: [Self.report(day: 2), Self.report(day: 3), Self.report(day: 13)],
      questions: Self.questions, people: [], period: .week, ending: Self.weekEnding, zone: Self.utc)
    #expect(fewer.summary.hasPrefix("You filed 1 report this week, 1 fewer than the week before."))
  }

  @Test func `a streak counts back from the last day, or the day before it`() {
    let reports = [10, 11, 13, 14].map { Self.report(day: $0) }
    let day14 = Instant(milliseconds: 1_780_315_200_000 + 14 * 86_400_000)
    #expect(ReportStreak.days(reports, today: day14, zone: Self.utc) == 2)
    #expect(ReportStreak.days(reports, today: day14.adding(seconds: 86_400), zone: Self.utc) == 2)
    #expect(
      ReportStreak.days(reports, today: day14.adding(seconds: 2 * 86_400), zone: Self.utc) == 0)
  }
}
