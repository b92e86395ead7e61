import DispatchKit
import Testing

/// Deterministic fuzzing of every family importer (docs/architecture.md#tests): mutated fixtures
/// either parse into a batch of well-formed records or are refused whole; nothing traps.
struct IntrospectiveFamilyFuzzTests {
  typealias F = FamilyFixtures
  typealias Parse = @Sendable ([UInt8], String, ImportOptions) throws(ImportError) -> ImportBatch

  static let importers: [(name: String, fixtures: [String], parse: Parse)] = [
    ("ATracker", ["atracker.csv", "atracker-bad.csv"], ATrackerImport.parse),
    ("Wellness", ["wellness.csv", "wellness-bad.csv"], WellnessImport.parse),
    (
      "EasyPill medications", ["easypill-medications.csv", "easypill-medications-bad.csv"],
      EasyPillMedicationImport.parse
    ),
    ("EasyPill doses", ["easypill-doses.csv", "easypill-doses-bad.csv"], EasyPillDoseImport.parse),
    (
      "Introspective moods", ["introspective-moods.csv", "introspective-moods-bad.csv"],
      IntrospectiveMoodImport.parse
    ),
    (
      "Introspective activities",
      ["introspective-activities.csv", "introspective-activities-bad.csv"],
      IntrospectiveActivityImport.parse
    ),
    (
      "Introspective medications",
      ["introspective-medications.csv", "introspective-medications-bad.csv"],
      IntrospectiveMedicationImport.parse
    ),
  ]

  /// Every record of an accepted batch is well formed and joined to its batch.
  static func check(_ batch: ImportBatch) {
    let records = batch.records
    let definitions = Set(records.activityDefinitions.map(\.id))
    let medications = Set(records.medications.map(\.id))
    #expect(
      records.activities.allSatisfy { activity in
        definitions.contains(activity.definitionID)
          && (activity.end.map { $0.instant >= activity.start.instant } ?? true)
      })
    #expect(records.doses.allSatisfy { medications.contains($0.medicationID) })
    #expect(records.ratings.allSatisfy { $0.scale.contains($0.rating) && $0.rating.isFinite })
    #expect(records.medications.allSatisfy { !$0.name.isEmpty })
    #expect(records.activityDefinitions.allSatisfy { !$0.name.isEmpty })
    #expect(batch.skipped == batch.problems.count)
    #expect(batch.problems.allSatisfy { $0.record >= 1 && !$0.reason.isEmpty })
  }

  @Test(arguments: 0..<7)
  func `mutated fixtures never trap and never give a malformed record`(_ index: Int) throws {
    let importer = Self.importers[index]
    let options = F.options(rescale: index % 2 == 0, known: index == 3 ? ["melatonin"] : nil)
    var accepted = 0
    for (offset, name) in importer.fixtures.enumerated() {
      let seed = try F.bytes(name)
      ImportTestSupport.fuzz(seed, count: 700, rngSeed: 0xFA_0000 + UInt64(index * 2 + offset)) {
        bytes in
        do throws(ImportError) {
          Self.check(try importer.parse(bytes, "fuzz.csv", options))
          accepted += 1
        } catch {
          #expect(error.kind == .unrecognized)
        }
      }
    }
    #expect(accepted > 0, "\(importer.name)")
  }
}
