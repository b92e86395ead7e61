import DispatchAnalytics
import DispatchCore
import DispatchSupport
import Foundation

/// A status snapshot as status bars read it (docs/status-line.md#the-status-line): plain text, JSON
/// with Dispatch's snapshot names, and the line formats of waybar, i3blocks and tmux.
public struct StatusLine: Sendable {
  /// The output formats of `dispatch status --format`.
  public enum Format: String, Sendable, CaseIterable {
    case text, json, waybar, i3blocks, tmux
  }

  public let snapshot: StatusSnapshot
  /// The zone local clock times are shown in.
  public let zone: TimeZone

  public init(snapshot: StatusSnapshot, zone: TimeZone) {
    self.snapshot = snapshot
    self.zone = zone
  }

  /// The whole output for `format`, ending in a newline.
  public func render(_ format: Format) -> String {
    switch format {
    case .text: return long + "\n"
    case .json: return JSONWriter.string(json, style: .pretty) + "\n"
    case .waybar: return JSONWriter.string(waybar, style: .compact) + "\n"
    // i3blocks reads the full text, the short text and an optional colour, a line each.
    case .i3blocks: return long + "\n" + short + "\n"
    case .tmux: return short + "\n"
    }
  }

  /// One line for `format` for a bar that reads a line per update (`status --watch`): JSON on
  /// one line, and i3blocks' persistent mode, which takes each line as the full text.
  public func renderLine(_ format: Format) -> String {
    switch format {
    case .json: return JSONWriter.string(json, style: .compact) + "\n"
    case .i3blocks: return long + "\n"
    default: return render(format)
    }
  }

  /// "Last report 2h 5m ago · 3 reports today · 12-day streak · next prompt 14:30".
  public var long: String {
    var parts: [String] = []
    if let last = snapshot.lastReportDate {
      parts.append("Last report " + Self.ago(from: last, to: snapshot.now))
      parts.append(
        snapshot.todayCount == 1 ? "1 report today" : "\(snapshot.todayCount) reports today")
    } else {
      parts.append("No reports yet")
    }
    if snapshot.streakDays > 0 { parts.append("\(snapshot.streakDays)-day streak") }
    if let next = snapshot.nextPromptDate { parts.append("next prompt " + clock(next)) }
    return parts.joined(separator: " · ")
  }

  /// "2h 5m ago · 3 today · 12d · next 14:30": what fits a tmux or narrow bar.
  public var short: String {
    var parts: [String] = []
    if let last = snapshot.lastReportDate {
      parts.append(Self.ago(from: last, to: snapshot.now))
      parts.append("\(snapshot.todayCount) today")
    } else {
      parts.append("no reports")
    }
    if snapshot.streakDays > 0 { parts.append("\(snapshot.streakDays)d") }
    if let next = snapshot.nextPromptDate { parts.append("next " + clock(next)) }
    return parts.joined(separator: " · ")
  }

  /// Dispatch's snapshot names (ISO-8601 UTC, null when none) and a few conveniences.
  public var json: JSONValue {
    var object = JSONObjectBuilder()
    object.set("lastReportDate", snapshot.lastReportDate.map { .string($0.iso8601) } ?? .null)
    object.set("todayCount", snapshot.todayCount)
    object.set("streakDays", snapshot.streakDays)
    object.set("nextPromptDate", snapshot.nextPromptDate.map { .string($0.iso8601) } ?? .null)
    object.set(
      "secondsSinceLastReport",
      snapshot.lastReportDate.map { .int(secondsBetween($0, snapshot.now)) } ?? .null)
    object.set("text", long)
    return object.value
  }

  /// Waybar's custom-module JSON: text, tooltip, and a class to style ("empty" before the first
  /// report, "today" once one is filed today, "idle" otherwise).
  public var waybar: JSONValue {
    var object = JSONObjectBuilder()
    object.set("text", short)
    object.set("tooltip", long.replacingOccurrences(of: " · ", with: "\n"))
    let state =
      snapshot.lastReportDate == nil ? "empty" : snapshot.todayCount > 0 ? "today" : "idle"
    object.set("class", state)
    object.set("alt", state)
    return object.value
  }

  /// The first instant after the snapshot's time at which the line can read differently with no
  /// new data in the store: the "ago" reaching its next minute (its next hour after a day), the
  /// next prompt passing, or local midnight (today's count, the streak, "tomorrow"). A watcher
  /// sleeps until then unless the store changes first. JSON's `secondsSinceLastReport` moves
  /// every second and is refreshed with the text.
  public var nextChange: Instant {
    let now = snapshot.now
    var candidates = [Self.nextMidnight(after: now, in: zone)]
    if let next = snapshot.nextPromptDate, next > now { candidates.append(next) }
    if let last = snapshot.lastReportDate {
      let elapsed = max(0, now.milliseconds - last.milliseconds)
      let step: Int64 = elapsed < 86_400_000 ? 60_000 : 3_600_000
      candidates.append(Instant(milliseconds: last.milliseconds + (elapsed / step + 1) * step))
    }
    return candidates.min() ?? now
  }

  /// The start of the local day after `instant`'s in `zone` (rechecked with the offset in force
  /// then, so a daylight-saving change that night does not shift it by an hour).
  static func nextMidnight(after instant: Instant, in zone: TimeZone) -> Instant {
    let day: Int64 = 86_400_000
    let offset = Int64(zone.secondsFromGMT(for: instant.date)) * 1000
    let localMidnight = ((instant.milliseconds + offset) / day + 1) * day
    let guess = Instant(milliseconds: localMidnight - offset)
    let offsetThen = Int64(zone.secondsFromGMT(for: guess.date)) * 1000
    return Instant(milliseconds: localMidnight - offsetThen)
  }

  /// "just now", "12m ago", "2h 5m ago", "3d 4h ago".
  public static func ago(from start: Instant, to end: Instant) -> String {
    let minutes = max(0, (end.milliseconds - start.milliseconds) / 60_000)
    if minutes < 1 { return "just now" }
    let hours = minutes / 60
    let span: String
    if minutes < 60 {
      span = "\(minutes)m"
    } else if hours < 24 {
      span = minutes % 60 == 0 ? "\(hours)h" : "\(hours)h \(minutes % 60)m"
    } else {
      span = hours % 24 == 0 ? "\(hours / 24)d" : "\(hours / 24)d \(hours % 24)h"
    }
    return span + " ago"
  }

  /// "14:30" today, "tomorrow 08:10", else "2026-07-09 08:10", in the status zone.
  private func clock(_ instant: Instant) -> String {
    let offset = zone.secondsFromGMT(for: instant.date)
    let local = CivilTime(milliseconds: instant.milliseconds, offsetSeconds: offset)
    let today = snapshot.now.localDay(offsetSeconds: zone.secondsFromGMT(for: snapshot.now.date))
    switch instant.localDay(offsetSeconds: offset) - today {
    case 0: return local.clockText
    case 1: return "tomorrow " + local.clockText
    default: return local.dateText + " " + local.clockText
    }
  }

  private func secondsBetween(_ start: Instant, _ end: Instant) -> Int64 {
    max(0, (end.milliseconds - start.milliseconds) / 1000)
  }
}
