import DispatchCore
import Foundation

/// Consecutive days with a filed report (docs/status-line.md#what-the-numbers-mean), each report on
/// its own local day (its own offset), counted back from `today` — or from the day before when
/// today has none yet; 0 when neither has one.
public enum ReportStreak {
  public static func days(_ reports: [Report], today: Instant, zone: TimeZone) -> Int {
    var days = Set<Int>()
    for report in reports where !report.isDraft {
      days.insert(report.date.localDay(offsetSeconds: report.utcOffsetSeconds))
    }
    return self.days(
      days, today: today.localDay(offsetSeconds: zone.secondsFromGMT(for: today.date)))
  }

  /// The streak ending on local day number `today` (or the day before) in a set of local day
  /// numbers (days since 1970-01-01).
  public static func days(_ days: Set<Int>, today: Int) -> Int {
    var day = today
    if !days.contains(day) {
      day -= 1
      guard days.contains(day) else { return 0 }
    }
    var count = 0
    while days.contains(day) {
      count += 1
      day -= 1
    }
    return count
  }
}
