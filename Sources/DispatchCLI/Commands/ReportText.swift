import DispatchCommandLine
import DispatchKit
import Foundation

/// Human renderings of reports for the terminal.
enum ReportText {
  /// `2026-07-08 07:38 −04:00  wake     1A2B3C4D  How did you sleep?: Great · …`
  static func line(_ report: Report, style: TextStyle, width: Int) -> String {
    let local = report.localTime
    let head =
      "\(local.dateText) \(local.clockText) \(offsetDesignator(seconds: report.utcOffsetSeconds))  "
      + report.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
      + DisplayID.short(report.id) + (report.isDraft ? " draft" : "") + "  "
    let answers = report.responses.filter { !$0.isSkipped }
      .map { "\(short($0.questionPrompt)): \($0.summary)" }.joined(separator: " · ")
    let room = max(width - head.count, 10)
    let body = answers.count > room ? String(answers.prefix(room - 1)) + "…" : answers
    return body.isEmpty
      ? style.dim(String(head.dropLast(2))) : style.dim(head) + body
  }

  /// The full view of one report.
  static func details(
    _ report: Report, questionOrder: [String: Int], style: TextStyle, units: UnitSystem
  ) -> [String] {
    let local = report.localTime
    var lines = [
      style.bold("Report \(report.id)"),
      "  Filed     \(local.dateText) \(local.clockText) (\(report.timeZoneIdentifier), \(offsetDesignator(seconds: report.utcOffsetSeconds))) · \(report.date.iso8601)",
      "  Kind      \(report.kind.rawValue) · trigger \(report.trigger.rawValue)\(report.isDraft ? " · draft" : "")",
    ]
    if let group = report.promptGroupID { lines.append("  Group     \(group)") }
    lines.append("")
    let sorted = report.responses.sorted {
      (questionOrder[$0.questionID ?? ""] ?? Int.max, $0.questionPrompt)
        < (questionOrder[$1.questionID ?? ""] ?? Int.max, $1.questionPrompt)
    }
    for response in sorted {
      let answer = response.isSkipped ? style.dim("skipped") : response.summary
      lines.append("  \(style.bold(response.questionPrompt))")
      lines.append("    \(answer)")
    }
    let context = contextLines(report.context, units: units)
    if !context.isEmpty {
      lines.append("")
      lines.append(style.bold("  Context"))
      lines += context.map { "    " + $0 }
    }
    return lines
  }

  static func contextLines(_ context: SensorContext, units: UnitSystem) -> [String] {
    context.displayLines(units: units)
  }

  private static func short(_ prompt: String) -> String {
    prompt.count > 28 ? String(prompt.prefix(27)) + "…" : prompt
  }
}
