import Foundation

/// Lists of strings stored as JSON array text in one column (choices, report kinds, IDs, tags).
///
/// Written by hand rather than through `JSONSerialization`: a bulk import writes one list per
/// row, and the Foundation round trip cost more than the SQLite insert itself.
enum JSONStringList {
  static func encode(_ values: [String]) -> String {
    guard !values.isEmpty else { return "[]" }
    var text = "["
    for (index, value) in values.enumerated() {
      if index > 0 { text += "," }
      text += "\""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": text += "\\\""
        case "\\": text += "\\\\"
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        case let control where control.value < 0x20:
          text += String(format: "\\u%04x", control.value)
        default: text.unicodeScalars.append(scalar)
        }
      }
      text += "\""
    }
    return text + "]"
  }

  static func decode(_ text: String?) -> [String] {
    guard let text, text != "[]", let data = text.data(using: .utf8),
      let values = try? JSONSerialization.jsonObject(with: data) as? [String]
    else { return [] }
    return values
  }
}
