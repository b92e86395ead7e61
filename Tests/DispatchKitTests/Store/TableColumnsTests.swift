import DispatchKit
import Testing

@testable import DispatchStorage

/// Every declared column list matches the table the shipped migrations create: the same
/// columns, in a type and nullability the schema agrees with, so an `INSERT` generated from the
/// declaration binds what the table holds.
struct TableColumnsTests {
  struct Declared: CustomTestStringConvertible, Sendable {
    let table: String
    let columns: [(name: String, type: ColumnType)]
    let keptElsewhere: [String]
    var testDescription: String { table }
  }

  static let declarations: [Declared] = [
    declared(RatingRecord.table), declared(ActivityDefinition.table),
    declared(ActivityRecord.table), declared(Medication.table), declared(MedicationDose.table),
    declared(StressCheckIn.table), declared(MetricContextEntry.table),
    declared(LostItemEvent.table), declared(Question.table), declared(PromptRecord.table),
    declared(PromptGroup.table), declared(Report.table), declared(Report.locationTable),
    declared(Report.weatherTable), declared(Report.photoTable), declared(Report.healthTable),
    declared(Report.stateOfMindTable), declared(Response.table), declared(Response.valueTable),
    declared(Response.locationTable), declared(HealthSampleColumns.table),
    declared(HealthWorkoutRow.table), declared(Person.table),
    declared(Person.alternateNameTable),
  ]

  static func declared<Record>(_ table: TableColumns<Record>) -> Declared {
    Declared(
      table: table.table, columns: table.columns.map { ($0.name, $0.type) },
      keptElsewhere: table.keptElsewhere)
  }

  @Test(arguments: declarations)
  func `the declaration matches the migrated table`(_ declared: Declared) throws {
    let store = try DispatchStore()
    let info = try store.database.rows(
      "SELECT name, type, \"notnull\" FROM pragma_table_info(?)", [declared.table])
    let schema = Dictionary(
      uniqueKeysWithValues: info.map { ($0.string(0) ?? "", ($0.string(1) ?? "", $0.bool(2))) })
    #expect(Set(declared.columns.map(\.name) + declared.keptElsewhere) == Set(schema.keys))
    for column in declared.columns {
      let stored = try #require(schema[column.name])
      #expect(stored.0 == column.type.affinity, "\(declared.table).\(column.name)")
      #expect(stored.1 == !column.type.isNullable, "\(declared.table).\(column.name) NOT NULL")
    }
  }

  @Test func `statements and values come from the one list`() {
    let table = MedicationDose.table
    #expect(table.selectList.hasPrefix("id, medication_id, date_ms, time_zone"))
    #expect(
      table.statements.insert
        == "INSERT INTO medication_doses (\(table.selectList)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    let dose = MedicationDose(
      id: "d", medicationID: "m",
      time: RecordTime(Instant(milliseconds: 5), timeZoneIdentifier: nil, utcOffsetSeconds: 3600),
      dosage: "1 mg", source: "test")
    #expect(
      table.values(of: dose) == [
        .text("d"), .text("m"), .integer(5), .null, .integer(3600), .text("exact"), .text("1 mg"),
        .text("test"),
      ])
  }

  @Test func `rows decode by name whatever order a query selects them in`() throws {
    let store = try DispatchStore()
    let dose = MedicationDose(
      id: "d", medicationID: "m",
      time: RecordTime(Instant(milliseconds: 5), timeZoneIdentifier: "UTC", utcOffsetSeconds: 0),
      dosage: nil, source: "test")
    try store.records.saveMedication(
      Medication(id: "m", name: "Vitamin D", sortOrder: 0, source: "test"))
    try store.records.saveDose(dose)
    let reversed = MedicationDose.table.names.reversed().joined(separator: ", ")
    let rows = try store.database.rows("SELECT \(reversed) FROM medication_doses")
    #expect(try MedicationDose.decode(rows) == [dose])
  }
}
