/// One target × dimension pairing on its way to a row: its wording, effect and p-value before
/// Benjamini–Hochberg decides which pairings are findings.
package struct DrillInCandidate: Sendable {
  var id: String
  /// The finding's headline, or the pair's name for null and short rows.
  var title: String
  var detail: String
  /// "Yes and Alice": what a null or short row is called.
  var name: String
  var sampleCount: Int
  /// The effect over its tier ceiling, capped at 1: the findings' sort key.
  var magnitude: Double
  /// Nil when the pairing was below the minimums and so not tested.
  var p: Double?
  /// Whether the effect clears its floor (|Δrate| ≥ 0.15, d ≥ 0.35, |r| ≥ 0.30).
  var passesFloor: Bool

  /// Rows sort alphabetically within their group.
  var sortKey: String { title + "\u{0}" + detail }

  /// The tested-but-not-a-finding form: "No reliable link — tested across N reports".
  func null() -> DrillInCandidate {
    var copy = self
    copy.title = name
    copy.detail = "No reliable link — tested across \(sampleCount) reports"
    copy.magnitude = 0
    return copy
  }

  /// A pairing below the minimums: "Not enough data yet (have X, needs Y)".
  static func insufficient(id: String, name: String, have: Int, needed: Int) -> DrillInCandidate {
    DrillInCandidate(
      id: id, title: name, detail: "Not enough data yet (have \(have), needs \(needed))",
      name: name, sampleCount: have, magnitude: 0, p: nil, passesFloor: false)
  }

  func row(status: InsightRow.Status) -> InsightRow {
    InsightRow(
      status: status,
      insight: Insight(
        id: id, kind: .drillIn, title: title, detail: detail, sampleCount: sampleCount,
        strength: status == .finding ? min(max(magnitude, 0), 1) : 0, sourceKeys: []))
  }
}
