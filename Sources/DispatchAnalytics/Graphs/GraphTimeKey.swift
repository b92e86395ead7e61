import DispatchCore

/// Keys and labels of local time units: hours, days and weeks count from 1970-01-01 (weeks
/// start on Monday), months, quarters and years from year 0.
package enum GraphTimeKey {
  static let weekdayNames = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  static func key(_ local: CivilTime, _ unit: GraphGrouping.TimeUnit) -> Int {
    let day = CivilTime.days(year: local.year, month: local.month, day: local.day)
    switch unit {
    case .hour: return day * 24 + local.hour
    case .day: return day
    case .week: return floorDivide(day - (local.isoWeekday - 1) + 3, 7)
    case .month: return local.year * 12 + local.month - 1
    case .quarter: return local.year * 4 + (local.month - 1) / 3
    case .year: return local.year
    }
  }

  /// The local day (days since 1970-01-01) a key starts on, and the hour for hour keys.
  private static func startDay(_ key: Int, _ unit: GraphGrouping.TimeUnit) -> (day: Int, hour: Int)
  {
    switch unit {
    case .hour: return (floorDivide(key, 24), key - floorDivide(key, 24) * 24)
    case .day: return (key, 0)
    case .week: return (key * 7 - 3, 0)
    case .month:
      return (
        CivilTime.days(
          year: floorDivide(key, 12), month: key - floorDivide(key, 12) * 12 + 1, day: 1), 0
      )
    case .quarter:
      let year = floorDivide(key, 4)
      return (CivilTime.days(year: year, month: (key - year * 4) * 3 + 1, day: 1), 0)
    case .year: return (CivilTime.days(year: key, month: 1, day: 1), 0)
    }
  }

  /// The unit's local start as milliseconds of wall time (read as if UTC), for time axes.
  static func start(_ key: Int, _ unit: GraphGrouping.TimeUnit) -> Double {
    let (day, hour) = startDay(key, unit)
    return Double(day) * 86_400_000 + Double(hour) * 3_600_000
  }

  /// `2026-03-01 14:00`, `2026-03-01`, `week of 2026-02-23`, `2026-03`, `2026 Q1`, `2026`.
  static func label(_ key: Int, _ unit: GraphGrouping.TimeUnit) -> String {
    let (day, hour) = startDay(key, unit)
    let civil = CivilTime(milliseconds: Int64(day) * 86_400_000, offsetSeconds: 0)
    let date = pad(civil.year, 4) + "-" + pad(civil.month, 2) + "-" + pad(civil.day, 2)
    switch unit {
    case .hour: return date + " " + pad(hour, 2) + ":00"
    case .day: return date
    case .week: return "week of " + date
    case .month: return pad(civil.year, 4) + "-" + pad(civil.month, 2)
    case .quarter: return pad(civil.year, 4) + " Q\((civil.month - 1) / 3 + 1)"
    case .year: return pad(civil.year, 4)
    }
  }

  static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    Int(Int64(value).floorDivided(by: Int64(divisor)).quotient)
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
  }
}
