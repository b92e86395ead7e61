/// An RFC-4180 CSV reader (reference/dispatch.md §3.2: RFC-4180, CRLF normalized, blank
/// trailing lines skipped) for the CSV layouts `dispatch import` reads.
///
/// Fields may be quoted, with `""` for a quote inside and commas or line breaks kept
/// verbatim; CRLF (and a lone CR) ends a line like LF, and CRLF inside a quoted field becomes
/// LF. A leading UTF-8 byte-order mark is ignored. Text outside quotes after a closing quote
/// is kept, as most readers do, rather than failing the file.
public enum CSVReader {
  /// One data row and its 1-based number (the header is not counted).
  public struct Row: Sendable, Equatable {
    /// 1 for the first row after the header.
    public var number: Int
    /// The row's fields, unquoted.
    public var fields: [String]

    /// A row numbered `number`.
    public init(number: Int, fields: [String]) {
      self.number = number
      self.fields = fields
    }
  }

  /// A header and its data rows.
  public struct Table: Sendable, Equatable {
    /// The first record's fields; empty for an empty file.
    public var header: [String]
    /// The records after the header.
    public var rows: [Row]

    /// A table of `header` and `rows`.
    public init(header: [String], rows: [Row]) {
      self.header = header
      self.rows = rows
    }
  }

  /// Why a file cannot be read as CSV at all, with its location.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data row number; 0 is the header.
    public var row: Int
    /// The 1-based field number.
    public var field: Int
    /// Lowercase, one line.
    public var reason: String

    /// A failure at `row` (0 = header) and `field` (1-based).
    public init(row: Int, field: Int, reason: String) {
      self.row = row
      self.field = field
      self.reason = reason
    }

    /// `row N, field F: reason`, or `header, field F: reason`.
    public var description: String {
      (row == 0 ? "header" : "row \(row)") + ", field \(field): " + reason
    }
  }

  /// Splits the bytes into a header and data rows. An empty file has an empty header.
  public static func read(_ bytes: [UInt8]) throws(Failure) -> Table {
    let records = try records(bytes)
    guard let header = records.first else { return Table(header: [], rows: []) }
    let rows = records.dropFirst().enumerated().map {
      Row(number: $0.offset + 1, fields: $0.element)
    }
    return Table(header: header, rows: Array(rows))
  }

  /// Every record, header included, as text.
  public static func records(_ bytes: [UInt8]) throws(Failure) -> [[String]] {
    let quote = UInt8(ascii: "\"")
    let comma = UInt8(ascii: ",")
    let cr = UInt8(ascii: "\r")
    let lf = UInt8(ascii: "\n")
    var records: [[String]] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var quoted = false
    // Whether the current record has any content; a blank line is one empty unquoted field.
    var touched = false
    var blankTail = 0
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0

    func finishField() throws(Failure) {
      guard let text = String(validating: field, as: UTF8.self) else {
        throw Failure(row: records.count, field: fields.count + 1, reason: "invalid UTF-8")
      }
      fields.append(text)
      field.removeAll(keepingCapacity: true)
    }
    func finishRecord() throws(Failure) {
      let blank = !touched && field.isEmpty && fields.isEmpty
      try finishField()
      records.append(fields)
      blankTail = blank ? blankTail + 1 : 0
      fields = []
      touched = false
    }

    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if quoted {
        if byte == quote {
          if index < bytes.count, bytes[index] == quote {
            field.append(quote)
            index += 1
          } else {
            quoted = false
          }
        } else if byte == cr, index < bytes.count, bytes[index] == lf {
          // CRLF inside a quoted field is normalized like line ends outside.
          field.append(lf)
          index += 1
        } else {
          field.append(byte)
        }
        continue
      }
      switch byte {
      case quote where field.isEmpty:
        quoted = true
        touched = true
      case comma:
        touched = true
        try finishField()
      case cr, lf:
        if byte == cr, index < bytes.count, bytes[index] == lf { index += 1 }
        try finishRecord()
      default:
        field.append(byte)
      }
    }
    if quoted {
      throw Failure(
        row: records.count, field: fields.count + 1, reason: "a quoted field is never closed")
    }
    if touched || !field.isEmpty || !fields.isEmpty { try finishRecord() }
    records.removeLast(blankTail)
    return records
  }
}
