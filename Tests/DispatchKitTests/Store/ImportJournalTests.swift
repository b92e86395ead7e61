import DispatchKit
import Foundation
import Testing

@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchStorage

/// An Apple Health import that made way for other writers is still all or nothing
/// (docs/cli.md#a-busy-store): when it fails afterwards, every Health table is as it was,
/// including the rows it replaced (a day's activity summary, a characteristic).
struct ImportJournalTests {
  /// Removed with the test, so no run leaves a store behind in the temporary folder.
  let directory: TemporaryDirectory
  var folder: String { directory.path }
  var path: String { folder + "/store.sqlite" }
  let options = ImportOptions(defaultTimeZone: "America/New_York")

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Every Health table's rows (and row ids), as text.
  static func dump(_ database: Database) throws -> [String: [String]] {
    var tables: [String: [String]] = [:]
    let names = try database.rows(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND (name LIKE 'health_%' OR name LIKE 'import_%')"
    ).map { try $0.requiredString(0) }
    for name in names {
      let withoutRowID =
        try database.rows("SELECT sql FROM sqlite_schema WHERE name = ?", [name]).first?.string(0)?
        .contains("WITHOUT ROWID") ?? false
      let select = withoutRowID ? "SELECT * FROM \(name)" : "SELECT rowid, * FROM \(name)"
      tables[name] = try database.rows(select).map { "\($0.values)" }.sorted()
    }
    return tables
  }

  /// The fixture export with a later date of birth and a changed activity summary, and a
  /// synthetic export of new samples beside it: several batches, some replacing rows.
  func newerExports() throws -> [String] {
    let fixture = try HealthImportTests.fixturePath("export.xml")
    var text = try String(contentsOfFile: fixture, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "DateOfBirth=\"1990-05-17\"", with: "DateOfBirth=\"1990-05-18\"")
    text = text.replacingOccurrences(
      of: "activeEnergyBurned=\"512.338\"", with: "activeEnergyBurned=\"700\"")
    let changed = folder + "/changed/export.xml"
    try FileManager.default.createDirectory(
      atPath: folder + "/changed", withIntermediateDirectories: true)
    try text.write(toFile: changed, atomically: true, encoding: .utf8)
    var options = SyntheticHealthOptions()
    options.days = 20
    var bytes: [UInt8] = []
    _ = SyntheticHealthExport.write(options) { bytes.append(contentsOf: $0) }
    let synthetic = folder + "/synthetic/export.xml"
    try FileManager.default.createDirectory(
      atPath: folder + "/synthetic", withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: synthetic))
    // The changed fixture last: its date of birth is the one that stays.
    return [synthetic, changed]
  }

  struct Stop: Error {}

  @Test func `an import that fails after making way leaves every Health table as it was`() throws {
    let store = try DispatchStore(path: path, access: .write)
    try store.importFiles([try HealthImportTests.fixturePath("export.xml")], options: options)
    let reader = try Database(path: path, mode: .readOnly)
    let before = try Self.dump(reader)
    let samplesBefore = try reader.scalarInt("SELECT count(*) FROM health_samples") ?? 0

    var batches: [ImportBatch] = []
    try ImportSources.stream(try newerExports(), options: options) {
      batches.append($0)
      return true
    }
    try #require(batches.count >= 3)
    let flag = WriterWaiting(storePath: path)
    var index = 0
    var sawJournal = false
    var sawPartImport = false
    #expect(throws: Stop.self) {
      try store.imports.importBatches(next: {
        sawJournal = try sawJournal || reader.scalarInt("SELECT count(*) FROM import_journal") == 1
        sawPartImport =
          try sawPartImport
          || (reader.scalarInt("SELECT count(*) FROM health_samples") ?? 0) > samplesBefore
        guard index < batches.count else { throw Stop() }
        // A writer waits: the import looks every quarter second and makes way.
        flag.raise()
        usleep(300_000)
        index += 1
        return batches[index - 1]
      })
    }
    #expect(sawJournal, "the import never made way: the test proves nothing")
    #expect(sawPartImport)
    #expect(try Self.dump(reader) == before)
  }

  @Test func `a completed import that made way leaves no journal and the newer rows`() throws {
    let store = try DispatchStore(path: path, access: .write)
    try store.importFiles([try HealthImportTests.fixturePath("export.xml")], options: options)
    var batches: [ImportBatch] = []
    try ImportSources.stream(try newerExports(), options: options) {
      batches.append($0)
      return true
    }
    let flag = WriterWaiting(storePath: path)
    var remaining = batches.makeIterator()
    let summary = try store.imports.importBatches(next: {
      flag.raise()
      usleep(300_000)
      return remaining.next()
    })
    #expect(summary["recordsImported"] > 0)
    let reader = try Database(path: path, mode: .readOnly)
    #expect(try reader.scalarInt("SELECT count(*) FROM import_journal") == 0)
    #expect(try reader.scalarInt("SELECT count(*) FROM import_replaced_activity_summaries") == 0)
    #expect(
      try reader.rows(
        "SELECT value FROM health_characteristics WHERE key = 'HKCharacteristicTypeIdentifierDateOfBirth'"
      ).first?.string(0) == "1990-05-18")
    #expect(
      try reader.rows(
        "SELECT active_energy FROM health_activity_summaries WHERE day = '2024-03-08'"
      ).first?.double(0) == 700)
    // The same batches again, in one transaction: nothing new.
    var again = batches.makeIterator()
    let repeated = try store.imports.importBatches(next: { again.next() })
    #expect(!repeated.changedAnything)
  }

  @Test func `a raised flag changes nothing for an import that merged reports first`() throws {
    let store = try DispatchStore(path: path, access: .write)
    let base = try #require(Bundle.module.resourceURL)
    let reporter = base.appendingPathComponent("Fixtures/reporter/v1x-export.json").path
    var batches: [ImportBatch] = []
    try ImportSources.stream(
      [reporter, try HealthImportTests.fixturePath("export.xml")], options: options
    ) {
      batches.append($0)
      return true
    }
    // Health batches come first wherever the export is named; a report batch after them ends
    // the making way; here the Reporter batch is handed over first.
    #expect(batches.first?.format == .appleHealth)
    #expect(batches.last?.format != .appleHealth)
    let flag = WriterWaiting(storePath: path)
    var remaining = batches.reversed().makeIterator()
    let reader = try Database(path: path, mode: .readOnly)
    var sawJournal = false
    try store.imports.importBatches(next: {
      sawJournal = try sawJournal || reader.scalarInt("SELECT count(*) FROM import_journal") == 1
      flag.raise()
      usleep(300_000)
      return remaining.next()
    })
    #expect(!sawJournal)
  }
}
