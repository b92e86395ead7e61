import DispatchSupport
import Foundation

/// Escaping for the pages: every text that came from a user, a question or the store goes
/// through one of these.
enum HTML {
  /// `text` escaped for element content.
  static func text(_ text: String) -> String { SVGWriter.escaped(text, inAttribute: false) }

  /// `text` escaped for a double-quoted attribute value.
  static func attribute(_ text: String) -> String {
    SVGWriter.escaped(text, inAttribute: true).replacingOccurrences(of: "'", with: "&#39;")
  }
}
