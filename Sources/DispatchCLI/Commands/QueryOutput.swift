import DispatchCommandLine
import DispatchKit
import Foundation

/// How query results, explanations and why-matched answers print.
enum QueryOutput {
  static func records(_ records: [QueryRecord], plan: QueryPlan, _ invocation: Invocation) throws {
    let columns = plan.type.columns
    if invocation.wantsJSON {
      invocation.printJSON(.array(records.map(\.jsonValue)))
      return
    }
    if invocation.flag("csv") {
      // CSV is for programs: the values as stored, like an export.
      invocation.stdout.lineVerbatim(QueryRecord.csvHeader(plan.type))
      for record in records { invocation.stdout.lineVerbatim(record.csvLine) }
      return
    }
    guard !records.isEmpty else {
      invocation.stderr.line("No \(plan.type.plural) match.")
      return
    }
    let header = ["time"] + (plan.type.end != nil ? ["end"] : []) + columns + ["id"]
    var rows: [[String]] = [header]
    for record in records {
      var row = [display(record.localStart)]
      if plan.type.end != nil { row.append(record.localEnd.map(display) ?? "") }
      row += record.fields.map(\.text)
      row.append(record.id)
      rows.append(row)
    }
    for line in table(rows) { invocation.stdout.line(line) }
    invocation.stderr.line(
      "\(records.count) \(records.count == 1 ? plan.type.name : plan.type.plural)")
  }

  private static func display(_ iso: String) -> String { QueryValueText.readable(iso) }

  /// Columns padded to their widest cell.
  static func table(_ rows: [[String]]) -> [String] {
    let widths = (0..<(rows.first?.count ?? 0)).map { column in
      rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
    }
    return rows.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1
          ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
      }.joined(separator: "  ")
    }
  }

  static func explain(_ explanation: QueryExplanation, _ invocation: Invocation) throws {
    if invocation.wantsJSON {
      invocation.printJSON(explanation.jsonValue)
      return
    }
    for line in lines(explanation, indent: "") { invocation.stdout.line(line) }
  }

  private static func lines(_ explanation: QueryExplanation, indent: String) -> [String] {
    var lines = [
      "\(indent)\(explanation.text)",
      "\(indent)  \(grouped(explanation.total)) \(explanation.plural) in the store; "
        + "\(grouped(explanation.matched)) match",
    ]
    if let root = explanation.root {
      lines += tree(root, prefix: indent + "  ", last: true, top: true)
    }
    if explanation.steps.count > 1 {
      lines.append("\(indent)  as the conditions combine:")
      for step in explanation.steps {
        lines.append("\(indent)    and \(step.text)  → \(grouped(step.combined))")
      }
    }
    if let emptied = explanation.emptiedBy {
      lines.append("\(indent)  nothing is left after: \(emptied)")
    }
    return lines
  }

  private static func tree(
    _ node: QueryExplanation.Node, prefix: String, last: Bool, top: Bool = false
  ) -> [String] {
    let branch = top ? "" : (last ? "└─ " : "├─ ")
    let label =
      node.kind == "and" || node.kind == "or" || node.kind == "not"
      ? node.kind.uppercased() : node.text
    var lines = [
      "\(prefix)\(branch)\(label)  [\(grouped(node.count))]"
        + (node.note.map { "  (\($0))" } ?? "")
    ]
    let childPrefix = prefix + (top ? "" : (last ? "   " : "│  "))
    for (index, child) in node.children.enumerated() {
      lines += tree(child, prefix: childPrefix, last: index == node.children.count - 1)
    }
    if let target = node.target {
      lines += Self.lines(target, indent: childPrefix + "   ").map { $0 }
    }
    return lines
  }

  static func why(_ why: QueryWhy, _ invocation: Invocation) throws {
    if invocation.wantsJSON {
      invocation.printJSON(why.jsonValue)
      return
    }
    let record = why.record
    invocation.stdout.line(
      "\(record.type) \(DisplayID.short(record.id)) at \(display(record.localStart)): "
        + (why.matches ? "matches" : "does not match"))
    for leaf in why.leaves {
      invocation.stdout.line("  \(leaf.met ? "✓" : "✗") \(leaf.text)  (\(leaf.detail))")
    }
  }

  static func grouped(_ number: Int) -> String { ProgressBar.grouped(number) }
}
