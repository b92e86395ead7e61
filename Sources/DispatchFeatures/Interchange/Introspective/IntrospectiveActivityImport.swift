import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads Introspective's own activity export
/// (docs/formats/introspective.md#introspective-csv-export,
/// docs/formats/introspective.md#reading-introspectives-exports-back).
///
/// Eighteen quoted columns, six for the definition (`Name`, `Description`, `Definition Tags`,
/// `Definition Source`, `Auto Note`, `Record Screen Index`) and twelve for the instance
/// (`Start`, `Start Set At`, `Start Time Zone`, `Start Date Offset`, `End`, `End Set At`,
/// `End Time Zone`, `End Date Offset`, `Total Duration Offset`, `Note`, `Extra Tags`,
/// `Instance Source`). Columns are looked up by name, so older layouts without the set-at and
/// offset columns read too; the offsets are derived and ignored.
public enum IntrospectiveActivityImport {
  static let sources = [RecordSource.introspective, RecordSource.atracker]

  /// Whether the file starts with Introspective's activity header.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    FamilyCSV.headerFields(bytes).map(recognizes(header:)) ?? false
  }

  static func recognizes(header: [String]) -> Bool {
    FamilyColumns(header).has(["Name", "Definition Source", "Start"])
  }

  /// Parses an Introspective activity export; a bad row is skipped with a problem.
  ///
  /// Definitions match by name ignoring case and accents; the first row of a name gives the
  /// description, `|`-split trimmed tags and auto-note flag, and every row's definition fields
  /// must still be valid (`Auto Note` exactly `true`/`false`, a whole `Record Screen Index`, a
  /// `Definition Source` of Introspective or ATracker). `Instance Source` is kept (the original
  /// ignored it); `Extra Tags` split on `|` untrimmed, as written. Set-at stamps are read back
  /// as the instants they name. The ID comes from name and start, so an export in which a
  /// running activity has since ended updates it.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not Introspective's export.
  public static func parse(_ bytes: [UInt8], path: String, options: ImportOptions)
    throws(ImportError) -> ImportBatch
  {
    let table = try FamilyCSV.table(bytes, path: path, format: "Introspective activity")
    guard recognizes(header: table.header) else {
      throw ImportError(.unrecognized, file: path, reason: "not an Introspective activity export")
    }
    let columns = FamilyColumns(table.header)
    let dates = IntrospectiveDates()
    var batch = ImportBatch(path: path, format: .introspectiveActivities)
    var definitions: [String: String] = [:]
    FamilyCSV.eachRow(table.rows, path: path, batch: &batch) {
      row, records throws(FamilyRowError) in
      let fields = row.fields
      func value(_ name: String) -> String? { columns.value(name, in: fields) }
      guard let name = columns.nonEmpty("Name", in: fields) else {
        throw FamilyRowError(field: "Name", reason: "missing name")
      }
      let autoNote: Bool
      switch value("Auto Note") ?? "false" {
      case "true": autoNote = true
      case "false": autoNote = false
      case let other:
        throw FamilyRowError(field: "Auto Note", reason: "'\(other)' must be true or false")
      }
      let sortOrder = try FamilyCSV.screenIndex(
        value("Record Screen Index"), default: records.activityDefinitions.count)
      let definitionSource = try source(value("Definition Source"), field: "Definition Source")
      let start = try stamp(value("Start"), field: "Start", dates: dates, required: true)
      let startSetAt = try stamp(value("Start Set At"), field: "Start Set At", dates: dates)
      let end = try stamp(value("End"), field: "End", dates: dates)
      let endSetAt = try stamp(value("End Set At"), field: "End Set At", dates: dates)
      // A layout without the column (the 13-column one) has Introspective instances.
      var instanceSource = RecordSource.introspective
      if let text = value("Instance Source") {
        instanceSource = try source(text, field: "Instance Source")
      }
      guard let start else { throw FamilyRowError(field: "Start", reason: "missing start") }
      if let end, end.instant < start.instant {
        throw FamilyRowError(field: "End", reason: "the end is before the start")
      }
      let key = NameKey.normalize(name)
      let definitionID: String
      if let known = definitions[key] {
        definitionID = known
      } else {
        definitionID = ImportIdentity.row(
          format: .introspectiveActivities, type: "definition", start: FamilyCSV.timeless,
          value: key)
        definitions[key] = definitionID
        records.activityDefinitions.append(
          ActivityDefinition(
            id: definitionID, name: name, description: columns.nonEmpty("Description", in: fields),
            tags: FamilyCSV.tags(value("Definition Tags"), trimming: true), autoNote: autoNote,
            sortOrder: sortOrder, source: definitionSource))
      }
      records.activities.append(
        ActivityRecord(
          id: ImportIdentity.row(
            format: .introspectiveActivities, type: "activity", start: start.instant, value: key),
          definitionID: definitionID, start: start.recordTime(zone: value("Start Time Zone")),
          startSetAt: startSetAt?.instant, end: end?.recordTime(zone: value("End Time Zone")),
          endSetAt: endSetAt?.instant, note: columns.nonEmpty("Note", in: fields),
          tags: FamilyCSV.tags(value("Extra Tags"), trimming: false), source: instanceSource))
    }
    return batch
  }

  /// A source name among ``sources``, or the row's problem.
  private static func source(_ text: String?, field: String) throws(FamilyRowError) -> String {
    guard let text, !text.isEmpty else {
      throw FamilyRowError(field: field, reason: "missing \(field.lowercased())")
    }
    guard let canonical = FamilyCSV.source(text, among: sources) else {
      throw FamilyRowError(field: field, reason: "invalid \(field.lowercased()) '\(text)'")
    }
    return canonical
  }

  /// The timestamp in `text`: nil when empty (or absent), the row's problem when unreadable.
  private static func stamp(
    _ text: String?, field: String, dates: IntrospectiveDates, required: Bool = false
  ) throws(FamilyRowError) -> IntrospectiveDates.Stamp? {
    guard let text, !text.isEmpty else {
      if required { throw FamilyRowError(field: field, reason: "missing \(field.lowercased())") }
      return nil
    }
    guard let parsed = dates.parse(text) else {
      throw FamilyRowError(
        field: field, reason: "invalid \(field.lowercased()) date/time '\(text)'")
    }
    return parsed
  }
}
