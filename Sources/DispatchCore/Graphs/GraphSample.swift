import Foundation

/// One record as a graph sees it: when it happened (with its own UTC offset, so days and hours
/// are the record's local ones) and the value of the attribute being drawn.
public struct GraphSample: Sendable, Equatable {
  public var start: Instant
  public var offsetSeconds: Int
  public var value: GraphValue?
  /// Known only to the day (a date-only import, `--at 2026-07-08`): drawn as its day, never in
  /// an hour.
  public var isDayOnly: Bool

  public init(start: Instant, offsetSeconds: Int, value: GraphValue?, isDayOnly: Bool = false) {
    self.start = start
    self.offsetSeconds = offsetSeconds
    self.value = value
    self.isDayOnly = isDayOnly
  }
}

/// An attribute's value: numbers (durations in hours, dosages in base units) aggregate;
/// texts and tags only group and count.
public enum GraphValue: Sendable, Equatable {
  case number(Double)
  case text(String)
  case tags([String])

  public var number: Double? {
    if case .number(let value) = self, value.isFinite { return value }
    return nil
  }

  /// The text a "same value" group is named by.
  public var text: String {
    switch self {
    case .number(let value): return GraphNumber.text(value)
    case .text(let text): return text
    case .tags(let tags): return tags.joined(separator: ", ")
    }
  }
}

/// Locale-independent number text for labels: up to two decimals, trailing zeros trimmed.
package enum GraphNumber {
  package static func text(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
    var text = String(format: "%.2f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
