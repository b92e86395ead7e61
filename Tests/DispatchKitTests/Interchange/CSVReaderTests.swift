import DispatchKit
import Testing

/// The RFC-4180 reader behind the CSV imports (docs/formats/exports.md#question-definitions).
struct CSVReaderTests {
  static func read(_ text: String) throws -> CSVReader.Table {
    try CSVReader.read(Array(text.utf8))
  }

  @Test func `quoted fields keep commas, doubled quotes and line breaks`() throws {
    let table = try Self.read("a,b,c\n\"x, y\",\"say \"\"hi\"\"\",\"line 1\nline 2\"\n")
    #expect(table.header == ["a", "b", "c"])
    #expect(
      table.rows == [CSVReader.Row(number: 1, fields: ["x, y", "say \"hi\"", "line 1\nline 2"])])
  }

  @Test func `CRLF is normalized, inside quotes too`() throws {
    let table = try Self.read("a,b\r\n1,\"p\r\nq\"\r\n2,3\r\n")
    #expect(table.rows.map(\.fields) == [["1", "p\nq"], ["2", "3"]])
  }

  @Test func `rows are numbered from 1 after the header, counting records not lines`() throws {
    let table = try Self.read("h\n\"multi\nline\"\nnext\n")
    #expect(table.rows.map(\.number) == [1, 2])
    #expect(table.rows.map(\.fields) == [["multi\nline"], ["next"]])
  }

  @Test func `blank trailing lines are skipped but inner blank lines are rows`() throws {
    let table = try Self.read("h\n1\n\n2\n\n\r\n\n")
    #expect(table.rows.map(\.fields) == [["1"], [""], ["2"]])
  }

  @Test func `empty fields, a missing final newline and a byte-order mark`() throws {
    let table = try CSVReader.read([0xEF, 0xBB, 0xBF] + Array("a,b,c\n,,\n\"\",x,".utf8))
    #expect(table.header == ["a", "b", "c"])
    #expect(table.rows.map(\.fields) == [["", "", ""], ["", "x", ""]])
  }

  @Test func `an empty file has no header and no rows`() throws {
    #expect(try Self.read("") == CSVReader.Table(header: [], rows: []))
    #expect(try Self.read("\n\n").rows.isEmpty)
  }

  @Test func `invalid UTF-8 is rejected with its row and field`() {
    let bytes = Array("a,b\n1,2\n3,".utf8) + [0xC3, 0x28] + Array("\n".utf8)
    #expect(throws: CSVReader.Failure(row: 2, field: 2, reason: "invalid UTF-8")) {
      try CSVReader.read(bytes)
    }
    #expect(throws: CSVReader.Failure(row: 0, field: 1, reason: "invalid UTF-8")) {
      try CSVReader.read([0xFF])
    }
    #expect(CSVReader.Failure(row: 0, field: 1, reason: "x").description == "header, field 1: x")
  }

  @Test func `an unclosed quote fails the file`() {
    #expect(throws: CSVReader.Failure.self) { try Self.read("a\n\"open\n") }
  }

  @Test func `text after a closing quote is kept`() throws {
    #expect(try Self.read("h\n\"a\"b\n").rows.map(\.fields) == [["ab"]])
  }

  @Test func `mutated CSV gives rows or a failure, never a crash`() throws {
    let seed = try ImportTestSupport.fixture("reporter/reporter-export.csv")
    var outcomes = (tables: 0, failures: 0)
    ImportTestSupport.fuzz(seed, count: 3000, rngSeed: 0xC5F) { bytes in
      do throws(CSVReader.Failure) {
        let table = try CSVReader.read(bytes)
        #expect(table.rows.enumerated().allSatisfy { $0.element.number == $0.offset + 1 })
        // Whatever was read survives writing it out and reading it back.
        let rewritten = CSVWriter.document([table.header] + table.rows.map(\.fields))
        let reread = try CSVReader.read(Array(rewritten.utf8))
        #expect(reread.header == table.header || table.header == [""])
        #expect(reread.rows.map(\.fields) == table.rows.map(\.fields))
        outcomes.tables += 1
      } catch {
        #expect(error.row >= 0 && error.field >= 1 && !error.reason.isEmpty)
        outcomes.failures += 1
      }
    }
    // Both outcomes occur, so the mutations reach the quoting rules and not only the happy path.
    #expect(outcomes.tables > 100 && outcomes.failures > 100)
  }
}

/// Reading a few records at a time gives exactly what reading the whole file gives.
struct CSVCursorTests {
  static let samples = [
    "h\n1\n\n2\n\n\r\n\n",
    "a,b\r\n1,\"p\r\nq\"\r\n2,3\r\n",
    "h\n\n\n\nx\n\n",
    "h\n\"\"\n\n,\nlast",
    "\u{FEFF}a,b,c\n,,\n\"\",x,",
    "",
    "\n\n",
    "h\n\"multi\nline\"\nnext\n",
  ]

  @Test(arguments: samples)
  func `every chunk size gives the whole file's records`(_ text: String) throws {
    let whole = try CSVReader.records(Array(text.utf8))
    for limit in 1...4 {
      var cursor = CSVReader.Cursor(Array(text.utf8))
      var pieces: [[String]] = []
      var calls = 0
      repeat {
        let chunk = try cursor.next(limit)
        #expect(chunk.count <= limit)
        pieces += chunk
        calls += 1
      } while !cursor.isAtEnd && calls < 100
      #expect(try cursor.next(limit).isEmpty)
      #expect(pieces == whole, "limit \(limit)")
    }
  }

  @Test func `a fault is reported at its record, chunked or not`() throws {
    let bytes = Array("h\nok\n".utf8) + [0xFF] + Array("\nafter\n".utf8)
    var cursor = CSVReader.Cursor(bytes)
    #expect(try cursor.next(2) == [["h"], ["ok"]])
    let failure = try #require(throws: CSVReader.Failure.self) { try cursor.next(2) }
    #expect(failure == CSVReader.Failure(row: 2, field: 1, reason: "invalid UTF-8"))
    #expect(throws: CSVReader.Failure(row: 2, field: 1, reason: "invalid UTF-8")) {
      try CSVReader.records(bytes)
    }
  }
}
