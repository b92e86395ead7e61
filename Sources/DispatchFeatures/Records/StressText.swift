import DispatchCore
import Foundation

/// Plain-text forms of check-ins and their analyses, for `dispatch stress …` without `--json`.
///
/// The wording describes the ratings and never their causes: a lower mean after a date is a
/// difference, not an effect of whatever happened on it.
public enum StressText {
  /// The closing line of every analysis.
  public static let caveat =
    "These figures describe your ratings; they do not show what caused them."

  /// `value` rounded to two decimals, for JSON.
  static func rounded(_ value: Double) -> Double {
    (value * 100).rounded() / 100
  }

  /// One decimal: `5.3`; `–` for none.
  public static func mean(_ value: Double?) -> String {
    value.map { String(format: "%.1f", $0) } ?? "–"
  }

  /// A signed change: `+1.5`, `-0.3`, `0.0`; `–` for none.
  public static func change(_ value: Double?) -> String {
    guard let value else { return "–" }
    let text = String(format: "%.1f", abs(value))
    return text == "0.0" ? text : (value > 0 ? "+" : "-") + text
  }

  /// One line for a check-in: `2026-03-04 10:00 overall 6 (moderate) · Work 7 (moderate) ·
  /// Sleep skipped · Family n/a — "note"`.
  public static func line(_ checkIn: StressCheckIn) -> String {
    let local = checkIn.time.local
    var parts = ["overall " + StressScale.text(checkIn.overall)]
    parts += checkIn.stressors.map { "\($0.name) " + StressScale.text($0.answer) }
    var text = "\(local.dateText) \(local.clockText.prefix(5))  " + parts.joined(separator: " · ")
    if let note = checkIn.note {
      text += " — \"" + note.replacingOccurrences(of: "\n", with: " ") + "\""
    }
    return text
  }

  /// The trend in words: `+0.21 per week (9 check-ins)` or `not enough check-ins (3 of 4)`.
  public static func trend(_ trend: StressTrend) -> String {
    guard let slope = trend.slopePerWeek else {
      return "not enough check-ins (\(trend.checkIns); needs \(StressTrend.minimumCheckIns))"
    }
    return String(format: "%+.2f", slope) + " per week (\(trend.checkIns) check-ins)"
  }

  /// The comparison as a table.
  public static func lines(_ comparison: StressComparison) -> [String] {
    let before = comparison.before
    let after = comparison.after
    var lines = [
      "Stress, \(comparison.days) days ending \(StressDay.text(before.lastDay)) "
        + "vs \(comparison.days) days ending \(StressDay.text(after.lastDay))",
      "  before: \(StressDay.text(before.firstDay)) to \(StressDay.text(before.lastDay)), "
        + "\(count(before.checkIns, "check-in"))",
      "  after:  \(StressDay.text(after.firstDay)) to \(StressDay.text(after.lastDay)), "
        + "\(count(after.checkIns, "check-in"))",
      "",
    ]
    let rows = [comparison.overall] + comparison.stressors
    let width = max(8, rows.map { ($0.name ?? "Overall").count }.max() ?? 0)
    lines.append(
      "  " + pad("", width) + left("before", 8) + left("after", 8) + left("change", 8)
        + left("skipped", 10) + left("n/a", 8))
    for row in rows {
      lines.append(
        "  " + pad(row.name ?? "Overall", width) + left(mean(row.before.average), 8)
          + left(mean(row.after.average), 8) + left(change(row.difference), 8)
          + left("\(row.before.skipped)/\(row.after.skipped)", 10)
          + left("\(row.before.notApplicable)/\(row.after.notApplicable)", 8))
    }
    lines += [
      "", "Means of 0–10 ratings (\(StressScale.legend)); skipped and n/a as before/after.",
    ]
    lines.append(caveat)
    return lines
  }

  /// The summary for an appointment.
  public static func lines(_ summary: StressSummary) -> [String] {
    var header = "Stress check-ins since \(StressDay.text(summary.sinceDay)): \(summary.checkIns)"
    if let first = summary.first, let last = summary.last {
      header += " (\(first.local.dateText) to \(last.local.dateText))"
    }
    var lines = [header, "Scale: " + StressScale.legend]
    guard summary.checkIns > 0 else {
      return lines + ["No check-ins in this period. Record one with 'dispatch stress'."]
    }
    let items = [summary.overall] + summary.stressors
    let width = max(8, items.map { ($0.name ?? "Overall").count }.max() ?? 0)
    lines += [
      "",
      "  " + pad("", width) + left("mean", 6) + left("rated", 7) + left("skipped", 9)
        + left("n/a", 5) + "   trend",
    ]
    for item in items {
      lines.append(
        "  " + pad(item.name ?? "Overall", width) + left(mean(item.tally.average), 6)
          + left(String(item.tally.rated), 7) + left(String(item.tally.skipped), 9)
          + left(String(item.tally.notApplicable), 5) + "   " + trend(item.trend))
    }
    if !summary.worstDays.isEmpty {
      lines += ["", "Days with the highest overall stress:"]
      for day in summary.worstDays {
        var line =
          "  \(day.dateText)  \(day.highest) (\(StressScale.nearestLabel(Double(day.highest))))"
          + " · \(count(day.checkIns, "check-in"))"
        if !day.notes.isEmpty {
          line +=
            " · "
            + day.notes.map { "\"\($0.replacingOccurrences(of: "\n", with: " "))\"" }
            .joined(separator: ", ")
        }
        lines.append(line)
      }
    }
    lines += [
      "",
      "Trend: least-squares slope of the ratings, in points per week; it needs at least "
        + "\(StressTrend.minimumCheckIns) rated check-ins.",
      caveat,
    ]
    return lines
  }

  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  private static func left(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(1, width - text.count)) + text
  }
}
