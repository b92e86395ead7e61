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
  /// An exposure never pairs with an outcome of the same source.
  var sourceKey: String
  /// Binary: "you mentioned “gym”"; numeric: "more steps".
  var phrase: String
  /// "“gym”", "steps": what a shortfall row asks more days of.
  var name: String
  var values: Values
}

/// A day outcome: the mean of the day's answers to a number question, the day's mean mood
/// valence, or the day's total steps.
package struct DayOutcome: Sendable {
  var id: String
  var sourceKey: String
  /// "your mood", "your answers to “Energy?”", "your step count".
  var name: String
  var format: InsightFormat
  var values: [Double?]
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
