import DispatchCore
import DispatchStorage
import DispatchSupport

/// Reads Reporter's CSV export into an ``ImportBatch`` (docs/formats/reporter.md#reporter-csv).
///
/// Nine fixed columns, then one column per question prompt; the prompt columns are the
/// file's question list (docs/formats/reporter.md#reporter-csv), with types inferred from the
/// cells. Records carry no IDs, so reports, responses, tokens and questions get deterministic
/// UUIDv5 IDs, the same as the JSON export of the same snapshot gets; the reports merge with stored
/// reports of the same instant, adding only what the store lacks.
public enum ReporterCSVImport {
  /// The fixed columns, in order.
  public static let fixedColumns = [
    "Timestamp of Report (GMT)", "Timestamp of Report (Local Time)", "Latitude", "Longitude",
    "Weather", "Number of Photos Added", "Ambient Audio (dB)", "Ambient Audio Description",
    "Number of Steps",
  ]

  /// Whether the header starts with `Timestamp of Report (GMT)` (after an optional BOM).
  public static func recognizes(_ bytes: [UInt8]) -> Bool {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    return body.starts(with: Array(fixedColumns[0].utf8))
  }

  /// Parses a Reporter CSV export. Rows with an unreadable timestamp or the wrong number of
  /// fields are skipped with a problem; empty answer cells give no response.
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the bytes are not CSV or the fixed header
  ///   columns are not Reporter's.
  public static func parse(_ bytes: [UInt8], path: String) throws(ImportError) -> ImportBatch {
    let table: CSVReader.Table
    do {
      table = try CSVReader.read(bytes)
    } catch {
      throw ImportError(.unrecognized, file: path, reason: "not a Reporter CSV export: \(error)")
    }
    for (index, name) in fixedColumns.enumerated()
    where index >= table.header.count || table.header[index] != name {
      throw ImportError(
        .unrecognized, file: path,
        reason: "not a Reporter CSV export: column \(index + 1) is not '\(name)'")
    }
    var batch = ImportBatch(path: path, format: .reporterCSV, mergesByInstant: true)
    // Prompt columns; an unnamed trailing column (a header ending in a comma) or a repeated
    // prompt is no question: the first column of a prompt wins.
    var columns: [(index: Int, prompt: String)] = []
    for index in fixedColumns.count..<table.header.count {
      let prompt = table.header[index]
      if prompt.isEmpty || columns.contains(where: { $0.prompt == prompt }) { continue }
      columns.append((index, prompt))
    }
    var rows: [(row: CSVReader.Row, report: Report)] = []
    var seen = Set<String>()
    for row in table.rows {
      do throws(V2RecordError) {
        guard row.fields.count == table.header.count else {
          throw V2RecordError(
            field: nil,
            reason: "expected \(table.header.count) fields, found \(row.fields.count)")
        }
        var notes: V2Notes = []
        let report = try ReporterCSVRow.report(row.fields, notes: &notes)
        guard seen.insert(report.id).inserted else {
          throw V2RecordError(field: fixedColumns[0], reason: "a second row for the same instant")
        }
        rows.append((row, report))
        for note in notes {
          batch.problems.append(
            ImportProblem(
              file: path, record: row.number, id: report.id, field: note.field,
              reason: note.reason))
        }
      } catch {
        batch.skipped += 1
        batch.problems.append(
          ImportProblem(
            file: path, record: row.number, field: error.field, reason: error.reason))
      }
    }
    for (order, column) in columns.enumerated() {
      let cells = rows.map { $0.row.fields[column.index] }
      let inferred = ReporterCSVInference.infer(prompt: column.prompt, cells: cells)
      let question = Question(
        id: ImportIdentity.reporterQuestion(prompt: column.prompt), prompt: column.prompt,
        type: inferred.type, sortOrder: order, choices: inferred.choices)
      batch.questions.append(
        ImportedQuestion(question: question, hasSourceID: false, typeSource: .inferredFromCSV))
      for position in rows.indices where !cells[position].isEmpty {
        rows[position].report.responses.append(
          ReporterCSVInference.response(
            cell: cells[position], question: question, reportID: rows[position].report.id))
      }
    }
    batch.reports = rows.map(\.report)
    return batch
  }
}
