import DispatchKit
import Testing

/// The typed accessors of a result row.
struct RowTests {
  @Test(arguments: RowCase.all)
  func `accessors convert each stored value`(_ test: RowCase) {
    let row = Row(values: [test.value], columnNames: ["column"])
    #expect(row[0] == test.value)
    #expect(row.string(0) == test.string)
    #expect(row.int64(0) == test.int64)
    #expect(row.int(0) == test.int64.map { Int($0) })
    #expect(row.double(0) == test.double)
    #expect(row.bool(0) == test.int64.map { $0 != 0 })
  }

  @Test func `required accessors return present values`() throws {
    let row = Row(values: [.text("x"), .integer(9)], columnNames: ["a", "b"])
    #expect(try row.requiredString(0) == "x")
    #expect(try row.requiredInt64(1) == 9)
  }

  @Test func `required accessors name the column that holds no usable value`() {
    let row = Row(values: [.null, .text("nine")], columnNames: ["prompt", "sort_order"])
    let missingText = #expect(throws: StoreError.self) { try row.requiredString(0) }
    #expect(missingText?.kind == .corruptValue)
    #expect(missingText?.message == "column 'prompt' holds no usable value")
    let badNumber = #expect(throws: StoreError.self) { try row.requiredInt64(1) }
    #expect(badNumber?.kind == .corruptValue)
    #expect(badNumber?.message.contains("'sort_order'") == true)
  }

  @Test func `rows read from SQLite carry their column names`() throws {
    let db = try Database()
    let row = try #require(try db.rows("SELECT 1 AS one, 'two' AS two, NULL AS three").first)
    #expect(row.columnNames == ["one", "two", "three"])
    #expect(row.values == [.integer(1), .text("two"), .null])
  }
}

extension RowTests {
  /// One stored value and what each accessor makes of it.
  struct RowCase: Sendable, CustomTestStringConvertible {
    let id: String
    let value: DatabaseValue
    let string: String?
    let int64: Int64?
    let double: Double?

    var testDescription: String { id }

    static let all: [RowCase] = [
      RowCase(id: "null", value: .null, string: nil, int64: nil, double: nil),
      RowCase(id: "integer", value: .integer(42), string: "42", int64: 42, double: 42),
      RowCase(id: "zero", value: .integer(0), string: "0", int64: 0, double: 0),
      RowCase(id: "real", value: .real(2.75), string: "2.75", int64: 2, double: 2.75),
      RowCase(id: "negative real", value: .real(-2.75), string: "-2.75", int64: -2, double: -2.75),
      RowCase(id: "huge real", value: .real(1e300), string: "1e+300", int64: nil, double: 1e300),
      RowCase(id: "numeric text", value: .text("17"), string: "17", int64: 17, double: 17),
      RowCase(id: "decimal text", value: .text("1.5"), string: "1.5", int64: nil, double: 1.5),
      RowCase(id: "word", value: .text("seven"), string: "seven", int64: nil, double: nil),
      RowCase(id: "blob", value: .blob(Array("hi".utf8)), string: "hi", int64: nil, double: nil),
    ]
  }
}
