import DispatchKit
import Foundation
import Testing

/// An ID source the demo must never use: its IDs come from the seed, not from the store.
private struct RefusingIDs: IDGenerator {
  func makeID() -> String {
    Issue.record("the demo history drew an ID from the store's generator")
    return "unexpected"
  }
}

/// The store `dispatch demo` builds: deterministic, six months long, every question type,
/// correct zones and offsets around DST and travel, plausible and correlated answers.
///
/// The demo is built once for the suite (a debug build takes seconds to make it) and only read,
/// one test at a time; the tests that need another build make their own.
@Suite(.serialized) struct DemoHistoryTests {
  nonisolated(unsafe) private static let built = Result {
    () throws -> (DispatchStore, DemoSummary, [Report]) in
    let store = try makeStore()
    let summary = try DemoHistory.populate(store)
    return (store, summary, try store.reports.list())
  }

  let store: DispatchStore
  let summary: DemoSummary
  let reports: [Report]

  init() throws {
    (store, summary, reports) = try Self.built.get()
  }

  private static func makeStore() throws -> DispatchStore {
    try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_512_000_000)), ids: RefusingIDs()))
  }

  private func question(_ prompt: String) throws -> Question {
    try #require(try store.questions.list().first { $0.prompt == prompt })
  }

  private func answers(to prompt: String) throws -> [(report: Report, response: Response)] {
    let question = try question(prompt)
    return reports.compactMap { report in
      report.response(to: question).flatMap { $0.isSkipped ? nil : (report, $0) }
    }
  }

  // MARK: - Determinism

  @Test func sameConfigurationGivesIdenticalStores() throws {
    let other = try Self.makeStore()
    let otherSummary = try DemoHistory.populate(other)
    #expect(otherSummary == summary)
    #expect(try other.reports.list() == reports)
    #expect(try other.questions.list() == store.questions.list())
    #expect(try other.people.list() == store.people.list())
    #expect(try other.prompts.promptGroups() == store.prompts.promptGroups())
  }

  @Test func differentSeedGivesDifferentContent() throws {
    let other = try Self.makeStore()
    _ = try DemoHistory.populate(other, configuration: DemoConfiguration(seed: 7))
    let otherReports = try other.reports.list()
    #expect(otherReports != reports)
    #expect(Set(otherReports.map(\.id)).isDisjoint(with: reports.map(\.id)))
    #expect(otherReports.map(\.date) != reports.map(\.date))
  }

  @Test func refusesAStoreThatHoldsData() throws {
    #expect(throws: DispatchError.self) { try DemoHistory.populate(store) }
    #expect(try store.reports.list().count == reports.count)
  }

  // MARK: - Shape

  @Test func spansSixMonthsWithSeveralReportsADay() throws {
    let span = summary.lastReport.milliseconds - summary.firstReport.milliseconds
    #expect(span >= 182 * 86_400_000)
    #expect(summary.days == 189)
    #expect(summary.reports == reports.count)
    #expect(Double(summary.reports) / Double(summary.days) >= 5)
    var regularByDay: [String: Int] = [:]
    for report in reports where report.kind == .regular && report.promptGroupID == nil {
      regularByDay[report.localTime.dateText, default: 0] += 1
    }
    #expect(regularByDay.count == summary.days)
    #expect(regularByDay.values.allSatisfy { (3...6).contains($0) })
    #expect(
      summary.regularReports + summary.wakeReports + summary.sleepReports
        + summary.promptGroupReports == summary.reports)
  }

  @Test func everyDayHasAWakeAndASleepReport() throws {
    #expect(summary.wakeReports == summary.days)
    #expect(summary.sleepReports == summary.days)
    let sleep = try question("How did you sleep?")
    for report in reports where report.kind == .wake {
      #expect(report.trigger == .wake)
      #expect(report.response(to: sleep) != nil)
    }
    let wakeDays = Set(reports.filter { $0.kind == .wake }.map(\.localTime.dateText))
    #expect(wakeDays.count == summary.days)
    let water = try question("Glasses of water?")
    #expect(reports.contains { $0.kind == .sleep && $0.response(to: water)?.numericValue != nil })
  }

  @Test func answersEveryQuestionTypeAndNumberStyle() throws {
    for type in QuestionType.allCases {
      #expect((summary.answeredByType[type] ?? 0) > 0, "no answers of type \(type.caseName)")
    }
    let numbers = try store.questions.list().filter { $0.type == .number }
    let styles = Set(numbers.map { $0.inputStyle ?? .textField })
    #expect(styles == Set(NumberInputStyle.allCases))
    for question in numbers {
      let answered = reports.compactMap { $0.response(to: question)?.numericValue }
      #expect(!answered.isEmpty, "'\(question.prompt)' has no answers")
      let config = question.numberConfig
      #expect(answered.allSatisfy { $0 >= config.minimum && $0 <= config.maximum })
    }
    let feelings = try answers(to: "How do you feel right now?")
    #expect(feelings.contains { ($0.response.options ?? []).count > 1 })
    #expect(try store.questions.list().count == summary.questions)
    #expect(summary.questions == 16)
    #expect(
      try store.prompts.promptGroups().map(\.name) == ["Evening reflection", "Workout check-in"])
  }

  @Test func skipsAboutOneAnswerInTen() {
    let ratio = Double(summary.skippedResponses) / Double(summary.responses)
    #expect((0.05...0.2).contains(ratio))
    #expect(
      reports.allSatisfy { report in
        report.responses.allSatisfy { $0.questionID != nil }
      })
  }

  // MARK: - Time zones

  @Test func everyOffsetIsRightForItsZoneAndInstant() throws {
    #expect(summary.timeZones == ["America/New_York", "Europe/Lisbon"])
    for report in reports {
      let zone = try #require(TimeZone(identifier: report.timeZoneIdentifier))
      #expect(zone.secondsFromGMT(for: report.date.date) == report.utcOffsetSeconds)
    }
  }

  @Test func localTimesHoldAcrossTheUSDSTChange() throws {
    let newYork = reports.filter { $0.timeZoneIdentifier == "America/New_York" }
    func newYorkReports(on day: String) -> [Report] {
      newYork.filter { $0.localTime.dateText == day }
    }
    #expect(!newYorkReports(on: "2026-03-07").isEmpty)
    #expect(newYorkReports(on: "2026-03-07").allSatisfy { $0.utcOffsetSeconds == -18_000 })
    #expect(!newYorkReports(on: "2026-03-09").isEmpty)
    #expect(newYorkReports(on: "2026-03-09").allSatisfy { $0.utcOffsetSeconds == -14_400 })
    // Weekday wake-ups stay at 07:xx local time; in UTC they move an hour earlier.
    let before = ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"]
    let after = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"]
    for (days, utcHour) in [(before, 12), (after, 11)] {
      for day in days {
        let wake = try #require(newYorkReports(on: day).first { $0.kind == .wake })
        #expect(wake.localTime.hour == 7)
        #expect(CivilTime(milliseconds: wake.date.milliseconds, offsetSeconds: 0).hour == utcHour)
      }
    }
  }

  @Test func theTripAbroadCarriesItsZoneAcrossLisbonsDSTChange() throws {
    let lisbon = reports.filter { $0.timeZoneIdentifier == "Europe/Lisbon" }
    let days = Set(lisbon.map(\.localTime.dateText))
    #expect((9...11).contains(days.count))
    #expect(lisbon.contains { $0.localTime.dateText == "2026-03-27" && $0.utcOffsetSeconds == 0 })
    #expect(
      lisbon.contains { $0.localTime.dateText == "2026-03-30" && $0.utcOffsetSeconds == 3600 })
    #expect(
      lisbon.allSatisfy { $0.context.location.map { $0.placemark?.country == "Portugal" } ?? true })
    let places = try answers(to: "Where are you?").filter {
      $0.report.timeZoneIdentifier == "Europe/Lisbon"
    }
    #expect(places.contains { $0.response.location?.text == "Time Out Market" })
  }

  // MARK: - People, places, context

  @Test func peopleAndPlacesAreInTheRegistryAndVocabulary() throws {
    let people = try store.people.list().map(\.displayName)
    for name in ["Alice", "Bob", "José García", "Maya", "Tomás Ferreira"] {
      #expect(people.contains(name))
    }
    #expect(summary.people == people.count)
    let places = try store.people.suggestions(for: .location, matching: "", limit: 100)
    for name in ["Home", "Office", "Café Lumen", "Gym", "Lisbon Airport"] {
      #expect(places.contains(name))
    }
    #expect(summary.places == places.count)
    #expect(try store.people.suggestions(for: .tokens, matching: "gy", limit: 3).contains("gym"))
    for (_, response) in try answers(to: "Where are you?") {
      let location = try #require(response.location?.location)
      #expect(location.latitude != nil && location.longitude != nil)
      #expect(location.placemark?.locality != nil)
    }
  }

  @Test func everyReportCarriesSensorContext() throws {
    for report in reports {
      let context = report.context
      #expect(context.battery.map { (0...1).contains($0) } == true)
      #expect(context.connection != nil)
      let audio = try #require(context.audio)
      #expect(audio.average <= audio.peak && audio.peak <= 0)
      #expect(context.health.contains { $0.type == "steps" && $0.unit == "count" })
    }
    let located = reports.filter { $0.context.location != nil }
    #expect(Double(located.count) / Double(reports.count) > 0.95)
    #expect(located.allSatisfy { $0.context.weather?.condition != nil })
    let weather = try #require(located.first?.context.weather)
    #expect(weather.tempC != nil && weather.tempF != nil && weather.relativeHumidity != nil)
    #expect(weather.windKPH != nil && weather.windDirection != nil)
    #expect(reports.contains { $0.context.health.contains { $0.type == "heartRateAvg" } })
    #expect(summary.photos > 0)
    #expect(reports.contains { $0.context.focus?.label == "Work" })
    #expect(Set(reports.compactMap(\.context.connectionType)).isSuperset(of: [.wifi, .wired]))
  }

  // MARK: - Correlations for the insights to find

  @Test func answersAreCorrelated() throws {
    func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(values.count, 1)) }
    let dayKinds = Dictionary(
      try answers(to: "What kind of day is it?").map {
        ($0.report.localTime.dateText, $0.response.options?.first ?? "")
      }, uniquingKeysWith: { first, _ in first })
    let coffees = try answers(to: "How many coffees did you have today?")
    let workdayCoffee = coffees.filter { dayKinds[$0.report.localTime.dateText] == "Workday" }
    let weekendCoffee = coffees.filter { dayKinds[$0.report.localTime.dateText] == "Weekend" }
    #expect(
      mean(workdayCoffee.compactMap(\.response.numericValue))
        > mean(weekendCoffee.compactMap(\.response.numericValue)) + 0.5)

    // Step readings count since the previous report, so a day's steps are their sum.
    let sleepSteps = DayFigure.steps.dayValues(of: reports).map { day, steps in
      (CivilTime(milliseconds: Int64(day) * 86_400_000, offsetSeconds: 0).dateText, steps)
    }
    let gymDays = Set(
      try answers(to: "What are you doing?").filter {
        $0.response.tokens?.contains { $0.text == "gym" } == true
      }.map(\.report.localTime.dateText))
    #expect(gymDays.count > 30)
    #expect(
      mean(sleepSteps.filter { gymDays.contains($0.0) }.map(\.1))
        > mean(sleepSteps.filter { !gymDays.contains($0.0) }.map(\.1)) + 2000)

    let company = try question("Who are you with?")
    let happiness = try answers(to: "How happy are you?").filter { $0.report.kind == .regular }
    let withFriends = happiness.filter { pair in
      pair.report.response(to: company)?.tokens?.contains { $0.text == "José García" } == true
    }
    let alone = happiness.filter { $0.report.response(to: company)?.isSkipped ?? true }
    #expect(!withFriends.isEmpty && !alone.isEmpty)
    #expect(
      mean(withFriends.compactMap(\.response.numericValue))
        > mean(alone.compactMap(\.response.numericValue)) + 1)

    let working = try question("Are you working?")
    let atOffice = try answers(to: "Where are you?").filter {
      $0.response.location?.text == "Office"
    }
    #expect(atOffice.count > 100)
    #expect(atOffice.allSatisfy { $0.report.localTime.isoWeekday <= 5 })
    let officeWork = atOffice.compactMap { $0.report.response(to: working)?.options?.first }
    #expect(Double(officeWork.filter { $0 == "Yes" }.count) / Double(officeWork.count) > 0.7)
  }
}

