import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch sync`: this device's changes into a folder that Syncthing (or any folder-syncing
/// engine) keeps in step, and every other device's merged (docs/sync.md).
enum SyncCommand {
  static let spec: CommandSpec = CommandSpec(
    "sync",
    abstract: "Keep one history on several devices through a synced folder (reports so far)",
    discussion: """
      Each device writes its changes as numbered, compressed segments under \
      devices/<device>/ in the folder and never edits them; every device merges the others' \
      segments, the latest change to a report winning (by a hybrid logical clock, so a wrong \
      wall clock cannot win every conflict). Deletions win over older changes. A segment that \
      is truncated, damaged or from a newer Dispatch is skipped with a warning and merged on a \
      later run. With --passphrase-file at setup the segments are encrypted (the backup's \
      cipher), so the folder can live on a cloud drive. Reports sync so far; the other kinds \
      of records follow (docs/sync.md).
      """,
    subcommands: [setupSpec, statusSpec],
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
      Every report goes into this device's first segment at the next 'dispatch sync'.
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
      "This store is device '\(device.id)' of \(folder); 'dispatch sync' writes its reports there.")
  }

  static func run(_ invocation: Invocation) throws {
    let summary = try engine(try invocation.openStore(.write), invocation).run()
    for problem in summary.skipped { invocation.note("skipped for now: \(problem)") }
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          ("written", .int(Int64(summary.written))),
          ("segment", summary.segment.map { .int(Int64($0)) } ?? .null),
          ("read", .int(Int64(summary.read))), ("applied", .int(Int64(summary.applied))),
          ("superseded", .int(Int64(summary.superseded))),
          ("skipped", .array(summary.skipped.map { .string($0.description) })),
        ]))
      return
    }
    let wrote =
      summary.written == 0
      ? "Nothing new to write"
      : "Wrote \(summary.written) \(summary.written == 1 ? "report" : "reports") (segment \(summary.segment ?? 0))"
    invocation.stdout.line(
      "\(wrote); merged \(summary.applied) of \(summary.read) changes from other devices"
        + (summary.superseded > 0 ? " (\(summary.superseded) already superseded)" : "") + ".")
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
