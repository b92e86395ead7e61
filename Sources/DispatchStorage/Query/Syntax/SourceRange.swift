/// A span of a query's text, in characters from its start: what a diagnostic underlines and
/// what each node of the syntax tree came from.
public struct SourceRange: Sendable, Equatable, Hashable {
  /// The first character.
  public var lower: Int
  /// One past the last character.
  public var upper: Int

  /// The span `lower..<upper`.
  public init(_ lower: Int, _ upper: Int) {
    self.lower = lower
    self.upper = max(lower, upper)
  }

  /// The characters of `source` in this span, clamped to its bounds.
  func text(in source: [Character]) -> String {
    let start = Swift.max(0, Swift.min(lower, source.count))
    let end = Swift.max(start, Swift.min(upper, source.count))
    return String(source[start..<end])
  }

  /// The span from this one's start to `other`'s end.
  public func through(_ other: SourceRange) -> SourceRange {
    SourceRange(Swift.min(lower, other.lower), Swift.max(upper, other.upper))
  }
}
