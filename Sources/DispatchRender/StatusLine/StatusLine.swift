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
