import DispatchCommandLine
import DispatchKit

/// What the demo summary shows of the analysis: the insights and the digest of the demo's
/// last week, as the demo built them (the digest is the week ending with the last report).
struct DemoAnalysis {
  let insights: [Insight]
  let digest: DigestStats

  init(_ build: DemoBuild) {
    insights = build.insights
    digest = build.digest
  }

  /// Lines for the text summary.
  var lines: [String] {
    var lines: [String] = []
    if let strongest = insights.first {
      lines.append(
        "  Insights ('dispatch insights'): \(insights.count) patterns; the strongest:")
      lines.append("    " + strongest.title)
    }
    lines.append("  The last week ('dispatch digest'):")
    for paragraph in digest.paragraphs {
      lines.append(HelpFormatter.wrap(paragraph, width: 100, indent: 4))
    }
    return lines
  }

  /// Members added to the JSON summary.
  var jsonMembers: [(String, JSONValue)] {
    [
      ("insights", .array(insights.map(\.jsonValue))),
      ("digest", .string(digest.summary)),
    ]
  }
}
