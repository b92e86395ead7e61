/// One finding of an insights engine: a tendency in the user's own history, worded without
/// causal language (docs/insights.md#global-engine-rules).
public struct Insight: Sendable, Equatable {
  /// Which engine and which comparison produced the finding.
  public enum Kind: String, Sendable, CaseIterable {
    /// The global engine: a categorical signal against a numeric one (difference of means).
    case categoricalNumeric
    /// The global engine: two categorical signals (difference of rates).
    case cooccurrence
    /// The per-question drill-in (docs/insights.md#drill-in-rules).
    case drillIn
    /// The day-level engine (docs/insights.md#day-level-rules).
    case dayLevel
  }

  /// Stable within one computation: the kind and the signals compared.
  public var id: String
  public var kind: Kind
  public var title: String
  /// The numbers behind the title; always says what it is based on.
  public var detail: String
  /// The reports (or days) the comparison was made over.
  public var sampleCount: Int
  /// 0…1, the effect size scaled by the engine's own ceiling; used for ranking.
  public var strength: Double
  /// The sources of the two signals (e.g. `question:<id>`, `mood`, `weather`): the digest
  /// takes insights whose sources do not overlap.
  public var sourceKeys: [String]

  public init(
    id: String, kind: Kind, title: String, detail: String, sampleCount: Int, strength: Double,
    sourceKeys: [String]
  ) {
    self.id = id
    self.kind = kind
    self.title = title
    self.detail = detail
    self.sampleCount = sampleCount
    self.strength = strength
    self.sourceKeys = sourceKeys
  }
}
