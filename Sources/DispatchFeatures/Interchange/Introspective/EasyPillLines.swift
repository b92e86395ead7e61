import Foundation

/// EasyPill's files are not CSV: raw text split on line breaks and every field split on every
/// comma, without quoting (docs/formats/introspective.md#easypill-medications,
/// docs/formats/introspective.md#easypill-doses).
enum EasyPillLines {
  /// The data lines after the header, numbered from 1; nil when the bytes are not UTF-8.
  ///
  /// CRLF ends a line like LF, and one trailing line break is tolerated (the original read the
  /// empty last line as a record and failed with "no name found";
  /// docs/formats/introspective.md#easypill-medications). A blank line elsewhere stays, and its row
  /// reports the problem.
  static func lines(_ bytes: [UInt8]) -> [(number: Int, parts: [String])]? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    // Split the bytes, not a String: Swift reads CRLF as one character.
    var lines: [String] = []
    for line in body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      let bare = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
      guard let text = String(validating: bare, as: UTF8.self) else { return nil }
      lines.append(text)
    }
    if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
    return lines.dropFirst().enumerated().map { offset, line in
      (offset + 1, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }
  }

}
