import DispatchAnalytics
import DispatchCore
import DispatchFeatures
import DispatchStorage
import Foundation

/// The status line's numbers (docs/status-line.md#the-status-line), read with a handful of indexed
/// queries so a status bar can poll every second.
extension DispatchStore {
  /// The snapshot at `now`: the last filed report, today's count and the streak
  /// (each report on its own local day; "today" in the schedule's zone), and the next prompt.
  /// Reports dated after now (another device's clock, a pinned clock) are not counted.
  /// `settings` saves a second read when the caller has already loaded them.
  public func statusSnapshot(settings loaded: ScheduleSettings? = nil, now: Instant) throws
    -> StatusSnapshot
  {
    let settings = try loaded ?? ScheduleSettings.load(from: self)
    let zone = settings.zone
    let todayOffset = zone.secondsFromGMT(for: now.date)
    // Read back a window that surely holds the streak; widen it while the streak reaches its
    // edge. Offsets span −12 h to +14 h, so a report's local day is within a day of its UTC day.
    var windowDays = 45
    while true {
      let since = now.adding(seconds: -Int64(windowDays + 2) * 86_400)
      let filed = try reports.filedReportDates(from: since, to: now)
      var snapshot = StatusSnapshot.make(
        filed: filed, now: now, todayOffsetSeconds: todayOffset, nextPromptDate: nil)
      if snapshot.streakDays >= windowDays {
        windowDays *= 4
        continue
      }
      if snapshot.lastReportDate == nil, let last = try reports.lastFiledReportDate(atOrBefore: now)
      {
        snapshot.lastReportDate = last
      }
      snapshot.nextPromptDate = try nextPromptDate(after: now, settings: settings, zone: zone)
      return snapshot
    }
  }

  /// The next prompt the daemon would deliver: the schedule's next random, fixed or group
  /// prompt (nags are conditional and left out) while awake, or a waiting snooze; nil when
  /// none is planned. Never writes: without a planning secret yet, the private schedule has
  /// no times to show.
  private func nextPromptDate(after now: Instant, settings: ScheduleSettings, zone: TimeZone)
    throws -> Instant?
  {
    var next = try prompts.nextPendingPromptDue(after: now)
    let hasSecret = try self.settings.setting(ScheduleSettings.secretKey) != nil
    guard try self.settings.isAwake(), settings.seeding != .private || hasSecret else {
      return next
    }
    let planner = try prompts.planner(settings, zone: zone).planner
    let focus = try FocusFilter.current(in: self)
    let first = LocalDate(now, in: zone).adding(days: -1)
    let planned = planner.plan(from: first, days: 3).first {
      $0.date > now && $0.source != .nag && (focus?.allows($0) ?? true)
    }
    if let date = planned?.date, next.map({ date < $0 }) ?? true { next = date }
    return next
  }
}
