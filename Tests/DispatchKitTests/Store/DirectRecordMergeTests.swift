import DispatchKit
import Foundation
import Testing

/// Merging direct records (docs/import-export.md#how-imports-merge): counters, idempotence,
/// definitions by name.
struct DirectRecordMergeTests {
  let store: DispatchStore
  let time = RecordTime.at(
    Instant(milliseconds: 1_783_508_400_000), zone: "UTC", precision: .minute)

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
  }

  func batch(definitionName: String = "Reading", end: RecordTime? = nil) -> ImportBatch {
    var batch = ImportBatch(path: "a.csv", format: .atracker)
    batch.records.activityDefinitions = [
      ActivityDefinition(id: "def-1", name: definitionName, tags: ["Hobbies"], source: "ATracker")
    ]
    batch.records.activities = [
      ActivityRecord(id: "act-1", definitionID: "def-1", start: time, end: end, source: "ATracker")
    ]
    batch.records.medications = [Medication(id: "med-1", name: "Iron", defaultDosage: "50 mg")]
    batch.records.doses = [MedicationDose(id: "dose-1", medicationID: "med-1", time: time)]
    batch.records.ratings = [
      RatingRecord(id: "mood-1", kind: .mood, time: time, rating: 4, scale: .wellness)
    ]
    return batch
  }

  @Test func `a first import counts each kind, a second changes nothing`() throws {
    let first = try store.imports.importBatches([batch()])
    #expect(first["activitiesImported"] == 1)
    #expect(first["medicationsImported"] == 1)
    #expect(first["dosesImported"] == 1)
    #expect(first["moodsImported"] == 1)
    let again = try store.imports.importBatches([batch()])
    #expect(!again.changedAnything)
    #expect(again["unchanged"] == 4)
    #expect(try store.records.activities().count == 1)
    #expect(try store.records.ratings(.mood).first?.scale == .wellness)
  }

  @Test func `a definition of the same name in other case and accents is reused as it is`()
    throws
  {
    try store.imports.importBatches([batch(definitionName: "Réading")])
    var second = batch(definitionName: "reading")
    second.records.activities[0].id = "act-2"
    try store.imports.importBatches([second])
    let definitions = try store.records.activityDefinitions()
    #expect(definitions.map(\.name) == ["Réading"])
    #expect(try store.records.activities().allSatisfy { $0.definitionID == definitions[0].id })
  }

  @Test func `a running activity ended by a later export is updated, not duplicated`() throws {
    try store.imports.importBatches([batch()])
    let ended = RecordTime.at(time.instant.adding(seconds: 3600), zone: "UTC", precision: .minute)
    let summary = try store.imports.importBatches([batch(end: ended)])
    #expect(summary["updated"] == 1 && summary["activitiesImported"] == 0)
    #expect(try store.records.activities().first?.end == ended)
    #expect(try store.records.runningActivities().isEmpty)
  }
}

/// Saving a definition again must never take its records with it.
struct DefinitionResaveTests {
  @Test func `re-saving a definition or medication keeps its activities and doses`() throws {
    let store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    let time = RecordTime.at(Instant(milliseconds: 1_783_508_400_000), zone: "UTC")
    var definition = ActivityDefinition(id: "d", name: "Reading")
    try store.records.saveActivityDefinition(definition)
    try store.records.saveActivity(ActivityRecord(id: "a", definitionID: "d", start: time))
    definition.description = "books"
    try store.records.saveActivityDefinition(definition)
    #expect(try store.records.activities().count == 1)
    var medication = Medication(id: "m", name: "Iron")
    try store.records.saveMedication(medication)
    try store.records.saveDose(MedicationDose(id: "x", medicationID: "m", time: time))
    medication.defaultDosage = "50 mg"
    try store.records.saveMedication(medication)
    #expect(try store.records.doses().count == 1)
    #expect(try store.records.medication(named: "iron")?.defaultDosage == "50 mg")
  }
}
