import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch export`: write the store in one of the interchange formats.
enum ExportCommand {
  static let formatNames = ExportFormat.allCases.map(\.rawValue)

  static let formatOption = Option<ExportFormat>.choice(
    "format", "FORMAT", noun: "an export format",
    "v2 (default), csv, dayone, markdown, questions-json, questions-csv or introspective-csv")

  static let spec: CommandSpec = CommandSpec(
    "export",
    abstract:
      "Export reports and questions (v2, CSV, Day One, Markdown) or records (Introspective CSV)",
    discussion: """
      v2 is Dispatch's JSON, byte-compatible with the iOS app; importing it into a fresh store \
      and exporting again gives the same bytes apart from the export's own createdAt and \
      device fields. csv has one row per report and one column per question, joined by \
      question ID. dayone is Day One's import format. markdown writes one file per report, \
      with YAML front matter, into a folder (Obsidian-friendly). questions-json and \
      questions-csv hold question definitions only. introspective-csv writes moods, \
      activities, medication doses, fatigue, metric context and lost items as Introspective's \
      CSV files into a folder. Files are written atomically; an existing file is replaced \
      only with --force. -o - writes to standard output.
      """,
    options: [
      formatOption.spec,
      .value(
        "output", "PATH", short: "o", completion: .file,
        "The file (a folder for markdown and introspective-csv), or - for standard output"),
      .flag("force", "Replace an existing file, or write into a non-empty folder"),
    ],
    examples: [
      "dispatch export -o backup.json",
      "dispatch export --format csv -o reports.csv",
      "dispatch export --format markdown -o ~/Notes/Dispatch",
      "dispatch export --format introspective-csv -o introspective",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let format = invocation.value(formatOption) ?? .v2
    guard let output = invocation.value("output") else {
      throw invocation.usage("missing -o PATH (or -o - for standard output)")
    }
    if output == "-" && format.writesFolder {
      throw invocation.usage("\(format.rawValue) writes a folder of files; give -o FOLDER")
    }
    let store = try invocation.openStore(.read)
    let provenance = ExportProvenance(
      createdAt: invocation.runEnvironment.now(), deviceModel: machineModel(),
      units: try invocation.units(store))
    if format == .v2 {
      // v2 streams report by report: memory stays flat for any history.
      var size = 0
      if output == "-" {
        try store.exportV2(provenance: provenance) { invocation.stdout.writeVerbatim($0) }
        invocation.stdout.line()
        return
      }
      try AtomicFile.write(to: output, replacing: invocation.flag("force")) { emit in
        try store.exportV2(provenance: provenance) { text in
          size += text.utf8.count
          emit(Array(text.utf8))
        }
      }
      invocation.stdout.line("Wrote v2 to \(output) (\(size) bytes).")
      return
    }
    let result = try store.export(format, provenance: provenance)
    switch result {
    case .file(let bytes) where output == "-":
      // An export keeps the data's characters, control characters included.
      invocation.stdout.writeVerbatim(String(decoding: bytes, as: UTF8.self))
      if bytes.last != UInt8(ascii: "\n") { invocation.stdout.line() }
    case .file(let bytes):
      try AtomicFile.write(bytes, to: output, replacing: invocation.flag("force"))
      invocation.stdout.line("Wrote \(format.rawValue) to \(output) (\(bytes.count) bytes).")
    case .files(let files):
      try AtomicFile.writeFolder(files, to: output, intoNonEmpty: invocation.flag("force"))
      let kind = format == .markdown ? "Markdown" : "CSV"
      invocation.stdout.line("Wrote \(files.count) \(kind) files to \(output).")
    }
  }

  /// `uname -m`, e.g. `x86_64`, recorded as the export's source device model.
  static func machineModel() -> String? {
    var name = utsname()
    guard uname(&name) == 0 else { return nil }
    return withUnsafeBytes(of: &name.machine) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}

/// Writing export files so a crash never leaves a half-written one, and so every file and
/// folder is private (0600, 0700) whatever the umask: ``PrivateFiles`` does both.
enum AtomicFile {
  static func write(
    _ bytes: [UInt8], to path: String, replacing: Bool, syncingFolder: Bool = true
  ) throws {
    try write(to: path, replacing: replacing, syncingFolder: syncingFolder) { emit in emit(bytes) }
  }

  /// Writes what `produce` emits; nothing appears at `path` unless it all succeeds.
  static func write(
    to path: String, replacing: Bool, syncingFolder: Bool = true,
    _ produce: (_ emit: ([UInt8]) -> Void) throws -> Void
  ) throws {
    if !replacing && FileManager.default.fileExists(atPath: path) {
      throw CLIError(.dataError, "'\(path)' exists; add --force to replace it")
    }
    do {
      try PrivateFiles.write(to: path, syncingFolder: syncingFolder, produce)
    } catch let error as PrivateFileError {
      throw CLIError(error.kind == .cannotWrite ? .failure : .noInput, error.description)
    }
  }

  static func writeFolder(
    _ files: [(name: String, bytes: [UInt8])], to folder: String, intoNonEmpty: Bool
  ) throws {
    let manager = FileManager.default
    if let existing = try? manager.contentsOfDirectory(atPath: folder), !existing.isEmpty,
      !intoNonEmpty
    {
      throw CLIError(.dataError, "'\(folder)' is not empty; add --force to write into it")
    }
    do {
      try PrivateFiles.createFolder(folder)
    } catch {
      throw CLIError(.noInput, "cannot create the folder '\(folder)'")
    }
    // Each file is flushed as it is written; the folder's entries once at the end.
    for file in files {
      try write(
        file.bytes, to: (folder as NSString).appendingPathComponent(file.name), replacing: true,
        syncingFolder: false)
    }
    do {
      try PrivateFiles.syncFolder(folder)
    } catch {
      throw CLIError(.failure, error.description)
    }
  }
}
