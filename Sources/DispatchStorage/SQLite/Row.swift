/// One result row, copied out of SQLite so it outlives the statement step.
public struct Row: Sendable, Equatable {
  /// The column values, in select-list order.
  public let values: [DatabaseValue]
  /// The column names, in select-list order.
  public let columnNames: [String]

  /// Creates a row from values and their column names.
  public init(values: [DatabaseValue], columnNames: [String]) {
    precondition(values.count == columnNames.count, "one name per value")
    self.values = values
    self.columnNames = columnNames
  }

  /// The raw value at a column position.
  public subscript(_ index: Int) -> DatabaseValue {
    values[index]
  }

  /// Text at a column position, or nil for NULL. Numbers read as their decimal text.
  public func string(_ index: Int) -> String? {
    switch values[index] {
    case .null: return nil
    case .text(let text): return text
    case .integer(let value): return String(value)
    case .real(let value): return String(value)
    case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// An integer at a column position, or nil for NULL or a non-numeric value.
  public func int64(_ index: Int) -> Int64? {
    switch values[index] {
    case .integer(let value): return value
    case .real(let value): return Int64(exactly: value.rounded(.towardZero))
    case .text(let text): return Int64(text)
    default: return nil
    }
  }

  /// An integer at a column position, or nil.
  public func int(_ index: Int) -> Int? {
    int64(index).map { Int(truncatingIfNeeded: $0) }
  }

  /// A floating-point number at a column position, or nil.
  public func double(_ index: Int) -> Double? {
    switch values[index] {
    case .integer(let value): return Double(value)
    case .real(let value): return value
    case .text(let text): return Double(text)
    default: return nil
    }
  }

  /// A Boolean stored as 0/1, or nil for NULL.
  public func bool(_ index: Int) -> Bool? {
    int64(index).map { $0 != 0 }
  }

  /// Text at a column that the schema declares NOT NULL.
  public func requiredString(_ index: Int) throws(StoreError) -> String {
    guard let value = string(index) else { throw Self.missing(columnNames[index]) }
    return value
  }

  /// An integer at a column that the schema declares NOT NULL.
  public func requiredInt64(_ index: Int) throws(StoreError) -> Int64 {
    guard let value = int64(index) else { throw Self.missing(columnNames[index]) }
    return value
  }

  private static func missing(_ column: String) -> StoreError {
    StoreError(.corruptValue, "column '\(column)' holds no usable value")
  }
}
