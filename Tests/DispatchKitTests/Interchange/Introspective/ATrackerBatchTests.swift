import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// A long ATracker file read in batches (so the store writes one while the next is read)
/// gives exactly what reading it whole gives, in the store as in the parse.
struct ATrackerBatchTests {
  typealias F = FamilyFixtures

  static func batches(_ bytes: [UInt8], rows: Int, path: String = "a.csv") throws
    -> [ImportBatch]
  {
    var batches: [ImportBatch] = []
    try ATrackerImport.parse(bytes, path: path, options: F.options(), rowsPerBatch: rows) {
      batches.append($0)
      return true
    }
    return batches
  }

  @Test(arguments: [1, 2, 3, 5, 100])
  func `batches hold the whole file's rows and problems, in order`(_ rows: Int) throws {
    for name in ["atracker.csv", "atracker-bad.csv"] {
      let bytes = try F.bytes(name)
      let whole = try F.parse(name)
      let parts = try Self.batches(bytes, rows: rows, path: name)
      #expect(parts.allSatisfy { $0.records.activities.count + $0.skipped <= rows })
      #expect(parts.flatMap(\.records.activities) == whole.records.activities, "\(name)")
      #expect(parts.flatMap(\.problems) == whole.problems)
      #expect(parts.map(\.skipped).reduce(0, +) == whole.skipped)
      // Each batch carries the definitions its activities refer to, first rows' versions.
      let byID = Dictionary(
        whole.records.activityDefinitions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
      for part in parts {
        let referenced = Set(part.records.activities.map(\.definitionID))
        #expect(Set(part.records.activityDefinitions.map(\.id)) == referenced)
        #expect(part.records.activityDefinitions.allSatisfy { byID[$0.id] == $0 })
      }
    }
  }

  @Test func `stopping after the first batch reads no further`() throws {
    var sent = 0
    try ATrackerImport.parse(
      try F.bytes("atracker.csv"), path: "a.csv", options: F.options(), rowsPerBatch: 2
    ) { _ in
      sent += 1
      return false
    }
    #expect(sent == 1)
  }

  @Test func `a store merges the batches as one file, over definitions it already has`() throws {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    // The store already knows "Reading" under an ID of its own.
    try ActivityCatalog.define("reading", in: store, environment: store.environment)
    let bytes = try F.bytes("atracker.csv")
    let first = try store.imports.importBatches(try Self.batches(bytes, rows: 3))
    #expect(first.files.map(\.path) == ["a.csv"])
    #expect(first["activitiesImported"] == 11)
    let whole = try F.parse("atracker.csv")
    #expect(
      try store.records.activities().map(\.id).sorted()
        == whole.records.activities.map(\.id).sorted())
    #expect(try store.records.activityDefinitions().count == 7)
    let again = try store.imports.importBatches(try Self.batches(bytes, rows: 4))
    #expect(!again.changedAnything)
    #expect(again["unchanged"] == 11)
  }

  @Test func `a row repeated in a later batch of a first import is one record`() throws {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    let row = "\"A\",\"\",\"2018-03-01 10:00\",\"2018-03-01 11:00\",\"\",1,\"\",\"\"\n"
    let text =
      ATrackerImportTests.header + row + row.replacingOccurrences(of: "11:00", with: "11:30")
    let summary = try store.imports.importBatches(try Self.batches(Array(text.utf8), rows: 1))
    #expect(summary["activitiesImported"] == 1 && summary["updated"] == 1)
    #expect(try store.records.activities().map { $0.end?.local.minute } == [30])
  }
}
