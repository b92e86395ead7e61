/// An RFC-4180 CSV reader (docs/formats/exports.md#question-definitions: RFC-4180, CRLF normalized,
/// blank trailing lines skipped) for the CSV layouts `dispatch import` reads.
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
    var cursor = Cursor(bytes)
    return try cursor.next(.max)
  }

  /// Reads records a few at a time, so a long file's first rows can be worked on while the
  /// rest is still unread.
  public struct Cursor: Sendable {
    private let bytes: [UInt8]
    private var index: Int
    /// Whether the whole file is well-formed UTF-8, checked once: fields then become strings
    /// through the standard library's fast path, and only a file with a fault checks each
    /// field, to say where it is.
    private let valid: Bool
    /// Records read so far, blank ones held back included: the row of a failure.
    private var count = 0
    /// Blank lines read but not yet returned: dropped if nothing but blank lines follows.
    private var heldBlanks = 0

    /// A cursor at the first record (after a UTF-8 byte-order mark).
    public init(_ bytes: [UInt8]) {
      self.bytes = bytes
      index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      valid = UTF8Validation.isValid(bytes)
    }

    /// Whether every record has been read.
    public var isAtEnd: Bool { index >= bytes.count && pending == nil }

    /// Up to `limit` more records; empty once the file is read.
    public mutating func next(_ limit: Int) throws(Failure) -> [[String]] {
      var records: [[String]] = []
      while records.count < limit, let record = try nextRecord() {
        if record.isBlank {
          heldBlanks += 1
          continue
        }
        while heldBlanks > 0 && records.count < limit {
          records.append([""])
          heldBlanks -= 1
        }
        guard heldBlanks == 0 && records.count < limit else {
          // The held blank lines filled this call: the record waits for the next one.
          pending = record.fields
          break
        }
        records.append(record.fields)
      }
      return records
    }

    /// A record read after the limit was reached, returned first next time.
    private var pending: [String]?

    private struct Record {
      var fields: [String]
      /// An empty line: no text, no quotes, no commas.
      var isBlank: Bool
    }

    private mutating func nextRecord() throws(Failure) -> Record? {
      if let waiting = pending {
        pending = nil
        return Record(fields: waiting, isBlank: false)
      }
      guard index < bytes.count else { return nil }
      let quote = UInt8(ascii: "\"")
      let comma = UInt8(ascii: ",")
      let cr = UInt8(ascii: "\r")
      let lf = UInt8(ascii: "\n")
      var fields: [String] = []
      var field: [UInt8] = []
      var quoted = false
      // Whether the record has any content; a blank line is one empty unquoted field.
      var touched = false
      let row = count
      let valid = self.valid
      func finishField() throws(Failure) {
        if valid {
          fields.append(field.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) })
        } else if let text = String(validating: field, as: UTF8.self) {
          fields.append(text)
        } else {
          throw Failure(row: row, field: fields.count + 1, reason: "invalid UTF-8")
        }
        field.removeAll(keepingCapacity: true)
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
          try finishField()
          count += 1
          return Record(fields: fields, isBlank: !touched && fields == [""])
        default:
          field.append(byte)
        }
      }
      if quoted {
        throw Failure(row: row, field: fields.count + 1, reason: "a quoted field is never closed")
      }
      try finishField()
      count += 1
      return Record(fields: fields, isBlank: !touched && fields == [""])
    }
  }
}
