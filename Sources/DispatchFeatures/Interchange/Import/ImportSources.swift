import DispatchStorage
import Foundation

/// Reads the paths given to `dispatch import`: files and folders, each file's format detected
/// from its content, never from its name (docs/import-export.md#dispatch-import-path).
public enum ImportSources {
  /// Parses every file under `paths` (folders are read one level deep, files sorted by name) into
  /// batches, in the order given.
  ///
  /// Reporter JSON files are parsed together so questions merge across day files.
  ///
  /// - Throws: ``ImportError`` — `unreadable` for a missing or unreadable path, `unrecognized`
  ///   for a file in no format Dispatch reads; nothing is imported then.
  public static func read(_ paths: [String], defaultTimeZone: String) throws(ImportError)
    -> [ImportBatch]
  {
    try read(paths, options: ImportOptions(defaultTimeZone: defaultTimeZone))
  }

  /// Parses every file under `paths` with `options` (see ``read(_:defaultTimeZone:)``).
  public static func read(_ paths: [String], options: ImportOptions) throws(ImportError)
    -> [ImportBatch]
  {
    var batches: [ImportBatch] = []
    try stream(paths, options: options) { batch in
      batches.append(batch)
      return true
    }
    return batches
  }

  /// Rows per batch of the formats read in chunks: large enough that a batch's fixed costs
  /// vanish, small enough that reading and writing overlap well.
  static let rowsPerBatch = 8_192

  /// Parses every file under `paths` and hands the batches to `send` until it returns false.
  ///
  /// Apple Health exports come first, wherever they are among the paths, then long
  /// row-per-record files (ATracker) in several batches as they are read: their records refer
  /// to nothing in other files. The others follow in the order
  /// ``read(_:defaultTimeZone:)`` gives: Reporter JSON first, then the files in order, EasyPill
  /// doses last.
  ///
  /// - Throws: ``ImportError`` as ``read(_:defaultTimeZone:)``; batches sent before the error
  ///   must be discarded (the store's import transaction does).
  public static func stream(
    _ paths: [String], options: ImportOptions, send: @escaping (ImportBatch) -> Bool
  ) throws(ImportError) {
    let defaultTimeZone = options.defaultTimeZone
    var files: [String] = []
    var stopped = false
    // An Apple Health export (a zip, a folder, its XML) streams through on its own: it can be
    // many gigabytes, and its records refer to nothing in other files. Returns whether `path`
    // was one.
    func streamedHealthExport(_ path: String) throws(ImportError) -> Bool {
      guard let health = HealthExportSource.detect(path) else { return false }
      try health.read(path: path) { batch in
        var part = ImportBatch(path: path, format: .appleHealth)
        part.health = batch
        stopped = !send(part)
        return !stopped
      }
      return true
    }
    for path in paths where !stopped {
      try refuseSpecialFile(path)
      if try streamedHealthExport(path) { continue }
      files += try expand(path)
    }
    // A Health export lying in a folder beside other files (`export.zip` in Downloads)
    // streams through like one named on its own, before the other files: while only Health
    // data has been merged, a long import can make way for a report (ImportJournal).
    var otherFiles: [String] = []
    for file in files where !stopped {
      if try !streamedHealthExport(file) { otherFiles.append(file) }
    }
    files = otherFiles
    var batches: [ImportBatch] = []
    var reporterFiles: [ReporterFileContent] = []
    var doseFiles: [(path: String, bytes: [UInt8])] = []
    // One file's bytes at a time: a folder of years of day files is never all in memory.
    for file in files where !stopped {
      let bytes = try contents(of: file)
      if V2Import.recognizes(bytes) {
        batches.append(try V2Import.parse(bytes, path: file))
      } else if let content = ReporterJSONImport.readIfRecognized(
        bytes, path: file, defaultTimeZone: defaultTimeZone)
      {
        reporterFiles.append(content)
      } else if ReporterCSVImport.recognizes(bytes) {
        batches.append(try ReporterCSVImport.parse(bytes, path: file))
      } else if QuestionDefinitionImport.recognizesJSON(bytes) {
        batches.append(try QuestionDefinitionImport.parseJSON(bytes, path: file))
      } else if QuestionDefinitionImport.recognizesCSV(bytes) {
        batches.append(try QuestionDefinitionImport.parseCSV(bytes, path: file))
      } else if let format = IntrospectiveFamilyImport.detect(bytes) {
        switch format {
        case .atracker:
          try ATrackerImport.parse(
            bytes, path: file, options: options, rowsPerBatch: rowsPerBatch
          ) { batch in
            stopped = !send(batch)
            return !stopped
          }
        case .easypillDoses:
          // EasyPill doses name medications a list later in this run may define
          // (docs/formats/introspective.md#easypill-doses): they are read last, and merged last.
          doseFiles.append((file, bytes))
        default:
          batches.append(
            try IntrospectiveFamilyImport.parse(format, bytes, path: file, options: options))
        }
      } else {
        throw ImportError(.unrecognized, file: file, reason: describeUnknown(bytes))
      }
    }
    var doseOptions = options
    doseOptions.knownMedicationNames = options.knownMedicationNames.map {
      $0.union(IntrospectiveFamilyImport.medicationNames(in: batches))
    }
    for dose in doseFiles where !stopped {
      batches.append(
        try EasyPillDoseImport.parse(dose.bytes, path: dose.path, options: doseOptions))
    }
    if !reporterFiles.isEmpty && !stopped {
      // Reporter JSON goes first so a CSV of the same history completes its reports.
      batches.insert(contentsOf: ReporterQuestionAssembly.batches(&reporterFiles), at: 0)
    }
    for batch in batches where !stopped {
      stopped = !send(batch)
    }
  }

