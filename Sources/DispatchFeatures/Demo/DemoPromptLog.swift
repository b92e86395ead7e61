import DispatchCore
import DispatchSupport
import Foundation

/// The demo's compliance log (`dispatch compliance` on the demo store): the prompts behind its
/// prompted reports, answered a few minutes after they fired, plus the prompts nobody answered —
/// some expired, a few missed while the laptop slept.
///
/// Drawn from its own stream, after the reports, so the reports are the same with or without
/// it.
enum DemoPromptLog {
  static let streamIndex: UInt64 = 0x5052_4F4D_5054  // "PROMPT"

  static func records(for reports: [Report], seed: UInt64) -> [PromptRecord] {
    var random = SplitMix64.stream(seed: seed, index: streamIndex)
    var records: [PromptRecord] = []
    var previous: Instant?
    for report in reports {
      defer { previous = report.date }
      let isGroup = report.promptGroupID != nil
      guard report.trigger == .notification || isGroup else { continue }
      // Answered 20 seconds to 12 minutes after the notification.
      let due = report.date.adding(seconds: -Int64(random.int(20...720)))
      // Now and then an earlier prompt went unanswered: expired, or missed while asleep.
      if !isGroup, let previous, random.chance(0.22) {
        let earlier = due.adding(seconds: -Int64(random.int(80...150)) * 60)
        if earlier.milliseconds - previous.milliseconds > 60 * 60_000 {
          var record = record(report, due: earlier, source: "random", group: nil)
          if random.chance(0.8) {
            record.state = .expired
            record.firedAt = earlier
            record.delivery = "notify-send"
            record.closedAt = earlier.adding(seconds: 3600)
          } else {
            record.state = .missed
            record.closedAt = earlier.adding(seconds: Int64(random.int(2...50)) * 60)
          }
          records.append(record)
        }
      }
      let source = isGroup ? (report.trigger == .workoutEnd ? "event" : "group") : "random"
      var answered = record(report, due: due, source: source, group: report.promptGroupID)
      answered.state = .answered
      answered.firedAt = due
      answered.delivery = "notify-send"
      answered.actedAt = report.date
      answered.action = "report"
      answered.answeredAt = report.date
      answered.reportID = report.id
      records.append(answered)
    }
    // One prompt per identifier (two in one minute would share it).
    var seen = Set<String>()
    return records.filter { seen.insert($0.identifier).inserted }
  }

  private static func record(_ report: Report, due: Instant, source: String, group: String?)
    -> PromptRecord
  {
    let stamp = PromptStamp.text(due, zone: .gmt, compatible: false)
    let identifier = group.map { "gprompt-\($0)-\(stamp)" } ?? "prompt-\(stamp)"
    return PromptRecord(
      identifier: identifier, source: source, promptGroupID: group, due: due,
      timeZoneIdentifier: report.timeZoneIdentifier, utcOffsetSeconds: report.utcOffsetSeconds,
      state: .fired)
  }
}
