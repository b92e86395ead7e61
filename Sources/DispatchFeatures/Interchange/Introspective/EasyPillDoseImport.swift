import DispatchCore
import DispatchStorage
import Foundation

/// Reads EasyPill's dose history export (docs/formats/introspective.md#easypill-doses).
///
/// Header `Pill name,Taken on,Time`, raw comma split like the medication list; dates are
/// zone-less `M/d/yy` and `HH:mm`, read in the import's default zone at minute precision.
public enum EasyPillDoseImport {
  static let header = ["Pill name", "Taken on", "Time"]

  /// Whether the file starts with EasyPill's dose header.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    FamilyCSV.headerFields(bytes).map(recognizes(header:)) ?? false
  }

  static func recognizes(header: [String]) -> Bool { header == Self.header }

  /// Parses an EasyPill dose history.
  ///
  /// The name is re-joined with its commas until a part reads as `M/d/yy`
  /// (docs/formats/introspective.md#easypill-doses). A row with no date, no time, a time that is
  /// not `HH:mm`, or (when `options.knownMedicationNames` is given) a medication that is neither
  /// stored nor defined elsewhere in the same run is skipped with a problem, as the original
  /// refused unknown medications.
  ///
  /// Each medication a dose names is added to the batch as a name-only reference with the ID an
  /// EasyPill medication list gives it; the merge maps it to the stored medication of that name
  /// and gives the dose that medication's default dosage.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not EasyPill's dose history.
  public static func parse(_ bytes: [UInt8], path: String, options: ImportOptions)
    throws(ImportError) -> ImportBatch
  {
    guard recognizes(bytes), let lines = EasyPillLines.lines(bytes) else {
      throw ImportError(.unrecognized, file: path, reason: "not an EasyPill dose history")
    }
    let dates = try FamilyCSV.zoneless(options, path: path)
    var batch = ImportBatch(path: path, format: .easypillDoses)
    var referenced = Set<String>()
    for line in lines {
      do throws(FamilyRowError) {
        let (name, time) = try read(line.parts, dates: dates)
        let key = NameKey.normalize(name)
        if let known = options.knownMedicationNames, !known.contains(key) {
          throw FamilyRowError(
            field: "Pill name", reason: "medication '\(name)' does not exist; import it first")
        }
        let medicationID = ImportIdentity.row(
          format: .easypillMedications, type: "medication", start: FamilyCSV.timeless,
          value: key)
        if referenced.insert(key).inserted {
          batch.records.medications.append(
            Medication(id: medicationID, name: name, source: RecordSource.easyPill))
        }
        batch.records.doses.append(
          MedicationDose(
            id: ImportIdentity.row(
              format: .easypillDoses, type: "dose", start: time.instant, value: key),
            medicationID: medicationID, time: time, source: RecordSource.easyPill))
      } catch {
        batch.skipped += 1
        batch.problems.append(
          ImportProblem(file: path, record: line.number, field: error.field, reason: error.reason))
      }
    }
    return batch
  }

  /// The medication name and the dose time of one line's parts.
  static func read(_ parts: [String], dates: ZonelessDate) throws(FamilyRowError)
    -> (name: String, time: RecordTime)
  {
    var index = 1
    while index < parts.count, !isDay(parts[index]) { index += 1 }
    guard index < parts.count else {
      throw FamilyRowError(field: "Taken on", reason: "no date found")
    }
    let name = parts[0..<index].joined(separator: ",")
    guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw FamilyRowError(field: "Pill name", reason: "no name found")
    }
    guard index + 1 < parts.count, !parts[index + 1].isEmpty else {
      throw FamilyRowError(field: "Time", reason: "no time found")
    }
    let clock = parts[index + 1]
    guard !clock.contains(" "),
      let time = ZonelessDate.easyPill(parts[index] + " " + clock).flatMap(dates.time)
    else {
      throw FamilyRowError(field: "Time", reason: "expected time but found '\(clock)'")
    }
    return (name, time)
  }

  /// Whether `text` is a real `M/d/yy` day.
  private static func isDay(_ text: String) -> Bool {
    !text.contains(" ") && ZonelessDate.easyPill(text)?.isValid == true
  }
}
