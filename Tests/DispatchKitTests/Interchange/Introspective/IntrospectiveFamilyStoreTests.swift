import DispatchKit
import Foundation
import Testing

/// The family through `ImportSources` and the store: detection by content, idempotent
/// re-import, running activities updated, EasyPill doses after their medications
/// (docs/formats/introspective.md#shared-import-rules).
struct IntrospectiveFamilyStoreTests {
  typealias F = FamilyFixtures
  let store: DispatchStore
  /// Removed with the test, so no run leaves files behind in the temporary folder.
  let directory: TemporaryDirectory
  var folder: URL { URL(fileURLWithPath: directory.path) }

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    directory = try TemporaryDirectory()
  }

  /// Writes `bytes` under a neutral name (detection never looks at names).
  func write(_ bytes: [UInt8], as name: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  func read(_ paths: [String], known: Set<String>? = nil) throws -> [ImportBatch] {
    let stored = Set(try store.records.medications().map { NameKey.normalize($0.name) })
    let names = known ?? stored
    return try ImportSources.read(paths, options: F.options(known: names))
  }

  static let formats: [(String, ImportFormat)] = [
    ("atracker.csv", .atracker), ("atracker-bad.csv", .atracker), ("wellness.csv", .wellness),
    ("wellness-bad.csv", .wellness), ("easypill-medications.csv", .easypillMedications),
    ("easypill-medications-bad.csv", .easypillMedications),
    ("easypill-doses.csv", .easypillDoses), ("easypill-doses-bad.csv", .easypillDoses),
    ("introspective-moods.csv", .introspectiveMoods),
    ("introspective-moods-bad.csv", .introspectiveMoods),
    ("introspective-activities.csv", .introspectiveActivities),
    ("introspective-activities-bad.csv", .introspectiveActivities),
    ("introspective-medications.csv", .introspectiveMedications),
    ("introspective-medications-12col.csv", .introspectiveMedications),
    ("introspective-medications-bad.csv", .introspectiveMedications),
  ]

  @Test func `every fixture is detected by content, whatever its name`() throws {
    for (index, (name, format)) in Self.formats.enumerated() {
      let path = try write(try F.bytes(name), as: "file-\(index).txt")
      let batches = try read([path], known: [])
      #expect(batches.map(\.format) == [format], "\(name)")
    }
  }

  @Test(arguments: [
    "", "%PDF-1.4\n", "\u{0}\u{1}\u{2}binary", "Task name,Task description,Start time\n",
    "Date,Rating\n5/1/18,4", "\"Name\",\"Start\"\n\"A\",\"B\"", "Pill name,Taken on\nA,3/1/18",
  ])
  func `a file in none of the formats is unrecognized`(_ text: String) throws {
    let path = try write(Array(text.utf8), as: "other.csv")
    #expect(IntrospectiveFamilyImport.detect(Array(text.utf8)) == nil)
    #expect(throws: ImportError.self) { try self.read([path]) }
    do {
      _ = try read([path])
    } catch let error as ImportError {
      #expect(error.kind == .unrecognized)
    }
  }

  @Test func `a re-import adds nothing and counts everything unchanged`() throws {
    let paths = try [
      "atracker.csv", "wellness.csv", "introspective-moods.csv",
      "introspective-activities.csv", "introspective-medications.csv",
    ].map { try write(try F.bytes($0), as: $0) }
    let first = try store.imports.importBatches(try read(paths))
    #expect(first["activitiesImported"] == 21 && first["moodsImported"] == 20)
    #expect(first["medicationsImported"] == 5 && first["dosesImported"] == 11)
    let again = try store.imports.importBatches(try read(paths))
    #expect(!again.changedAnything)
    let added = ["activitiesImported", "moodsImported", "medicationsImported", "dosesImported"]
      .reduce(0) { $0 + first[$1] }
    #expect(again["unchanged"] == added)
  }

  @Test func `a later export that ends a running activity updates it`() throws {
    let header =
      "Task name, Task description, Start time, End time, Duration,Duration in hours, Note, Tag\n"
    let running = try write(
      Array((header + "\"A\",\"\",\"2017-11-27 20:21\",\"\",\"\",0,\"\",\"\"").utf8), as: "one")
    let ended = try write(
      Array(
        (header + "\"A\",\"\",\"2017-11-27 20:21\",\"2017-11-27 21:19\",\"\",0,\"done\",\"\"").utf8),
      as: "two")
    try store.imports.importBatches(try read([running]))
    let summary = try store.imports.importBatches(try read([ended]))
    #expect(summary["activitiesImported"] == 0 && summary["updated"] == 1)
    let activities = try store.records.activities()
    #expect(activities.count == 1)
    #expect(activities.first.flatMap(\.end).map(F.local) == "2017-11-27 21:19")
    #expect(activities.first?.note == "done")
  }

  @Test func `EasyPill doses import after their medications, in any order, with their dosage`()
    throws
  {
    // Doses named first: the medication list of the same run still defines their names.
    let doses = try write(try F.bytes("easypill-doses.csv"), as: "a")
    let medications = try write(try F.bytes("easypill-medications.csv"), as: "b")
    let batches = try read([doses, medications])
    #expect(batches.map(\.format) == [.easypillMedications, .easypillDoses])
    let summary = try store.imports.importBatches(batches)
    #expect(summary["medicationsImported"] == 10 && summary["dosesImported"] == 10)
    #expect(summary["skipped"] == 0)
    let iron = try #require(try store.records.medication(named: "iron"))
    let ironDoses = try store.records.doses().filter { $0.medicationID == iron.id }
    #expect(ironDoses.count == 2 && ironDoses.allSatisfy { $0.dosage == "65 mg" })
    let again = try store.imports.importBatches(try read([doses, medications]))
    #expect(!again.changedAnything && again["unchanged"] == 20)
    // Later, alone: the stored medications are known.
    let bad = try write(try F.bytes("easypill-doses-bad.csv"), as: "c")
    let later = try store.imports.importBatches(try read([bad]))
    #expect(later["dosesImported"] == 2 && later["skipped"] == 5)
    #expect(later.problems.map(\.record) == [2, 3, 4, 5, 6])
  }

  @Test func `doses of an unknown medication are skipped without the list`() throws {
    let doses = try write(try F.bytes("easypill-doses.csv"), as: "a")
    let summary = try store.imports.importBatches(try read([doses]))
    #expect(summary["dosesImported"] == 0 && summary["skipped"] == 10)
    #expect(try store.records.medications().isEmpty)
  }
}
