import Foundation

/// Reads ATracker's CSV export of activities (reference/introspective.md §6.2).
///
/// Header `Task name, Task description, Start time, End time, Duration,Duration in hours,
/// Note, Tag`; since the header uses ", " separators the columns are looked up with their
/// leading spaces. Dates are zone-less `yyyy-MM-dd HH:mm`, read in the import's default zone
/// at minute precision. The duration columns are ignored (they are derived).
public enum ATrackerImport {
  /// The columns read, exactly as the header spells them.
  static let name = "Task name"
  static let descriptionColumn = " Task description"
  static let start = " Start time"
  static let end = " End time"
  static let note = " Note"
  static let tag = " Tag"

  /// Whether the file starts with ATracker's header.
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    FamilyCSV.headerFields(bytes).map(recognizes(header:)) ?? false
  }

  static func recognizes(header: [String]) -> Bool {
    header.first == name && FamilyColumns(header).has([start, end])
  }

  /// Parses an ATracker export. A row without a name or start, or with a date that is not
  /// `yyyy-MM-dd HH:mm`, or that ends before it starts, is skipped with a problem.
  ///
  /// Definitions match by name ignoring case and accents (§6.2): the first row of a name gives
  /// its description and tags (`|`-split, trimmed, empties dropped); later rows only add
  /// instances. An empty end is a running activity. Each activity's ID comes from its name and
  /// start (SPEC §5.0.1), so a later export in which a running activity has ended updates it
  /// rather than adding a second one (the fix §6.2 recommends: match name and start).
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not ATracker's CSV.
  public static func parse(_ bytes: [UInt8], path: String, options: ImportOptions)
    throws(ImportError) -> ImportBatch
  {
    let table = try FamilyCSV.table(bytes, path: path, format: "ATracker")
    guard recognizes(header: table.header) else {
      throw ImportError(.unrecognized, file: path, reason: "not an ATracker export")
    }
    let dates = try FamilyCSV.zoneless(options, path: path)
    let columns = FamilyColumns(table.header)
    // Reading a row (dates, the SHA-1 ID) does not depend on other rows: do it on every core,
    // then link definitions in file order, which is where the first row of a name wins.
    // Folding is slow and an export repeats a few dozen names: fold each spelling once.
    var keys: [String: String] = [:]
    for row in table.rows {
      if let name = columns.nonEmpty(Self.name, in: row.fields), keys[name] == nil {
        keys[name] = NameKey.normalize(name)
      }
    }
    let rows = RowReading.parallelMap(table.rows) { [keys] row in
      Result { () throws(FamilyRowError) in
        try read(row, columns: columns, dates: dates, keys: keys)
      }
    }
    var batch = ImportBatch(path: path, format: .atracker)
    batch.records.activities.reserveCapacity(table.rows.count)
    var definitions: [String: String] = [:]
    for (row, outcome) in zip(table.rows, rows) {
      let parsed: ParsedRow
      switch outcome {
      case .success(let value): parsed = value
      case .failure(let error):
        batch.skipped += 1
        batch.problems.append(
          ImportProblem(file: path, record: row.number, field: error.field, reason: error.reason))
        continue
      }
      let definitionID: String
      if let known = definitions[parsed.key] {
        definitionID = known
      } else {
        definitionID = ImportIdentity.row(
          format: .atracker, type: "definition", start: FamilyCSV.timeless, value: parsed.key)
        definitions[parsed.key] = definitionID
        let fields = row.fields
        batch.records.activityDefinitions.append(
          ActivityDefinition(
            id: definitionID, name: parsed.name,
            description: columns.nonEmpty(descriptionColumn, in: fields),
            tags: FamilyCSV.tags(columns.value(tag, in: fields), trimming: true),
            sortOrder: batch.records.activityDefinitions.count, source: RecordSource.atracker))
      }
      batch.records.activities.append(
        ActivityRecord(
          id: parsed.id, definitionID: definitionID, start: parsed.start, end: parsed.end,
          note: parsed.note, source: RecordSource.atracker))
    }
    return batch
  }

  /// One row read on its own: everything but the definition it belongs to.
  struct ParsedRow: Sendable {
    var name: String
    /// The name folded for case and accents: how definitions match (§6.2).
    var key: String
    var start: RecordTime
    var end: RecordTime?
    /// Notes keep their line breaks; an empty note is none (Dispatch has no empty notes).
    var note: String?
    var id: String
  }

  static func read(
    _ row: CSVReader.Row, columns: FamilyColumns, dates: ZonelessDate, keys: [String: String]
  ) throws(FamilyRowError) -> ParsedRow {
    let fields = row.fields
    guard let name = columns.nonEmpty(Self.name, in: fields) else {
      throw FamilyRowError(field: Self.name, reason: "no name given for activity")
    }
    guard let startText = columns.nonEmpty(start, in: fields) else {
      throw FamilyRowError(field: start, reason: "missing start")
    }
    guard let startTime = ZonelessDate.atracker(startText).flatMap(dates.time) else {
      throw FamilyRowError(
        field: start, reason: "invalid format for start date/time '\(startText)'")
    }
    var endTime: RecordTime?
    if let endText = columns.nonEmpty(end, in: fields) {
      guard let parsed = ZonelessDate.atracker(endText).flatMap(dates.time) else {
        throw FamilyRowError(field: end, reason: "invalid format for end date/time '\(endText)'")
      }
      guard parsed.instant >= startTime.instant else {
        throw FamilyRowError(field: end, reason: "the end '\(endText)' is before the start")
      }
      endTime = parsed
    }
    let key = keys[name] ?? NameKey.normalize(name)
    return ParsedRow(
      name: name, key: key, start: startTime, end: endTime,
      note: columns.nonEmpty(note, in: fields),
      id: ImportIdentity.row(
        format: .atracker, type: "activity", start: startTime.instant, value: key))
  }
}
