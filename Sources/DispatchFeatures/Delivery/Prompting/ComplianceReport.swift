import DispatchAnalytics
import DispatchCore
import DispatchStorage
import Foundation

/// Answered / fired per day and schedule, with the median delay from prompt to report
/// (docs/daemon.md#compliance; `dispatch compliance`). Nags and snoozes belong to their prompt and
/// are not counted on their own; check-in reminders are not prompts.
public struct ComplianceReport: Sendable, Equatable {
  /// One day of one schedule (the main schedule, or a prompt group).
  public struct Row: Sendable, Equatable {
    public var day: LocalDate
    /// nil for the main schedule.
    public var promptGroupID: String?
    /// Prompts that came due (fired or missed).
    public var due = 0
    public var fired = 0
    public var answered = 0
    public var missed = 0
    public var expired = 0
    /// Median seconds from firing to the report, over answered prompts.
    public var medianDelaySeconds: Double?

    /// answered / fired, or nil when nothing fired.
    public var rate: Double? { fired == 0 ? nil : Double(answered) / Double(fired) }
  }

  public var rows: [Row]
  /// The same counts over every row.
  public var total: Row

  /// The report over prompts due on the `days` local days ending with `lastDay`.
  public static func compute(_ records: [PromptRecord], lastDay: LocalDate, days: Int)
    -> ComplianceReport
  {
    let firstDay = lastDay.adding(days: -(days - 1))
    var rows: [String: Row] = [:]
    var delays: [String: [Double]] = [:]
    var allDelays: [Double] = []
    var total = Row(day: lastDay)
    for record in records where !["nag", "snooze", "checkin", "digest"].contains(record.source) {
      let offset = record.utcOffsetSeconds
      let civil = CivilTime(milliseconds: record.due.milliseconds, offsetSeconds: offset)
      let day = LocalDate(year: civil.year, month: civil.month, day: civil.day)
      guard day >= firstDay && day <= lastDay, record.state != .pending,
        record.state != .dropped
      else { continue }
      let key = "\(day.dayNumber)|\(record.promptGroupID ?? "")"
      var row = rows[key] ?? Row(day: day, promptGroupID: record.promptGroupID)
      count(record, into: &row)
      count(record, into: &total)
      if record.state == .answered, let fired = record.firedAt, let answered = record.answeredAt {
        let delay = Double(answered.milliseconds - fired.milliseconds) / 1000
        delays[key, default: []].append(delay)
        allDelays.append(delay)
      }
      rows[key] = row
    }
    for key in rows.keys { rows[key]?.medianDelaySeconds = Descriptive.median(delays[key] ?? []) }
    total.medianDelaySeconds = Descriptive.median(allDelays)
    let sorted = rows.values.sorted {
      ($0.day, $0.promptGroupID ?? "") < ($1.day, $1.promptGroupID ?? "")
    }
    return ComplianceReport(rows: sorted, total: total)
  }

  private static func count(_ record: PromptRecord, into row: inout Row) {
    row.due += 1
    if record.firedAt != nil { row.fired += 1 }
    switch record.state {
    case .answered: row.answered += 1
    case .missed: row.missed += 1
    case .expired: row.expired += 1
    default: break
    }
  }
}

extension PromptsView {
  /// Compliance over the `days` local days ending with `lastDay` (default: today in the
  /// plan's zone).
  public func compliance(days: Int, through lastDay: LocalDate? = nil, now: Instant) throws
    -> ComplianceReport
  {
    let zone = try ScheduleSettings.load(from: store).zone
    let last = lastDay ?? LocalDate(now, in: zone)
    // Records carry their own offset; fetch a day's margin either side of the range.
    let end = Instant(milliseconds: Int64(last.dayNumber + 2) * 86_400_000)
    let from = end.adding(seconds: -Int64(days + 3) * 86_400)
    let records = try promptRecords(from: from, to: end)
    return ComplianceReport.compute(records, lastDay: last, days: days)
  }
}
