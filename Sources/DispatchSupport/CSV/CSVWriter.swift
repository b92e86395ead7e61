/// RFC-4180 field escaping and line joining for the CSV exporters.
public enum CSVWriter {
  /// Quotes `field` when it contains a comma, a double quote, `\n` or `\r`, doubling inner
  /// quotes.
  ///
  /// Dispatch does not quote a lone `\r`; that splits the record in readers that accept CR line
  /// ends, so we quote it too (docs/formats/exports.md#reports-csv).
  public static func escape(_ field: String) -> String {
    let needsQuotes = field.unicodeScalars.contains { scalar in
      scalar == "," || scalar == "\"" || scalar == "\n" || scalar == "\r"
    }
    guard needsQuotes else { return field }
    // Scalars, not characters: a quote followed by a combining mark is one Character.
    var quoted = "\""
    for scalar in field.unicodeScalars {
      quoted.unicodeScalars.append(scalar)
      if scalar == "\"" { quoted.unicodeScalars.append(scalar) }
    }
    quoted += "\""
    return quoted
  }

  /// One record: the escaped fields joined by commas.
  public static func line(_ fields: [String]) -> String {
    fields.map(escape).joined(separator: ",")
  }

  /// A whole file: records joined by `lineEnding` with no trailing newline.
  ///
  /// Dispatch joins with `\n`; pass `"\r\n"` for strict RFC-4180 readers
  /// (docs/formats/exports.md#reports-csv).
  public static func document(_ records: [[String]], lineEnding: String = "\n") -> String {
    records.map(line).joined(separator: lineEnding)
  }
}
