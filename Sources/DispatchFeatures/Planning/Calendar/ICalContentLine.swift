/// One unfolded iCalendar content line: `name *(";" param) ":" value` (RFC 5545 §3.1).
struct ICalContentLine: Equatable, Sendable {
  /// The property name, uppercased because names are case-insensitive.
  var name: String
  /// Parameter values by uppercased parameter name; quotes removed, lists split on commas.
  var parameters: [String: [String]]
  /// The raw value after the first colon outside quotes, still escaped.
  var value: String
  /// The 1-based physical line the content line starts on, for notes.
  var lineNumber: Int

  /// The first value of a parameter, e.g. `TZID`.
  func parameter(_ name: String) -> String? { parameters[name]?.first }

  /// Parses one unfolded line; nil when it has no name or no colon outside quotes.
  init?(parsing text: String, lineNumber: Int) {
    let bytes = Array(text.utf8)
    var index = 0
    // The name ends at the first ';' or ':'; RFC 5545 names are letters, digits and '-'.
    while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":")
    {
      guard Self.isNameByte(bytes[index]) else { return nil }
      index += 1
    }
    guard index > 0, index < bytes.count else { return nil }
    name = Self.string(bytes[0..<index]).uppercased()
    parameters = [:]
    self.lineNumber = lineNumber
    while bytes[index] == UInt8(ascii: ";") {
      index += 1
      guard let parsed = Self.parameter(bytes, from: &index) else { return nil }
      parameters[parsed.name, default: []].append(contentsOf: parsed.values)
      guard index < bytes.count else { return nil }
    }
    // The loop above stops on ':' only: a parameter ends at ';' or ':' or the parse fails.
    value = Self.string(bytes[(index + 1)...])
  }

  /// Reads `name=value *("," value)` and leaves `index` on the ';' or ':' that follows.
  private static func parameter(_ bytes: [UInt8], from index: inout Int)
    -> (name: String, values: [String])?
  {
    let nameStart = index
    while index < bytes.count, bytes[index] != UInt8(ascii: "=") {
      guard isNameByte(bytes[index]) else { return nil }
      index += 1
    }
    guard index > nameStart, index < bytes.count else { return nil }
    let name = string(bytes[nameStart..<index]).uppercased()
    var values: [String] = []
    repeat {
      index += 1  // Skips '=' or ','.
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "\"") {
        // Quoted values may hold ';', ':' and ','; RFC 5545 has no escapes inside quotes.
        let start = index + 1
        guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        values.append(string(bytes[start..<close]))
        index = close + 1
      } else {
        let start = index
        while index < bytes.count, !isParameterEnd(bytes[index]) { index += 1 }
        values.append(string(bytes[start..<index]))
      }
      guard index < bytes.count else { return nil }
    } while bytes[index] == UInt8(ascii: ",")
    guard bytes[index] == UInt8(ascii: ";") || bytes[index] == UInt8(ascii: ":") else {
      return nil
    }
    return (name, values)
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  private static func isParameterEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
  }

  /// Slices cut at ASCII delimiters of valid UTF-8 stay valid UTF-8.
  private static func string(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}

/// Splitting and unfolding of iCalendar text (RFC 5545 §3.1).
enum ICalLines {
  /// Splits bytes at LF (with or without CR) and joins every line that starts with a space or
  /// tab to the one before, dropping that one blank.
  ///
  /// Unfolding works on bytes because exporters fold at octet boundaries, sometimes inside a
  /// multi-byte UTF-8 sequence; the joined line is valid again.
  static func unfold(_ bytes: [UInt8]) -> [(bytes: [UInt8], lineNumber: Int)] {
    var lines: [(bytes: [UInt8], lineNumber: Int)] = []
    var lineNumber = 0
    var start = 0
    while start < bytes.count {
      lineNumber += 1
      let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      var end = newline
      if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      let line = bytes[start..<end]
      if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"),
        !lines.isEmpty
      {
        lines[lines.count - 1].bytes.append(contentsOf: line.dropFirst())
      } else {
        lines.append((Array(line), lineNumber))
      }
      start = newline + 1
    }
    return lines
  }

  /// Undoes TEXT escaping (RFC 5545 §3.3.11): `\n` or `\N`, `\,`, `\;` and `\\`. An unknown
  /// escape keeps the character after the backslash, which is what most readers do.
  static func unescapeText(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        result.append(character == "n" || character == "N" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    if escaping { result.append("\\") }
    return result
  }
}
