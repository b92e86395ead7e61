import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// The Introspective family of CSV formats
/// (docs/formats/introspective.md#introspective-and-the-apps-it-imports-from): ATracker, Wellness,
/// EasyPill and Introspective's own exports, each recognised by its header row, never by the file
/// name (docs/formats/introspective.md#shared-import-rules).
///
/// Every importer skips a bad row with a problem and keeps the good ones; Introspective itself
/// aborted the whole import on the first bad row
/// (docs/formats/introspective.md#shared-import-rules).
public enum IntrospectiveFamilyImport {
  /// The format whose header the file starts with, or nil.
  public static func detect(_ bytes: [UInt8]) -> ImportFormat? {
    guard let header = FamilyCSV.headerFields(bytes) else { return nil }
    if ATrackerImport.recognizes(header: header) { return .atracker }
    if WellnessImport.recognizes(header: header) { return .wellness }
    if EasyPillMedicationImport.recognizes(header: header) { return .easypillMedications }
    if EasyPillDoseImport.recognizes(header: header) { return .easypillDoses }
    if IntrospectiveMoodImport.recognizes(header: header) { return .introspectiveMoods }
    if IntrospectiveActivityImport.recognizes(header: header) { return .introspectiveActivities }
    if IntrospectiveMedicationImport.recognizes(header: header) {
      return .introspectiveMedications
    }
    return DispatchExtraImports.detect(header: header)
  }

  /// Parses `bytes` as `format` (one ``detect(_:)`` returned).
  ///
  /// - Throws: ``ImportError`` `.unrecognized` when the file is not that format after all.
  public static func parse(
    _ format: ImportFormat, _ bytes: [UInt8], path: String, options: ImportOptions
  ) throws(ImportError) -> ImportBatch {
    switch format {
    case .atracker: return try ATrackerImport.parse(bytes, path: path, options: options)
    case .wellness: return try WellnessImport.parse(bytes, path: path, options: options)
    case .easypillMedications:
      return try EasyPillMedicationImport.parse(bytes, path: path, options: options)
    case .easypillDoses: return try EasyPillDoseImport.parse(bytes, path: path, options: options)
    case .introspectiveMoods:
      return try IntrospectiveMoodImport.parse(bytes, path: path, options: options)
    case .introspectiveActivities:
      return try IntrospectiveActivityImport.parse(bytes, path: path, options: options)
    case .introspectiveMedications:
      return try IntrospectiveMedicationImport.parse(bytes, path: path, options: options)
    case .introspectiveFatigue, .introspectiveMetricContext, .introspectiveLostItems:
      return try DispatchExtraImports.parse(format, bytes, path: path)
    default:
      throw ImportError(.unrecognized, file: path, reason: "not an Introspective-family file")
    }
  }

  /// The names (folded with ``NameKey/normalize(_:)``) of the medications `batches` define,
  /// which EasyPill dose files of the same run may refer to
  /// (docs/formats/introspective.md#easypill-doses).
  public static func medicationNames(in batches: [ImportBatch]) -> Set<String> {
    Set(batches.flatMap(\.records.medications).map { NameKey.normalize($0.name) })
  }
}

/// Why one row is skipped: the field to blame and a lowercase reason.
struct FamilyRowError: Error {
  var field: String?
  var reason: String
}

/// CSV helpers shared by the family's importers.
enum FamilyCSV {
  /// The fields of the first line (after a UTF-8 byte-order mark), read as CSV; nil when it is
  /// not UTF-8 text. Only the first 64 KiB are looked at.
  static func headerFields(_ bytes: [UInt8]) -> [String]? {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let limit = min(bytes.count, start + 65_536)
    var end = start
    while end < limit, bytes[end] != UInt8(ascii: "\n") { end += 1 }
    guard end > start else { return nil }
    var line = Array(bytes[start..<end])
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard let records = try? CSVReader.records(line), let first = records.first else {
      return nil
    }
    return first
  }

