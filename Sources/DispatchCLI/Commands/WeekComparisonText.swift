import DispatchCommandLine
import DispatchKit
import Foundation

/// The text of `dispatch compare-weeks`: a two-column table, the weekdays, the context.
enum WeekComparisonText {
  static func lines(_ comparison: WeekComparison) -> [String] {
    let earlier = comparison.earlier
    let later = comparison.later
    guard earlier.entries + later.entries > 0 else {
      return ["No \(comparison.metric) entries in \(earlier.label) or \(later.label)."]
    }
    func row(_ name: String, _ a: String, _ b: String) -> String {
      pad(name, 20) + pad(a, 26) + b
    }
    var lines = [
      row(comparison.metric, earlier.label, later.label),
      row("average (per day)", number(earlier.dayBalancedMean), number(later.dayBalancedMean)),
      row("average (entries)", number(earlier.entryMean), number(later.entryMean)),
      row("entries", String(earlier.entries), String(later.entries)),
      row("days with data", "\(earlier.daysWithData) of 7", "\(later.daysWithData) of 7"),
      row("median", number(earlier.distribution?.median), number(later.distribution?.median)),
      row("range", range(earlier), range(later)),
      "",
      row("weekday", "earlier", "later    change"),
    ]
    for day in comparison.weekdays {
      let change = day.difference.map { ($0 >= 0 ? "+" : "") + number($0) } ?? "–"
      lines.append(row(day.weekday, number(day.earlier), pad(number(day.later), 9) + change))
    }
    if let matched = comparison.matchedDifference {
      let change =
        abs(matched.mean) < 0.05
        ? "about the same"
        : number(abs(matched.mean)) + (matched.mean > 0 ? " higher" : " lower")
      lines.append("")
      lines.append(
        "On the \(matched.days) weekday\(matched.days == 1 ? "" : "s") both weeks have, the later "
          + "week is \(change) on average.")
    }
    let notes = Set((earlier.context + later.context).map(\.id))
    if !notes.isEmpty {
      lines.append("")
      lines.append("Context:")
      for entry in (earlier.context + later.context) where notes.contains(entry.id) {
        let day = WeekComparison.dayLabel(entry.from.instant, offset: entry.from.utcOffsetSeconds)
        if !lines.contains("  \(day)  \(entry.note)") { lines.append("  \(day)  \(entry.note)") }
      }
    }
    return lines
  }

  private static func range(_ week: WeekComparison.Week) -> String {
    guard let distribution = week.distribution else { return "–" }
    return number(distribution.minimum) + "–" + number(distribution.maximum)
  }

  static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "–" }
    return String(format: "%.1f", locale: Locale(identifier: "en_US_POSIX"), value)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}
