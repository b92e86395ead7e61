import DispatchCore
import Foundation

/// The names in vCard files (RFC 6350, and the 2.1/3.0 variants address books still export):
/// the Linux stand-in for the Contacts integration (docs/people.md#contacts). Only names are read —
/// no numbers, addresses or photos — and they are never stored or exported.
public enum VCardNames {
  /// The contact names in `text`, one per card, in file order: the formatted name (FN), or
  /// the structured name (N) as "given additional family" when a card has no FN.
  public static func names(in text: String) -> [String] {
    var names: [String] = []
    var formatted: String?
    var structured: String?
    for line in unfoldedLines(text) {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let head = line[..<colon].uppercased()
      let value = String(line[line.index(after: colon)...])
      let parameters = head.split(separator: ";")
      // A grouped property ("item1.FN") is the same property.
      let name = parameters.first.map { $0.split(separator: ".").last.map(String.init) ?? "" }
      switch name {
      case "BEGIN" where value.uppercased().hasPrefix("VCARD"):
        formatted = nil
        structured = nil
      case "FN":
        formatted = decoded(value, parameters: parameters)
      case "N":
        structured = structuredName(decoded(value, parameters: parameters))
      case "END" where value.uppercased().hasPrefix("VCARD"):
        let name = [formatted, structured].compactMap { $0 }.first { !$0.isEmpty }
        if let name { names.append(name) }
      default:
        continue
      }
    }
    return names
  }

  /// The names of every `.vcf` file at `path`: the file itself, or a folder's files (nested
  /// folders included), sorted by path so the order is stable.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` when the path does not exist or a file is
  ///   not readable text.
  public static func names(atPath path: String) throws -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw DispatchError(.invalidValue, "no contacts file or folder at '\(path)'")
    }
    var files = [path]
    if isFolder.boolValue {
      let enumerator = FileManager.default.enumerator(atPath: path)
      files = (enumerator?.allObjects as? [String] ?? [])
        .filter { $0.lowercased().hasSuffix(".vcf") }.sorted()
        .map { (path as NSString).appendingPathComponent($0) }
    }
    var names: [String] = []
    for file in files {
      guard let data = FileManager.default.contents(atPath: file),
        let text = String(data: data, encoding: .utf8)
          ?? String(data: data, encoding: .isoLatin1)
      else { throw DispatchError(.invalidValue, "'\(file)' is not a readable vCard file") }
      names += Self.names(in: text)
    }
    return names
  }

  /// Lines with folding undone: a line starting with a space or tab continues the previous.
  static func unfoldedLines(_ text: String) -> [String] {
    var lines: [String] = []
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
        lines[lines.count - 1] += raw.dropFirst()
      } else if !raw.isEmpty {
        lines.append(String(raw))
      }
    }
    return lines
  }

  /// A property value with quoted-printable (vCard 2.1) and backslash escapes undone.
  static func decoded(_ value: String, parameters: [Substring]) -> String {
    var text = value
    if parameters.contains(where: { $0.contains("QUOTED-PRINTABLE") }) {
      text = quotedPrintable(text)
    }
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        result.append(character == "n" || character == "N" ? " " : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// "family;given;additional;prefix;suffix" as "given additional family".
  static func structuredName(_ value: String) -> String {
    let parts = value.split(separator: ";", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
    return [part(1), part(2), part(0)].filter { !$0.isEmpty }.joined(separator: " ")
  }

  private static func quotedPrintable(_ text: String) -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "="), index + 2 < utf8.count,
        let byte = UInt8(
          String(decoding: utf8[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        bytes.append(byte)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
