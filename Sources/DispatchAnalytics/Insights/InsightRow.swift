import DispatchSupport

/// One row of a per-question drill-in or of the day-level engine: a finding, a tested pair
/// without a reliable link, or a pair that has too little data yet
/// (docs/insights.md#drill-in-rules, docs/insights.md#day-level-rules). Null and short rows are
/// kept so the answer is never silently empty.
public struct InsightRow: Sendable, Equatable {
  /// What the row says about its pair.
  public enum Status: String, Sendable, CaseIterable {
    /// Significant after Benjamini–Hochberg and past the effect floor.
    case finding
    /// Tested, but not a finding.
    case noReliableLink
    /// Below the sample minimums, so not tested.
    case insufficientData
  }

  /// Finding, null or short.
  public var status: Status
  /// The title, detail, kind, sample count and strength; null and short rows have strength 0.
  public var insight: Insight

  /// A row of `status` carrying `insight`.
  public init(status: Status, insight: Insight) {
    self.status = status
    self.insight = insight
  }

  /// The insight's JSON members followed by `status`.
  public var jsonValue: JSONValue {
    var members: [(String, JSONValue)] = []
    if case .object(let insightMembers) = insight.jsonValue { members = insightMembers }
    members.append(("status", .string(status.rawValue)))
    return .object(members)
  }
}
