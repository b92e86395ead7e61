import Foundation

/// Lists of strings stored as JSON array text in one column (choices, report kinds, IDs).
enum JSONStringList {
  static func encode(_ values: [String]) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: values, options: []),
      let text = String(data: data, encoding: .utf8)
    else { return "[]" }
    return text
  }

  static func decode(_ text: String?) -> [String] {
    guard let text, let data = text.data(using: .utf8),
      let values = try? JSONSerialization.jsonObject(with: data) as? [String]
    else { return [] }
    return values
  }
}