/// Ranges other than the default: refused when unusable, complete when short.
struct DemoConfigurationTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_512_000_000)), ids: RefusingIDs()))
  }

  @Test(arguments: [
    ("2026-02-30", "2026-07-12"), ("2026-07-12", "2026-01-05"), ("soon", "later"),
    ("2026-1-05", "2026-07-12"), ("2016-01-01", "2026-07-12"),
  ])
  func refusesAnUnusableRange(start: String, end: String) throws {
    let configuration = DemoConfiguration(startDay: start, endDay: end)
    #expect(throws: DispatchError.self) {
      try DemoHistory.populate(store, configuration: configuration)
    }
    #expect(try store.maintenance.counts().questions == 0)
  }

  @Test func aSingleDayIsACompleteDay() throws {
    let configuration = DemoConfiguration(startDay: "2026-07-01", endDay: "2026-07-01")
    let summary = try DemoHistory.populate(store, configuration: configuration)
    #expect(summary.days == 1)
    #expect(summary.wakeReports == 1 && summary.sleepReports == 1)
    #expect((3...6).contains(summary.regularReports))
    #expect(summary.timeZones == ["America/New_York"])
    #expect(try store.reports.list().count == summary.reports)
  }
}

/// The demo's Apple Health export: the last eight weeks, imported and on the reports.
struct DemoHealthTests {
  @Test func `the demo imports eight weeks of health data and puts it on those reports`() throws {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_607_520_000)),
        ids: SequentialIDGenerator()))
    let summary = try DemoHistory.populate(store, health: true)
    #expect(summary.healthSamples > 50_000 && summary.healthWorkouts > 20)
    // The pinned demo queries run on the history, in the order they were pinned: moods after
    // workouts relate two types.
    #expect(summary.queries.map(\.name) == ["moods after workouts", "happy with Maya"])
    #expect(summary.queries.allSatisfy { $0.count > 10 })
    #expect(summary.queries.first?.meanAttribute == "rating")
    #expect(try store.queries.savedQueries().count == 4)
    #expect(
      try store.queries.savedGraphs().map(\.name) == [
        "mood per week", "activity hours per weekday",
      ])
    let reports = try store.reports.list()
    let withReadings = reports.filter { $0.context.health.contains(where: \.isFromAppleHealth) }
    let firstDay = try #require(withReadings.map(\.date).min())
    // 2026-05-18, eight weeks before the last day: nothing before that has Health readings.
    #expect(firstDay.iso8601.hasPrefix("2026-05-1"))
    #expect(withReadings.count > 300)
    #expect(
      !reports.filter { $0.date < firstDay }.contains {
        $0.context.health.contains(where: \.isFromAppleHealth)
      })
    let zone = try #require(TimeZone(identifier: "America/New_York"))
    let steps = try store.health.healthSeries(type: "HKQuantityTypeIdentifierStepCount", zone: zone)
    #expect(steps.points.count == 56)
    #expect(steps.points.allSatisfy { ($0.rawSum ?? 0) > $0.value })
  }
}
