import DispatchCore

/// What `dispatch demo` generates: the range of days and the seed of the demo history.
///
/// The same configuration always produces the same store content, byte for byte, so the demo
/// can back screenshots, documentation examples and end-to-end tests.
public struct DemoConfiguration: Sendable, Equatable {
  /// The zone the demo person lives in. New York's 2026 DST change (March 8) falls inside the
  /// default range, which exercises local-time handling.
  public static let homeTimeZone = "America/New_York"
  /// The zone of the demo person's holiday; Lisbon's own DST change (March 29) falls inside
  /// the trip of the default range.
  public static let travelTimeZone = "Europe/Lisbon"

  /// The first local day of the history, `YYYY-MM-DD`.
  public var startDay: String
  /// The last local day of the history, inclusive, `YYYY-MM-DD`.
  public var endDay: String
  /// Seeds every random draw of the history.
  public var seed: UInt64

  /// Days in the history `dispatch demo` builds: a little over six months.
  public static let dayCount = 189

  /// A configuration; the defaults give the reference history, the one built as of
  /// 2026-07-13: 189 days from 2026-01-05 to 2026-07-12, across both 2026 DST changes.
  public init(startDay: String = "2026-01-05", endDay: String = "2026-07-12", seed: UInt64 = 2026) {
    self.startDay = startDay
    self.endDay = endDay
    self.seed = seed
  }

  /// The history as built on `day` (`YYYY-MM-DD`): ``dayCount`` days ending the day before,
  /// so every relative date ("the last 7 days", `--from 30d`) finds data. Deterministic: the
  /// same day always gives the same history; `dispatch demo --as-of DAY` rebuilds it.
  ///
  /// - Returns: nil when `day` is not a date.
  public init?(asOf day: String, seed: UInt64 = 2026) {
    guard let date = DemoDate(text: day) else { return nil }
    self.init(
      startDay: date.adding(days: -Self.dayCount).text, endDay: date.adding(days: -1).text,
      seed: seed)
  }
}

/// What a populated demo store holds, for the one-screen summary `dispatch demo` prints.
public struct DemoSummary: Sendable, Equatable {
  /// Local days covered, first to last inclusive.
  public var days: Int
  /// Every filed report.
  public var reports: Int
  /// Reports of the regular survey, prompt-group reports excluded.
  public var regularReports: Int
  /// Morning reports (kind `wake`).
  public var wakeReports: Int
  /// Bedtime reports (kind `sleep`).
  public var sleepReports: Int
  /// Reports filed for a prompt group (evening reflection, workout check-in).
  public var promptGroupReports: Int
  /// Responses, skipped ones included.
  public var responses: Int
  /// Responses recorded as explicit skips.
  public var skippedResponses: Int
  /// Questions in the store: the seven defaults plus the demo's own.
  public var questions: Int
  /// Prompt groups in the store.
  public var promptGroups: Int
  /// People in the registry after filing.
  public var people: Int
  /// Distinct places answered to location questions.
  public var places: Int
  /// Distinct tokens answered to token questions.
  public var tokens: Int
  /// Photos attached to reports' sensor context.
  public var photos: Int
  /// The instant of the oldest report.
  public var firstReport: Instant
  /// The instant of the newest report.
  public var lastReport: Instant
  /// Every time zone a report was filed in, sorted.
  public var timeZones: [String]
  /// Non-skipped responses per question type.
  public var answeredByType: [QuestionType: Int]
  /// Prompts in the compliance log, and how many of them were answered.
  public var prompts: Int
  public var promptsAnswered: Int
  /// The direct records: moods, activities, doses, stress check-ins and the rest.
  public var records: DemoRecordCounts
  /// Samples and workouts of the demo's Apple Health export.
  public var healthSamples = 0
  public var healthWorkouts = 0
  /// The saved queries the demo leaves, run on its history.
  public var queries: [DemoQueryCount] = []

  /// A summary; every count is given explicitly.
  public init(
    days: Int, reports: Int, regularReports: Int, wakeReports: Int, sleepReports: Int,
    promptGroupReports: Int, responses: Int, skippedResponses: Int, questions: Int,
    promptGroups: Int, people: Int, places: Int, tokens: Int, photos: Int,
    firstReport: Instant, lastReport: Instant, timeZones: [String],
    answeredByType: [QuestionType: Int], prompts: Int = 0, promptsAnswered: Int = 0,
    records: DemoRecordCounts = DemoRecordCounts()
  ) {
    self.days = days
    self.reports = reports
    self.regularReports = regularReports
    self.wakeReports = wakeReports
    self.sleepReports = sleepReports
    self.promptGroupReports = promptGroupReports
    self.responses = responses
    self.skippedResponses = skippedResponses
    self.questions = questions
    self.promptGroups = promptGroups
    self.people = people
    self.places = places
    self.tokens = tokens
    self.photos = photos
    self.firstReport = firstReport
    self.lastReport = lastReport
    self.timeZones = timeZones
    self.answeredByType = answeredByType
    self.prompts = prompts
    self.promptsAnswered = promptsAnswered
    self.records = records
  }
}
