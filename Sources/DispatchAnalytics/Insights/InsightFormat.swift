import DispatchCore
import Foundation

/// The global engine's locale-pinned number formats (docs/insights.md#global-engine-rules): the
/// same text on every machine, whatever its locale.
package enum InsightFormat: Sendable {
  /// Rounded to a whole number, thousands separated by ",".
  case grouped
  case oneDecimal
  case twoDecimals

  func text(_ value: Double) -> String {
    switch self {
    case .grouped: return Self.grouped(value)
    case .oneDecimal: return Self.fixed(value, decimals: 1)
    case .twoDecimals: return Self.fixed(value, decimals: 2)
    }
  }

  /// `Int((r·100).rounded())%`.
  static func percent(_ rate: Double) -> String {
    "\(Int((rate * 100).rounded()))%"
  }

  /// A whole number with "," between thousands, rounded half away from zero first.
  package static func grouped(_ value: Double) -> String {
    DisplayNumber.grouped(value)
  }

  /// `%.Nf` in the POSIX locale; a value that rounds to zero never shows as "-0.0".
  package static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "0" }
    let text = String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    if text.hasPrefix("-") && text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
      return String(text.dropFirst())
    }
    return text
  }
}