  /// The whole file as a CSV table (docs/formats/introspective.md#shared-import-rules: RFC-4180
  /// quoting, quoted newlines kept).
  static func table(_ bytes: [UInt8], path: String, format: String) throws(ImportError)
    -> CSVReader.Table
  {
    do {
      return try CSVReader.read(bytes)
    } catch {
      throw ImportError(.unrecognized, file: path, reason: "not a readable \(format) CSV: \(error)")
    }
  }

  /// Runs `body` on every row with the batch's records; a row it refuses is skipped, counted
  /// and reported (`body` adds records only once the row is known to be good).
  static func eachRow(
    _ rows: [CSVReader.Row], path: String, batch: inout ImportBatch,
    _ body: (CSVReader.Row, inout DirectRecordBatch) throws(FamilyRowError) -> Void
  ) {
    for row in rows {
      do {
        try body(row, &batch.records)
      } catch {
        batch.skipped += 1
        batch.problems.append(
          ImportProblem(file: path, record: row.number, field: error.field, reason: error.reason))
      }
    }
  }

  /// The zone reader for the import's default zone (docs/formats/dispatch-v2.md#deterministic-ids),
  /// or an error for a bad zone.
  static func zoneless(_ options: ImportOptions, path: String) throws(ImportError)
    -> ZonelessDate
  {
    guard let reader = ZonelessDate(zoneIdentifier: options.defaultTimeZone) else {
      throw ImportError(
        .unrecognized, file: path, reason: "'\(options.defaultTimeZone)' is not a time zone")
    }
    return reader
  }

  /// `text` split on `|`, optionally trimmed, empty parts dropped
  /// (docs/formats/introspective.md#atracker,
  /// docs/formats/introspective.md#reading-introspectives-exports-back).
  static func tags(_ text: String?, trimming: Bool) -> [String] {
    (text ?? "").split(separator: "|", omittingEmptySubsequences: false).map {
      trimming ? String($0).trimmingCharacters(in: .whitespaces) : String($0)
    }
    .filter { !$0.isEmpty }
  }

  /// The canonical spelling of `text` among `names`, compared ignoring case
  /// (docs/formats/introspective.md#settings-and-their-defaults).
  static func source(_ text: String, among names: [String]) -> String? {
    names.first { $0.lowercased() == text.lowercased() }
  }

  /// A `Record Screen Index` cell: Introspective's Int16 display order, or `defaultValue`
  /// when the cell is empty (docs/formats/introspective.md#reading-introspectives-exports-back).
  static func screenIndex(_ text: String?, default defaultValue: Int) throws(FamilyRowError)
    -> Int
  {
    guard let text else { return defaultValue }
    guard let number = Int16(text) else {
      throw FamilyRowError(field: "Record Screen Index", reason: "'\(text)' is not a valid number")
    }
    return Int(number)
  }

  /// The epoch, the "start" of identities of records that have no time (definitions).
  static let timeless = Instant(milliseconds: 0)
}

/// A data row's fields looked up by exact header text
/// (docs/formats/introspective.md#shared-import-rules: leading spaces included); a column missing
/// from the header or a row shorter than the header is absent.
struct FamilyColumns {
  private let positions: [String: Int]

  init(_ header: [String]) {
    var positions: [String: Int] = [:]
    for (index, name) in header.enumerated() where positions[name] == nil {
      positions[name] = index
    }
    self.positions = positions
  }

  /// Whether the header has every one of `names`.
  func has(_ names: [String]) -> Bool { names.allSatisfy { positions[$0] != nil } }

  /// The field under `name`, or nil when absent.
  func value(_ name: String, in fields: [String]) -> String? {
    guard let index = positions[name], index < fields.count else { return nil }
    return fields[index]
  }

  /// The field under `name`, nil when absent or empty.
  func nonEmpty(_ name: String, in fields: [String]) -> String? {
    guard let value = value(name, in: fields), !value.isEmpty else { return nil }
    return value
  }
}