  /// The files a path names: itself, or the files of a folder (hidden files skipped).
  private static func expand(_ path: String) throws(ImportError) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw ImportError(.unreadable, file: path, reason: "no such file or folder")
    }
    guard isFolder.boolValue else { return [path] }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
      throw ImportError(.unreadable, file: path, reason: "cannot list the folder")
    }
    let paths = names.filter { !$0.hasPrefix(".") }.sorted().map {
      (path as NSString).appendingPathComponent($0)
    }
    .filter(isRegularFile)
    guard !paths.isEmpty else {
      throw ImportError(.unrecognized, file: path, reason: "the folder holds no files to import")
    }
    return paths
  }

  /// Refuses a path that is neither a folder nor a regular file before anything reads it: a
  /// pipe would block the import forever, a device give nothing or never end.
  private static func refuseSpecialFile(_ path: String) throws(ImportError) {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
      !isFolder.boolValue, !isRegularFile(path)
    else { return }
    throw ImportError(.unrecognized, file: path, reason: "not a regular file (a device or a pipe)")
  }

  /// Whether `path` is (or links to) a regular file: a device or a pipe would be read forever
  /// or give nothing, and a folder inside a folder is not imported.
  private static func isRegularFile(_ path: String) -> Bool {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let type = try? FileManager.default.attributesOfItem(atPath: resolved)[.type]
    return (type as? FileAttributeType) == .typeRegular
  }

  private static func contents(of file: String) throws(ImportError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: file) else {
      throw ImportError(.unreadable, file: file, reason: "cannot read the file")
    }
    return [UInt8](data)
  }

  /// A one-line reason for a file in no known format.
  static func describeUnknown(_ bytes: [UInt8]) -> String {
    if bytes.isEmpty { return "the file is empty" }
    if bytes.starts(with: Array("%PDF".utf8)) {
      return "this is a PDF, not an export Dispatch reads"
    }
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
      return "this is a zip archive with no Apple Health export.xml inside"
    }
    return
      "not a format Dispatch reads: Reporter JSON or CSV, Dispatch v2, question definitions, "
      + "an ATracker, Wellness, EasyPill or Introspective CSV, or an Apple Health export"
  }
}
