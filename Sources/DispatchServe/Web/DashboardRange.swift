import DispatchCore
import Foundation

/// The part of the history the served dashboard shows, as its links and forms ask for it:
/// `range=7d|30d|90d|all`, `range=month&month=YYYY-MM`, or `range=custom&from=…&to=…`.
///
/// Each choice is spelled as the `--from`/`--to` of `dispatch dashboard`, and the page reads
/// those texts through the command's own parser, so the page for "last 30 days" and
/// `dispatch dashboard --from 30d` cover the same days.
struct DashboardRange: Equatable {
  /// The value of `range`.
  let choice: String
  /// `--from` and `--to` as `dispatch dashboard` takes them; nil is an open end.
  let from: String?
  let to: String?
  /// "the last 30 days", "November 2026", "2026-11-01 to 2026-11-14".
  let label: String

  /// The ranges a link offers, and the one a page without `range` shows.
  static let presets = [("7d", 7), ("30d", 30), ("90d", 90)]
  static let defaultChoice = "30d"

  /// The range `query` asks for.
  ///
  /// - Throws: ``DispatchError`` `.invalidRequest` naming the parameter that is wrong.
  static func parse(_ query: [String: String]) throws(DispatchError) -> DashboardRange {
    let choice = query["range"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultChoice
    if let preset = presets.first(where: { $0.0 == choice }) {
      return DashboardRange(
        choice: choice, from: choice, to: nil, label: "the last \(preset.1) days")
    }
    switch choice {
    case "all":
      return DashboardRange(choice: choice, from: nil, to: nil, label: "the whole history")
    case "month":
      let text = query["month"] ?? ""
      guard let month = Self.month(text) else {
        throw DispatchError(.invalidRequest, "month must be a month as YYYY-MM, not '\(text)'")
      }
      return DashboardRange(
        choice: choice, from: month.first, to: month.last, label: month.name)
    case "custom":
      let from = query["from"].flatMap { $0.isEmpty ? nil : $0 }
      let to = query["to"].flatMap { $0.isEmpty ? nil : $0 }
      guard from != nil || to != nil else {
        throw DispatchError(.invalidRequest, "a custom range needs from, to or both (YYYY-MM-DD)")
      }
      let label = "\(from ?? "the first report") to \(to ?? "the last")"
      return DashboardRange(choice: choice, from: from, to: to, label: label)
    default:
      throw DispatchError(
        .invalidRequest, "range must be 7d, 30d, 90d, all, month or custom, not '\(choice)'")
    }
  }

  /// `--from 30d`, `--from 2026-11-01 --to 2026-11-30`, or nothing for the whole history.
  var commandArguments: String {
    var parts: [String] = []
    if let from { parts.append("--from \(from)") }
    if let to { parts.append("--to \(to)") }
    return parts.joined(separator: " ")
  }

  /// The parameters that ask for this range again (for the export link and the forms).
  var parameters: [(String, String)] {
    var pairs = [("range", choice)]
    if choice == "month", let from { pairs.append(("month", String(from.prefix(7)))) }
    if choice == "custom" {
      if let from { pairs.append(("from", from)) }
      if let to { pairs.append(("to", to)) }
    }
    return pairs
  }

  /// A file name for the exported page: `dispatch-dashboard-30d.html`,
  /// `dispatch-dashboard-2026-11.html`.
  var fileName: String {
    let part: String
    switch choice {
    case "month": part = String((from ?? "").prefix(7))
    case "custom": part = [from ?? "start", to ?? "end"].joined(separator: "-to-")
    default: part = choice
    }
    let safe = part.unicodeScalars.filter {
      CharacterSet.alphanumerics.contains($0) || $0 == "-"
    }
    return "dispatch-dashboard-\(String(String.UnicodeScalarView(safe))).html"
  }

  /// The first and last day of `text` (`YYYY-MM`) and its name ("November 2026").
  static func month(_ text: String) -> (first: String, last: String, name: String)? {
    let parts = text.split(separator: "-")
    guard text.count == 7, parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
      (1970...9999).contains(year), (1...12).contains(month)
    else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    let padded = month < 10 ? "0\(month)" : "\(month)"
    let names = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    return (
      "\(year)-\(padded)-01", "\(year)-\(padded)-\(lengths[month - 1])",
      "\(names[month - 1]) \(year)"
    )
  }
}
