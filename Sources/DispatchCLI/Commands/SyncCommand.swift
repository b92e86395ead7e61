import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch sync`: this device's changes into a folder that Syncthing (or any folder-syncing
/// engine) keeps in step, and every other device's merged (docs/sync.md).
enum SyncCommand {
  static let spec: CommandSpec = CommandSpec(
    "sync",
    abstract: "Keep one history on several devices through a synced folder",
    discussion: """
      Each device writes its changes as numbered, compressed segments under \
      devices/<device>/ in the folder and never edits them; every device merges the others' \
      segments, the latest change to a record winning (by a hybrid logical clock, so a wrong \
      wall clock cannot win every conflict). Deletions win over older changes. Reports, \
      questions, prompt groups, people renamed or merged, moods, activities, doses, stress, \
      lost items, places, saved queries and graphs, and the user's settings sync; the \
      daemon's notifier, sensors and paths stay each device's own. A segment that is \
      truncated, damaged or from a newer Dispatch is skipped with a warning and merged on a \
      later run. With --passphrase-file at setup the segments are encrypted (the backup's \
      cipher), so the folder can live on a cloud drive (docs/sync.md).
      """,
    subcommands: [setupSpec, statusSpec, forgetSpec],
    json: true,
    examples: [
      "dispatch sync setup --folder ~/Sync/dispatch --device-name laptop", "dispatch sync",
      "dispatch sync status",
    ],
    run: run)

  static let setupSpec: CommandSpec = CommandSpec(
    "setup",
    abstract: "Make this store a device of a sync folder",
    discussion: """
      The folder is one an engine keeps in step across your devices (a Syncthing folder). \
      Every record goes into this device's first segment at the next 'dispatch sync'.
      """,
    options: [
      .value("folder", "DIR", completion: .directory, "The synced folder"),
      .value("device-name", "NAME", "This device's name (default: the host name)"),
      .value(
        "passphrase-file", "FILE", completion: .file,
        "Encrypt the segments with the passphrase on this file's first line (every device the same)"
      ),
    ],
    examples: ["dispatch sync setup --folder ~/Sync/dispatch --device-name laptop"],
    run: setup)

  static let statusSpec: CommandSpec = CommandSpec(
    "status",
    abstract: "This device, the others in the folder, what is merged and what waits",
    json: true,
    examples: ["dispatch sync status"],
    run: status)

  static let forgetSpec: CommandSpec = CommandSpec(
    "forget",
    abstract: "Remove a device that is gone from the sync folder",
    discussion: """
      For a device you no longer use (an old laptop): its folder leaves the sync folder and \
      this store stops listing it. What was merged from it stays. Refused while some of its \
      segments are not merged here: run 'dispatch sync' first.
      """,
    arguments: [ArgumentSpec("DEVICE", "The device's ID, as 'dispatch sync status' lists it")],
    examples: ["dispatch sync forget old-laptop-3f9a1c"],
    run: forget)

  static func forget(_ invocation: Invocation) throws {
    guard let device = invocation.positional(0) else {
      throw invocation.usage("name the device: dispatch sync forget DEVICE")
    }
    try engine(try invocation.openStore(.write), invocation).forget(device)
    invocation.stdout.line(
      "Forgot \(device): its segments left the folder; what it wrote stays here.")
  }

  static func setup(_ invocation: Invocation) throws {
    guard let folder = invocation.value("folder") else {
      throw invocation.usage("give the synced folder: dispatch sync setup --folder DIR")
    }
    let name = invocation.value("device-name") ?? ProcessInfo.processInfo.hostName
    let passphraseFile = invocation.value("passphrase-file").map(StoreLocation.absolute)
    // Read now, so a missing or empty file is refused before anything changes.
    if let passphraseFile { _ = try BackupService.readPassphrase(passphraseFile) }
    let store = try invocation.openStore(.write)
    let device = try SyncEngine(store: store, environment: invocation.runEnvironment)
      .setUp(folder: folder, name: name)
    if let passphraseFile {
      try store.settings.setSetting(SyncEngine.passphraseFileSetting, passphraseFile)
    }
    invocation.stdout.line(
      "This store is device '\(device.id)' of \(folder); 'dispatch sync' writes its records there.")
  }

  static func run(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let summary = try engine(store, invocation).run()
    for problem in summary.skipped { invocation.note("skipped for now: \(problem)") }
    let exports = try SyncedHealthExports.importNew(store: store)
    for line in healthLines(exports) { invocation.note(line) }
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          ("written", .int(Int64(summary.written))),
          ("writtenByKind", byKind(summary.writtenByKind)),
          ("segment", summary.segment.map { .int(Int64($0)) } ?? .null),
          ("read", .int(Int64(summary.read))), ("applied", .int(Int64(summary.applied))),
          ("appliedByKind", byKind(summary.appliedByKind)),
          ("superseded", .int(Int64(summary.superseded))),
          ("waiting", .int(Int64(summary.waiting))),
          ("skipped", .array(summary.skipped.map { .string($0.description) })),
        ]))
      return
    }
    let wrote =
      summary.written == 0
      ? "Nothing new to write"
      : "Wrote \(counted(summary.writtenByKind)) (segment \(summary.segment ?? 0))"
    let merged =
      summary.applied == 0 ? "" : " (\(counted(summary.appliedByKind)))"
    invocation.stdout.line(
      "\(wrote); merged \(summary.applied) of \(summary.read) changes from other devices"
        + merged
        + (summary.superseded > 0 ? "; \(summary.superseded) already superseded" : "")
        + (summary.waiting > 0
          ? "; \(summary.waiting) waiting for a record another device has not written yet" : "")
        + ".")
  }

  /// A line per Apple Health export imported from the folder (docs/sync.md#apple-health-exports).
  static func healthLines(_ exports: [SyncedHealthExports.Imported]) -> [String] {
    exports.map { export in
      if let problem = export.problem {
        return "could not import \(export.file) from the sync folder: \(problem)"
      }
      return "imported \(export.file) from the sync folder: added "
        + (export.summary.map(ImportCommand.addedText) ?? "nothing")
    }
  }

  /// Counts per kind, in the order kinds apply: `{"report": 12, "question": 1}`.
  private static func byKind(_ counts: [String: Int]) -> JSONValue {
    .object(SyncChange.kinds.compactMap { kind in counts[kind].map { (kind, .int(Int64($0))) } })
  }

  /// "12 reports, 1 question": each kind's count with its name.
  private static func counted(_ counts: [String: Int]) -> String {
    SyncChange.kinds.compactMap { kind in
      counts[kind].map { count in
        let plural =
          kind.hasSuffix("y")
          ? kind.dropLast() + "ies" : kind.hasSuffix("s") ? kind + "es" : kind + "s"
        return "\(count) \(count == 1 ? kind : String(plural))"
      }
    }.joined(separator: ", ")
  }

  /// The store's sync engine, with the passphrase read from the file setup named (each run
  /// reads it again, so a file moved away stops sync with its one-line error).
  static func engine(_ store: DispatchStore, _ invocation: Invocation) throws -> SyncEngine {
    let passphrase = try store.settings.setting(SyncEngine.passphraseFileSetting).map(
      BackupService.readPassphrase)
    return SyncEngine(
      store: store, environment: invocation.runEnvironment, passphrase: passphrase)
  }

  static func status(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    guard let device = try store.sync.device() else {
      if invocation.wantsJSON {
        invocation.printJSON(.object([("setUp", .bool(false))]))
      } else {
        invocation.stdout.line("Sync is not set up: dispatch sync setup --folder DIR")
      }
      return
    }
    let status = SyncStatus.read(store: store, device: device)
    if invocation.wantsJSON {
      invocation.printJSON(status.jsonValue)
      return
    }
    for line in status.lines { invocation.stdout.line(line) }
  }
}
