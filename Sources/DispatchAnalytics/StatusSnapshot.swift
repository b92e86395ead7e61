import DispatchCore
import Foundation

/// What a status bar shows (docs/status-line.md#what-the-numbers-mean; the iOS app's widget
/// snapshot): the last report, today's count and the streak — each report on its own local day —
/// and the next prompt.
public struct StatusSnapshot: Sendable, Equatable {
  /// The moment the snapshot describes.
  public var now: Instant
  /// The latest filed (non-draft) report, nil when there is none.
  public var lastReportDate: Instant?
  /// Filed reports whose own local day is today's local day.
  public var todayCount: Int
  /// Consecutive days with a filed report, ending today or yesterday.
  public var streakDays: Int
  /// The next prompt the schedule or a snooze holds, nil when none is planned.
  public var nextPromptDate: Instant?

  public init(
    now: Instant, lastReportDate: Instant?, todayCount: Int, streakDays: Int,
    nextPromptDate: Instant?
  ) {
    self.now = now
    self.lastReportDate = lastReportDate
    self.todayCount = todayCount
    self.streakDays = streakDays
    self.nextPromptDate = nextPromptDate
  }

  /// The snapshot of filed reports given as (instant, UTC offset) pairs, newest first or in
  /// any order; `todayOffsetSeconds` is the offset of the zone "today" is read in.
  public static func make(
    filed reports: [(date: Instant, offsetSeconds: Int)], now: Instant, todayOffsetSeconds: Int,
    nextPromptDate: Instant?
  ) -> StatusSnapshot {
    let today = now.localDay(offsetSeconds: todayOffsetSeconds)
    var days = Set<Int>()
    var todayCount = 0
    var last: Instant?
    for report in reports {
      let day = report.date.localDay(offsetSeconds: report.offsetSeconds)
      days.insert(day)
      if day == today { todayCount += 1 }
      if last.map({ report.date > $0 }) ?? true { last = report.date }
    }
    return StatusSnapshot(
      now: now, lastReportDate: last, todayCount: todayCount,
      streakDays: ReportStreak.days(days, today: today), nextPromptDate: nextPromptDate)
  }
}
