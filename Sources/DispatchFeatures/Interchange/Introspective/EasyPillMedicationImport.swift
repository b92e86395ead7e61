import DispatchCore
import DispatchStorage
import Foundation

/// Reads EasyPill's medication list export (docs/formats/introspective.md#easypill-medications).
///
/// Header `Pill name,Notes,Dosage,Frequency,How many times per day,How many days,Starting,…`.
/// EasyPill does not quote fields, so names, notes and frequencies that contain commas shift
/// the columns; the original's re-alignment heuristic is kept, with its dosage quirk fixed.
public enum EasyPillMedicationImport {
  static let columns = ["Pill name", "Notes", "Dosage", "Frequency"]

  /// Whether the file starts with EasyPill's medication header.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    FamilyCSV.headerFields(bytes).map(recognizes(header:)) ?? false
  }

  static func recognizes(header: [String]) -> Bool {
    header.starts(with: columns) && header.contains("Starting")
  }

  /// One row's medication, read as docs/formats/introspective.md#easypill-medications describes,
  /// before it gets an ID.
  struct Row: Equatable {
    var name: String
    var notes: String?
    var dosage: String?
    var frequency: String?
    var startedOn: String
  }

  /// Parses an EasyPill medication list. A row whose columns cannot be aligned, that has no
  /// name, too few columns, or no readable `Starting` date is skipped with a problem (the
  /// original crashed on the last two). Stored medications of the same name take the file's
  /// fields (`updatesStoredMedications`), as the original's non-new-only import did.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not EasyPill's medication list.
  public static func parse(_ bytes: [UInt8], path: String, options: ImportOptions)
    throws(ImportError) -> ImportBatch
  {
    guard recognizes(bytes), let lines = EasyPillLines.lines(bytes) else {
      throw ImportError(.unrecognized, file: path, reason: "not an EasyPill medication list")
    }
    _ = try FamilyCSV.zoneless(options, path: path)
    var batch = ImportBatch(path: path, format: .easypillMedications)
    batch.records.updatesStoredMedications = true
    var positions: [String: Int] = [:]
    for line in lines {
      do throws(FamilyRowError) {
        let row = try read(line.parts)
        let key = NameKey.normalize(row.name)
        let medication = Medication(
          id: ImportIdentity.row(
            format: .easypillMedications, type: "medication", start: FamilyCSV.timeless,
            value: key),
          name: row.name, defaultDosage: row.dosage, frequency: row.frequency,
          startedOn: row.startedOn, startedOnTimeZone: options.defaultTimeZone, notes: row.notes,
          sortOrder: batch.records.medications.count, source: RecordSource.easyPill)
        // A second row of the same name updates the first, as the original's import did.
        if let position = positions[key] {
          batch.records.medications[position] = medication
        } else {
          positions[key] = batch.records.medications.count
          batch.records.medications.append(medication)
        }
      } catch {
        batch.skipped += 1
        batch.problems.append(
          ImportProblem(file: path, record: line.number, field: error.field, reason: error.reason))
      }
    }
    return batch
  }

  /// The column re-alignment of docs/formats/introspective.md#easypill-medications on one line's
  /// comma-separated parts.
  static func read(_ parts: [String]) throws(FamilyRowError) -> Row {
    // Step 1: an empty first part means the name itself started with a comma.
    var offset = 0
    var name = parts.first ?? ""
    if name.isEmpty {
      guard parts.count > 1, !parts[1].isEmpty else {
        throw FamilyRowError(field: "Pill name", reason: "no name found")
      }
      name = "," + parts[1]
      offset = 1
    }
    // Step 2: tentative positions.
    let notesIndex = offset + 1
    let frequencyIndex = offset + 3
    guard frequencyIndex < parts.count else {
      throw FamilyRowError(field: nil, reason: "does not have the right number of columns")
    }
    // Step 3: move right until the frequency is one EasyPill writes; `every 2,5 hours` has a
    // decimal comma, so its parts are joined with a point instead of skipped.
    var first = frequencyIndex
    var last = frequencyIndex
    var frequency = parts[frequencyIndex]
    while !Frequency.isEasyPillFrequency(frequency) {
      guard last + 1 < parts.count else {
        throw FamilyRowError(field: "Frequency", reason: "unable to align columns")
      }
      last += 1
      if frequency.hasPrefix("every"), frequency.last?.isASCII == true,
        frequency.last?.isNumber == true
      {
        frequency += "." + parts[last]
      } else {
        first = last
        frequency = parts[last]
      }
    }
    // Step 4: the dosage is the part just before the frequency's *first* part. The original
    // took the part two before the last one, wrong for an `every N days` that needed no merge.
    let dosageText = parts[first - 1]
    let notes = parts[notesIndex..<(first - 1)].joined(separator: ",")
    // Step 5: `Starting` is three parts after the frequency; the original force-unwrapped it.
    let startingIndex = last + 3
    guard startingIndex < parts.count, !parts[startingIndex].isEmpty else {
      throw FamilyRowError(field: "Starting", reason: "could not get started on date")
    }
    let starting = parts[startingIndex]
    guard let day = ZonelessDate.easyPill(starting), !starting.contains(" "), day.isValid else {
      throw FamilyRowError(field: "Starting", reason: "invalid started-on date '\(starting)'")
    }
    return Row(
      name: name, notes: notes.isEmpty ? nil : notes,
      dosage: Dosage(parsing: dosageText)?.description,
      frequency: Frequency.easyPill(frequency)?.description, startedOn: day.dateText)
  }
}
