import DispatchCore

/// Ticks for a time axis at calendar units, with labels written by our own code.
///
/// The step is the smallest unit of a fixed ladder (milliseconds through seconds, minutes and
/// hours that divide a day, days, ISO weeks starting Monday, months, years in 1-2-5 multiples)
/// that gives at most the target number of ticks. Ticks fall on round local times at the
/// axis's UTC offset (midnights, the 1st of a month, 1 January), computed with ``CivilTime``,
/// never with `Calendar` or `DateFormatter`, so no time zone database or locale can change them.
package struct TimeTicks: Equatable {
  /// Tick positions in milliseconds since the epoch (UTC).
  let values: [Double]
  /// One label per tick: `14:30`, `Mar 5`, `Mar`, `2026`, ….
  let labels: [String]

  private static let second: Int64 = 1_000
  private static let minute: Int64 = 60_000
  private static let hour: Int64 = 3_600_000
  private static let day: Int64 = 86_400_000
  /// The widest domain handled: ±100 million days, as ECMAScript dates.
  private static let limit = 8.64e15

  static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// The steps of the ladder, smallest first.
  enum Unit: Equatable {
    /// A fixed number of milliseconds that divides a day.
    case fixed(Int64)
    case days(Int64)
    case week
    case months(Int)
    case years(Int)

    /// The average length, for choosing a step.
    var approximateMilliseconds: Double {
      switch self {
      case .fixed(let step): Double(step)
      case .days(let count): Double(count) * 86_400_000
      case .week: 604_800_000
      case .months(let count): Double(count) * 2_629_746_000
      case .years(let count): Double(count) * 31_556_952_000
      }
    }
  }

  static let ladder: [Unit] = {
    let milliseconds: [Int64] = [1, 2, 5, 10, 20, 50, 100, 200, 500]
    let seconds: [Int64] = [1, 2, 5, 10, 15, 30].map { $0 * second }
    let minutes: [Int64] = [1, 2, 5, 10, 15, 30].map { $0 * minute }
    let hours: [Int64] = [1, 2, 3, 6, 12].map { $0 * hour }
    var units = (milliseconds + seconds + minutes + hours).map(Unit.fixed)
    units += [.days(1), .days(2), .week]
    units += [1, 2, 3, 6].map(Unit.months)
    var magnitude = 1
    while magnitude <= 100_000 {
      units += [1, 2, 5].map { Unit.years($0 * magnitude) }
      magnitude *= 10
    }
    return units
  }()

  /// Ticks between `lower` and `upper` (milliseconds) at about `targetCount` or fewer.
  init(lower: Double, upper: Double, offsetSeconds: Int, targetCount: Int) {
    guard lower.isFinite, upper.isFinite, lower.magnitude <= Self.limit,
      upper.magnitude <= Self.limit, lower <= upper
    else {
      values = []
      labels = []
      return
    }
    let span = upper - lower
    let target = Double(max(2, targetCount))
    let unit = Self.ladder.first { span / $0.approximateMilliseconds <= target } ?? .years(500_000)
    let offset = Int64(offsetSeconds) * 1000
    let localLower = Int64(lower.rounded(.up)) + offset
    let localUpper = Int64(upper.rounded(.down)) + offset
    let locals = Self.localTicks(unit, from: localLower, to: localUpper)
    values = locals.map { Double($0 - offset) }
    labels = locals.map { Self.label($0, unit: unit) }
  }

  /// Local tick times of `unit` from `lower` to `upper`, at most 1,000.
  static func localTicks(_ unit: Unit, from lower: Int64, to upper: Int64) -> [Int64] {
    var ticks: [Int64] = []
    func add(_ time: Int64) -> Bool {
      guard time <= upper, ticks.count < 1_000 else { return false }
      ticks.append(time)
      return true
    }
    switch unit {
    case .fixed(let step):
      var time = ceilDivided(lower, step) * step
      while add(time) { time += step }
    case .days(let count):
      var days = ceilDivided(ceilDivided(lower, day), count) * count
      while add(days * day) { days += count }
    case .week:
      var days = ceilDivided(lower, day)
      // 1970-01-01 was a Thursday; step forward to the next Monday.
      let weekday = ((days % 7) + 7 + 3) % 7  // 0 = Monday
      days += (7 - weekday) % 7
      while add(days * day) { days += 7 }
    case .months(let count):
      let civil = CivilTime(milliseconds: lower, offsetSeconds: 0)
      var index = civil.year * 12 + civil.month - 1
      if Int64(CivilTime.days(year: civil.year, month: civil.month, day: 1)) * day < lower {
        index += 1
      }
      index = Int(ceilDivided(Int64(index), Int64(count))) * count
      while add(monthStart(index)) { index += count }
    case .years(let count):
      var year = CivilTime(milliseconds: lower, offsetSeconds: 0).year
      if Int64(CivilTime.days(year: year, month: 1, day: 1)) * day < lower { year += 1 }
      year = Int(ceilDivided(Int64(year), Int64(count))) * count
      while add(Int64(CivilTime.days(year: year, month: 1, day: 1)) * day) { year += count }
    }
    return ticks
  }

  /// The local start of month `index` (year × 12 + month − 1).
  private static func monthStart(_ index: Int) -> Int64 {
    let year = Int(floorDivided(Int64(index), 12))
    let month = index - year * 12 + 1
    return Int64(CivilTime.days(year: year, month: month, day: 1)) * day
  }

  /// The label of local time `local` on an axis stepping by `unit`.
  static func label(_ local: Int64, unit: Unit) -> String {
    let time = CivilTime(milliseconds: local, offsetSeconds: 0)
    let dayLabel = monthNames[time.month - 1] + " " + String(time.day)
    switch unit {
    case .fixed(let step) where step < second:
      return time.clockText + ":" + twoDigits(time.second) + "."
        + String(String(1000 + time.millisecond).dropFirst())
    case .fixed(let step) where step < minute:
      return time.clockText + ":" + twoDigits(time.second)
    case .fixed:
      return time.hour == 0 && time.minute == 0 ? dayLabel : time.clockText
    case .days, .week:
      return dayLabel
    case .months:
      return time.month == 1 ? String(time.year) : monthNames[time.month - 1]
    case .years:
      return String(time.year)
    }
  }

  /// The caption suffix of a time axis: the local date range and the zone, e.g.
  /// `2026-03-05 to 2026-04-01, UTC+01:00`, or `…, local time` with that `zoneName`.
  static func rangeText(
    lower: Double, upper: Double, offsetSeconds: Int, zoneName: String? = nil
  ) -> String {
    let zone = zoneName ?? zoneText(offsetSeconds: offsetSeconds)
    guard lower.isFinite, upper.isFinite, lower.magnitude <= limit, upper.magnitude <= limit
    else { return zone }
    let first = CivilTime(milliseconds: Int64(lower), offsetSeconds: offsetSeconds).dateText
    let last = CivilTime(milliseconds: Int64(upper), offsetSeconds: offsetSeconds).dateText
    return (first == last ? first : first + " to " + last) + ", " + zone
  }

  /// `UTC` or `UTC+01:00`: the zone an axis at that offset reads in.
  static func zoneText(offsetSeconds: Int) -> String {
    offsetSeconds == 0 ? "UTC" : "UTC" + offsetDesignator(seconds: offsetSeconds)
  }

  /// A full local date and time, `2026-03-05 14:30`, for terminal range labels.
  static func fullText(_ milliseconds: Double, offsetSeconds: Int) -> String {
    guard milliseconds.isFinite, milliseconds.magnitude <= limit else { return "?" }
    let time = CivilTime(milliseconds: Int64(milliseconds), offsetSeconds: offsetSeconds)
    return time.dateText + " " + time.clockText
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0" + String(value) : String(value)
  }

  private static func ceilDivided(_ value: Int64, _ divisor: Int64) -> Int64 {
    -(-value).floorDivided(by: divisor).quotient
  }

  private static func floorDivided(_ value: Int64, _ divisor: Int64) -> Int64 {
    value.floorDivided(by: divisor).quotient
  }
}
