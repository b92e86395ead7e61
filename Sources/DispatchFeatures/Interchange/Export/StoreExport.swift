import DispatchCore
import DispatchStorage

/// The formats `dispatch export` writes (docs/import-export.md#dispatch-export).
public enum ExportFormat: String, Sendable, CaseIterable {
  /// Dispatch's v2 JSON, byte-compatible with the iOS app
  /// (docs/formats/dispatch-v2.md#the-dispatch-v2-json-format).
  case v2
  /// One row per report, one column per question (docs/formats/exports.md#reports-csv).
  case csv
  /// Day One's JSON import format (docs/formats/exports.md#day-one).
  case dayone
  /// One Markdown file per report, with YAML front matter, into a folder
  /// (docs/formats/exports.md#markdown).
  case markdown
  /// Question definitions as JSON (docs/formats/exports.md#question-definitions).
  case questionsJSON = "questions-json"
  /// Question definitions as CSV (docs/formats/exports.md#question-definitions).
  case questionsCSV = "questions-csv"
  /// Introspective's CSV export layout, one file per record kind, into a folder
  /// (docs/formats/introspective.md#introspective-csv-export).
  case introspectiveCSV = "introspective-csv"

  /// Whether the format writes a folder of files rather than one file.
  public var writesFolder: Bool { self == .markdown || self == .introspectiveCSV }
}

/// What an export produced: one file's bytes, or named files for a folder.
public enum ExportOutput: Sendable {
  case file([UInt8])
  case files([(name: String, bytes: [UInt8])])
}

/// Describes the export being written; v2 carries it at the top level (provenance).
public struct ExportProvenance: Sendable, Equatable {
  public var createdAt: Instant?
  public var deviceModel: String?
  public var deviceName: String?
  /// The units the Day One entries' text shows the temperature in; imperial is what
  /// Dispatch's own Day One export writes (`72°F`).
  public var units: UnitSystem

  public init(
    createdAt: Instant? = nil, deviceModel: String? = nil, deviceName: String? = nil,
    units: UnitSystem = .imperial
  ) {
    self.createdAt = createdAt
    self.deviceModel = deviceModel
    self.deviceName = deviceName
    self.units = units
  }
}

extension DispatchStore {
  /// Streams the v2 export to `sink`, loading reports `pageSize` at a time (each page is
  /// encoded while the next is read).
  public func exportV2(
    provenance: ExportProvenance = ExportProvenance(), pageSize: Int = 2_000,
    to sink: (String) -> Void
  ) throws {
    try V2Exporter.write(
      questions: try questions.list(), promptGroups: try prompts.promptGroups(),
      people: try people.list(),
      createdAt: provenance.createdAt, sourceDeviceModel: provenance.deviceModel,
      sourceDeviceName: provenance.deviceName,
      forEachPage: { body in
        try reports.forEachPage(ReportSelection(includeDrafts: true), pageSize: pageSize, body)
      },
      to: sink)
  }

  /// Everything in the store in `format`. Reports are written oldest first; v2 includes
  /// drafts (they carry `isDraft`), the report formats include filed reports only. The
  /// Introspective files are stamped with `provenance.createdAt`, else the system clock.
  public func export(_ format: ExportFormat, provenance: ExportProvenance = ExportProvenance())
    throws -> ExportOutput
  {
    let questions = try questions.list()
    switch format {
    case .v2:
      var bytes: [UInt8] = []
      try exportV2(provenance: provenance) { bytes += $0.utf8 }
      return .file(bytes)
    case .csv:
      return .file(
        Array(ReportsCSVExporter.csv(questions: questions, reports: try reports.list()).utf8))
    case .dayone:
      return .file(
        Array(DayOneExporter.string(reports: try reports.list(), units: provenance.units).utf8))
    case .markdown:
      return .files(
        MarkdownExporter.files(reports: try reports.list()).map {
          ($0.fileName, Array($0.contents.utf8))
        })
    case .questionsJSON:
      return .file(Array(QuestionPortability.json(questions: questions).utf8))
    case .questionsCSV:
      return .file(Array(QuestionPortability.csv(questions: questions).utf8))
    case .introspectiveCSV:
      return .files(
        try introspectiveExportFiles(exportedAt: provenance.createdAt ?? SystemWallClock().now())
          .map {
            ($0.name, Array($0.contents.utf8))
          })
    }
  }
}
