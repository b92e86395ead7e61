/// A day-level exposure: one value per day of the history (docs/insights.md#day-level-rules), nil
/// on days that say nothing about it, so a day without the owning question answered is neither
/// "with" nor "without".
package struct DayExposure: Sendable {
  enum Values: Sendable {
    /// Whether it happened on any report that day.
    case binary([Bool?])
    /// The day's total (steps, sleep) or mean (number answers).
    case numeric([Double?])
  }

  var id: String
  /// An exposure never pairs with an outcome of one of its sources: `question:<id>` for each
  /// question it is answered under, `steps`, `sleep`.
  var sources: Set<String>
  /// Binary: "you mentioned “gym”"; numeric: "more steps".
  var phrase: String
  /// "“gym”", "steps": what a shortfall row asks more days of.
  var name: String
  var values: Values
  /// The lags it is tested at: the weekday only on the same day (the day after a Monday is a
  /// Tuesday, already an exposure of its own).
  var lags: [Int]
  /// "On Mondays": a same-day title's opening in place of "On days when <phrase>".
  var sameDayLead: String?
  /// Whether a pair short of days is listed; the calendar fills itself in, so a weekday's
  /// shortfall is not.
  var listsShortfalls: Bool

  init(
    id: String, sources: Set<String>, phrase: String, name: String, values: Values,
    lags: [Int] = DayLevelEngine.lags, sameDayLead: String? = nil, listsShortfalls: Bool = true
  ) {
    self.id = id
    self.sources = sources
    self.phrase = phrase
    self.name = name
    self.values = values
    self.lags = lags
    self.sameDayLead = sameDayLead
    self.listsShortfalls = listsShortfalls
  }

  var sortedSources: [String] { sources.sorted() }
}

/// A day outcome: the mean of the day's answers to a number question, the day's mean mood
/// valence, or the day's total steps.
package struct DayOutcome: Sendable {
  var id: String
  var sourceKey: String
  /// "your mood", "your answers to “Energy?”", "your step count".
  var name: String
  var format: InsightFormat
  /// The scale the values are on when the name does not say it: "on the 1–10 scale of “How
  /// happy are you?”", "as mood valence from -1 to +1".
  var scaleNote: String?
  var values: [Double?]

  init(
    id: String, sourceKey: String, name: String, format: InsightFormat, scaleNote: String? = nil,
    values: [Double?]
  ) {
    self.id = id
    self.sourceKey = sourceKey
    self.name = name
    self.format = format
    self.scaleNote = scaleNote
    self.values = values
  }
}

/// Sums and counts per day, read as a total or a mean.
struct DayAccumulator: Sendable {
  var sums: [Double]
  var counts: [Int]

  init(days: Int) {
    sums = Array(repeating: 0, count: days)
    counts = Array(repeating: 0, count: days)
  }

  mutating func add(_ value: Double, on day: Int) {
    sums[day] += value
    counts[day] += 1
  }

  var totals: [Double?] { zip(sums, counts).map { $1 > 0 ? $0 : nil } }
  var means: [Double?] { zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : nil } }
}
