import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads Introspective's own medication dose export
/// (docs/formats/introspective.md#introspective-csv-export,
/// docs/formats/introspective.md#reading-introspectives-exports-back).
///
/// Twelve header columns: the medication's `Name`, `Normal Dosage`, `Frequency`, `Started On`,
/// `Started On Time Zone`, `Notes`, `Definition Source`, `Record Screen Index`, then the dose's
/// `Dosage`, `Timestamp`, `Time Zone`, `Instance Source`. The app's exporter wrote only 11
/// fields per row (no `Record Screen Index` value), so every value from `Dosage` on sits one
/// column to the left; such rows are detected by their count and shifted back.
public enum IntrospectiveMedicationImport {
  static let header = [
    "Name", "Normal Dosage", "Frequency", "Started On", "Started On Time Zone", "Notes",
    "Definition Source", "Record Screen Index", "Dosage", "Timestamp", "Time Zone",
    "Instance Source",
  ]
  static let sources = [RecordSource.introspective, RecordSource.easyPill]

  /// Whether the file starts with Introspective's medication header.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    FamilyCSV.headerFields(bytes).map(recognizes(header:)) ?? false
  }

  static func recognizes(header: [String]) -> Bool {
    FamilyColumns(header).has(["Name", "Definition Source", "Timestamp", "Instance Source"])
  }

  /// Parses an Introspective medication export into medications and their doses; a bad row is
  /// skipped with a problem.
  ///
  /// The first row of a medication name (ignoring case and accents) defines it; a stored
  /// medication of that name stays as it is
  /// (docs/formats/introspective.md#reading-introspectives-exports-back). Dosages and frequencies
  /// are read as their text forms (docs/formats/introspective.md#dosage,
  /// docs/formats/introspective.md#frequency); `Started On` keeps the day the text names.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not Introspective's export.
  public static func parse(_ bytes: [UInt8], path: String, options: ImportOptions)
    throws(ImportError) -> ImportBatch
  {
    let table = try FamilyCSV.table(bytes, path: path, format: "Introspective medication")
    guard recognizes(header: table.header) else {
      throw ImportError(
        .unrecognized, file: path, reason: "not an Introspective medication export")
    }
    let columns = FamilyColumns(table.header)
    let legacy = table.header == header
    let dates = IntrospectiveDates()
    var batch = ImportBatch(path: path, format: .introspectiveMedications)
    var medications: [String: String] = [:]
    FamilyCSV.eachRow(table.rows, path: path, batch: &batch) {
      row, records throws(FamilyRowError) in
      var fields = row.fields
      if legacy, fields.count == header.count - 1 {
        fields.insert("", at: 7)
      }
      func value(_ name: String) -> String? { columns.nonEmpty(name, in: fields) }
      guard let name = value("Name") else {
        throw FamilyRowError(field: "Name", reason: "missing name")
      }
      let definitionSource = try source(value("Definition Source"), field: "Definition Source")
      let sortOrder = try FamilyCSV.screenIndex(
        value("Record Screen Index"), default: records.medications.count)
      let normalDosage = try dosage(value("Normal Dosage"), field: "Normal Dosage")
      var frequency: String?
      if let text = value("Frequency") {
        guard let parsed = Frequency(parsing: text) else {
          throw FamilyRowError(field: "Frequency", reason: "invalid frequency '\(text)'")
        }
        frequency = parsed.description
      }
      var startedOn: String?
      if let text = value("Started On") {
        guard let stamp = dates.parse(text) else {
          throw FamilyRowError(field: "Started On", reason: "invalid started on date '\(text)'")
        }
        startedOn = stamp.dateText
      }
      guard let stampText = value("Timestamp") else {
        throw FamilyRowError(field: "Timestamp", reason: "missing timestamp")
      }
      guard let stamp = dates.parse(stampText) else {
        throw FamilyRowError(field: "Timestamp", reason: "invalid timestamp '\(stampText)'")
      }
      let doseDosage = try dosage(value("Dosage"), field: "Dosage")
      let instanceSource = try source(value("Instance Source"), field: "Instance Source")
      let key = NameKey.normalize(name)
      let medicationID: String
      if let known = medications[key] {
        medicationID = known
      } else {
        medicationID = ImportIdentity.row(
          format: .introspectiveMedications, type: "medication", start: FamilyCSV.timeless,
          value: key)
        medications[key] = medicationID
        let zone = value("Started On Time Zone").flatMap { ZoneLookup.zone($0) == nil ? nil : $0 }
        records.medications.append(
          Medication(
            id: medicationID, name: name, defaultDosage: normalDosage, frequency: frequency,
            startedOn: startedOn, startedOnTimeZone: zone, notes: value("Notes"),
            sortOrder: sortOrder, source: definitionSource))
      }
      records.doses.append(
        MedicationDose(
          id: ImportIdentity.row(
            format: .introspectiveMedications, type: "dose", start: stamp.instant, value: key),
          medicationID: medicationID, time: stamp.recordTime(zone: value("Time Zone")),
          dosage: doseDosage, source: instanceSource))
    }
    return batch
  }

  /// A source name among ``sources``, or the row's problem.
  private static func source(_ text: String?, field: String) throws(FamilyRowError) -> String {
    guard let text else {
      throw FamilyRowError(field: field, reason: "missing \(field.lowercased())")
    }
    guard let canonical = FamilyCSV.source(text, among: sources) else {
      throw FamilyRowError(field: field, reason: "invalid \(field.lowercased()) '\(text)'")
    }
    return canonical
  }

  /// The dosage's text form (docs/formats/introspective.md#dosage), nil when empty, the row's
  /// problem when unreadable.
  private static func dosage(_ text: String?, field: String) throws(FamilyRowError) -> String? {
    guard let text else { return nil }
    guard let parsed = Dosage(parsing: text) else {
      throw FamilyRowError(field: field, reason: "invalid \(field.lowercased()) '\(text)'")
    }
    return parsed.description
  }
}
