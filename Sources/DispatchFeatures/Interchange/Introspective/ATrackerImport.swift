import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads ATracker's CSV export of activities (docs/formats/introspective.md#atracker).
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

  /// Parses an ATracker export into one batch (see ``parse(_:path:options:rowsPerBatch:send:)``).
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not ATracker's CSV.
  public static func parse(_ bytes: [UInt8], path: String, options: ImportOptions)
    throws(ImportError) -> ImportBatch
  {
    var whole = ImportBatch(path: path, format: .atracker)
    try parse(bytes, path: path, options: options, rowsPerBatch: .max) { batch in
      whole = batch
      return true
    }
    return whole
  }

  /// Parses an ATracker export, handing it to `send` in batches of `rowsPerBatch` rows (so
  /// the store writes one while the next is read) until `send` returns false. A row without a
  /// name or start, or with a date that is not `yyyy-MM-dd HH:mm`, or that ends before it
  /// starts, is skipped with a problem.
  ///
  /// Definitions match by name ignoring case and accents (docs/formats/introspective.md#atracker):
  /// the first row of a name gives its description and tags (`|`-split, trimmed, empties dropped);
  /// later rows only add instances. Each batch carries the definitions its activities refer to. An
  /// empty end is a running activity. Each activity's ID comes from its name and start
  /// (docs/formats/dispatch-v2.md#deterministic-ids), so a later export in which a running activity
  /// has ended updates it rather than adding a second one (the fix
  /// docs/formats/introspective.md#atracker describes: match name and start).
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not ATracker's CSV.
  public static func parse(
    _ bytes: [UInt8], path: String, options: ImportOptions, rowsPerBatch: Int,
    send: (ImportBatch) -> Bool
  ) throws(ImportError) {
    // Read a batch of records at a time: the first batch is on its way to the store while
    // the rest of the file is still unread.
    var cursor = CSVReader.Cursor(bytes)
    func records(_ limit: Int) throws(ImportError) -> [[String]] {
      do {
        return try cursor.next(limit)
      } catch {
        throw ImportError(
          .unrecognized, file: path, reason: "not a readable ATracker CSV: \(error)")
      }
    }
    let header = try records(1).first ?? []
    guard recognizes(header: header) else {
      throw ImportError(.unrecognized, file: path, reason: "not an ATracker export")
    }
    let dates = try FamilyCSV.zoneless(options, path: path)
    let columns = FamilyColumns(header)
    // Folding is slow and an export repeats a few dozen names: fold each spelling once.
    var keys: [String: String] = [:]
    // Name key → its definition, from the first row of that name in the file.
    var definitions: [String: ActivityDefinition] = [:]
    var rowCount = 0
    repeat {
      let rows = try records(max(rowsPerBatch, 1)).map { fields in
        rowCount += 1
        return CSVReader.Row(number: rowCount, fields: fields)
      }
      for row in rows {
        if let name = columns.nonEmpty(Self.name, in: row.fields), keys[name] == nil {
          keys[name] = NameKey.normalize(name)
        }
      }
      // Reading a row (dates, the SHA-1 ID) does not depend on other rows: do it on every
      // core, then link definitions in file order, which is where the first row of a name wins.
      let outcomes = RowReading.parallelMap(rows) { [keys] row in
        Result { () throws(FamilyRowError) in
          try read(row, columns: columns, dates: dates, keys: keys)
        }
      }
      var batch = ImportBatch(path: path, format: .atracker)
      batch.records.activities.reserveCapacity(rows.count)
      var referenced: Set<String> = []
      for (row, outcome) in zip(rows, outcomes) {
        let parsed: ParsedRow
        switch outcome {
        case .success(let value): parsed = value
        case .failure(let error):
          batch.skipped += 1
          batch.problems.append(
            ImportProblem(file: path, record: row.number, field: error.field, reason: error.reason))
          continue
        }
        let definition =
          definitions[parsed.key]
          ?? ActivityDefinition(
            id: ImportIdentity.row(
              format: .atracker, type: "definition", start: FamilyCSV.timeless, value: parsed.key),
            name: parsed.name, description: columns.nonEmpty(descriptionColumn, in: row.fields),
            tags: FamilyCSV.tags(columns.value(tag, in: row.fields), trimming: true),
            sortOrder: definitions.count, source: RecordSource.atracker)
        definitions[parsed.key] = definition
        if referenced.insert(parsed.key).inserted {
          batch.records.activityDefinitions.append(definition)
        }
        batch.records.activities.append(
          ActivityRecord(
            id: parsed.id, definitionID: definition.id, start: parsed.start, end: parsed.end,
            note: parsed.note, source: RecordSource.atracker))
      }
      guard send(batch) else { return }
    } while !cursor.isAtEnd
  }

  /// One row read on its own: everything but the definition it belongs to.
  struct ParsedRow: Sendable {
    var name: String
    /// The name folded for case and accents: how definitions match
    /// (docs/formats/introspective.md#atracker).
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
