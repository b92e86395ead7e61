import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch backup …`: write a backup now, list the backups, restore one, and switch the
/// automatic backups on or off (docs/import-export.md#automatic-backups,
/// docs/import-export.md#backup-names-and-rotation-rules).
///
/// A backup is a full v2 export. Each store has a folder of its own,
/// `$XDG_DATA_HOME/dispatch/backups/<store file stem>/`, unless `--folder` (or the folder
/// remembered by `backup enable --folder`) says otherwise.
enum BackupCommand {
  static let folderOption = OptionSpec.value(
    "folder", "DIR", completion: .directory,
    "The backup folder (default: $XDG_DATA_HOME/dispatch/backups/<store name>/)")
  static let passphraseOption = OptionSpec.value(
    "passphrase-file", "PATH", completion: .file,
    "Read the passphrase from the first line of this file")

  static let spec: CommandSpec = CommandSpec(
    "backup",
    abstract: "Back up the store now, list the backups, restore one",
    discussion: """
      A backup is a full Dispatch v2 export, written atomically into a folder of the store's \
      own ($XDG_DATA_HOME/dispatch/backups/<store name>/) as \
      dispatch-backup-<machine>-<install ID>-yyyy-MM-dd-HHmm.json, mode 0600. 'report', \
      'wake', 'sleep' and 'answer' write one automatically when the newest is at least 20 \
      hours old; the 14 newest backups of this installation are kept, other files in the \
      folder are never touched. With --passphrase-file the backup is encrypted (AES-256-GCM, \
      key from scrypt); restore then needs the same passphrase.
      """,
    subcommands: [nowSpec, listSpec, restoreSpec, enableSpec, disableSpec],
    defaultSubcommand: "list",
    examples: [
      "dispatch backup now", "dispatch backup list", "dispatch backup restore latest",
      "dispatch backup now --passphrase-file ~/.config/dispatch/passphrase",
      "dispatch backup disable",
    ])

  static let nowSpec: CommandSpec = CommandSpec(
    "now",
    abstract: "Write a backup now, however recent the last one, then rotate",
    options: [folderOption, passphraseOption],
    json: true,
    examples: ["dispatch backup now", "dispatch backup now --folder /mnt/usb/dispatch --json"],
    run: now)

  static let listSpec: CommandSpec = CommandSpec(
    "list",
    abstract: "List the backups in the folder, newest first",
    options: [folderOption],
    json: true,
    examples: ["dispatch backup list", "dispatch backup list --json"],
    run: list)

  static let restoreSpec: CommandSpec = CommandSpec(
    "restore",
    abstract: "Import a backup into the store (nothing is deleted; records merge)",
    discussion: """
      FILE is a path, a file name from 'dispatch backup list', or latest (the newest backup \
      in the folder). Restoring imports the \
      backup like 'dispatch import': reports and questions already in the store are kept or \
      updated, nothing is deleted. An encrypted backup needs its passphrase: from \
      --passphrase-file, or typed at the prompt on a terminal. A wrong passphrase imports \
      nothing and exits 65.
      """,
    arguments: [ArgumentSpec("FILE", "The backup file", completion: .file)],
    options: [folderOption, passphraseOption],
    examples: [
      "dispatch backup now && dispatch backup restore latest",
      "dispatch --store check.sqlite backup restore ~/backup.json --passphrase-file pw.txt",
    ],
    run: restore)

  static let enableSpec: CommandSpec = CommandSpec(
    "enable",
    abstract: "Turn automatic backups on, with this folder and passphrase file",
    discussion: """
      Remembers exactly the choices given: without --folder automatic backups go to the \
      default folder, without --passphrase-file they are not encrypted. The passphrase file's \
      path is stored, never the passphrase.
      """,
    options: [folderOption, passphraseOption],
    examples: [
      "dispatch backup enable",
      "dispatch backup enable --folder ~/Sync/dispatch --passphrase-file ~/.config/dispatch/pw",
    ],
    run: { try setEnabled($0, true) })

  static let disableSpec: CommandSpec = CommandSpec(
    "disable",
    abstract: "Turn automatic backups off ('backup now' still works)",
    run: { try setEnabled($0, false) })

  // MARK: - Subcommands

  static func now(_ invocation: Invocation) throws {
    let store = try openExisting(invocation)
    let outcome = try service(invocation, store).writeNow(
      folderOption: invocation.value("folder"),
      passphraseFile: invocation.value("passphrase-file"))
    if invocation.wantsJSON {
      invocation.printJSON(json(outcome))
      return
    }
    var line =
      invocation.style.green("Backed up")
      + " to \(outcome.fileURL.path) (\(outcome.byteCount) bytes\(outcome.isEncrypted ? ", encrypted" : ""))."
    if !outcome.deleted.isEmpty {
      let count = outcome.deleted.count
      line += " Removed \(count) older backup\(count == 1 ? "" : "s")."
    }
    invocation.stdout.line(line)
    for name in outcome.pruneFailures {
      invocation.note("dispatch: warning: could not remove the old backup '\(name)'")
    }
  }

  static func list(_ invocation: Invocation) throws {
    let path = invocation.storePath
    let store =
      FileManager.default.fileExists(atPath: path) ? try invocation.openStore(.read) : nil
    let folder = try BackupService.folder(
      option: invocation.value("folder"), store: store,
      environment: invocation.serviceEnvironment)
    let installID = try store?.settings.setting(BackupSettingKey.installID)
    let entries = BackupListing.entries(in: folder, installID: installID)
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      object.set("folder", folder.path)
      object.set("backups", .array(entries.map(\.jsonValue)))
      invocation.printJSON(object.value)
      return
    }
    guard !entries.isEmpty else {
      invocation.stdout.line("No backups in \(folder.path) yet; 'dispatch backup now' writes one.")
      return
    }
    invocation.stdout.line(invocation.style.bold("Backups in \(folder.path)") + ", newest first:")
    for entry in entries {
      var line = "  \(entry.localStamp)  \(entry.name.fileName)  \(entry.sizeText)"
      if entry.isEncrypted { line += "  encrypted" }
      if !entry.isThisInstallation { line += invocation.style.dim("  (another installation)") }
      invocation.stdout.line(line)
    }
    let own = entries.filter(\.isThisInstallation).count
    if own == 1 {
      invocation.stdout.line("1 backup kept.")
    } else if own > 1 {
      invocation.stdout.line("\(own) backups kept (newest \(BackupRotation.defaultKeepCount)).")
    }
  }

  static func restore(_ invocation: Invocation) throws {
    guard let argument = invocation.positional(0), !argument.isEmpty else {
      throw invocation.usage("missing FILE: a backup path or a name from 'dispatch backup list'")
    }
    let store = try invocation.openStore(.write)
    let path = try backupPath(argument, invocation: invocation, store: store)
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError(.noInput, "cannot read the backup '\(path)'")
    }
    var bytes = [UInt8](data)
    if BackupCrypto.isEncrypted(bytes) {
      let passphrase: [UInt8]
      if let file = invocation.value("passphrase-file") {
        passphrase = try BackupService.readPassphrase(file)
      } else if invocation.terminal.stdinIsTTY {
        passphrase = try PassphrasePrompt.ask(
          "Passphrase for \(URL(fileURLWithPath: path).lastPathComponent): ", invocation)
      } else {
        throw invocation.usage(
          "'\(path)' is encrypted: give --passphrase-file PATH, or run on a terminal to type it")
      }
      do {
        bytes = try BackupCrypto.decrypt(bytes, passphrase: passphrase)
      } catch let error as BackupError {
        throw CLIError(.dataError, "'\(path)': \(error.description); nothing was restored")
      }
    }
    let batch = try V2Import.parse(bytes, path: path)
    let summary = try store.imports.importBatches([batch])
    for line in ImportCommand.text(summary, style: invocation.style) {
      invocation.stdout.line(line)
    }
  }

  static func setEnabled(_ invocation: Invocation, _ enabled: Bool) throws {
    let store = try invocation.openStore(.write)
    let service = service(invocation, store)
    guard enabled else {
      try service.disable()
      invocation.stdout.line(
        "Automatic backups are off. 'dispatch backup now' still writes one; 'dispatch backup enable' turns them on."
      )
      return
    }
    let passphraseFile = invocation.value("passphrase-file").map(StoreLocation.absolute)
    let target = try service.enable(
      folder: invocation.value("folder"), passphraseFile: passphraseFile)
    invocation.stdout.line(
      "Automatic backups are on: into \(target.path)"
        + (passphraseFile == nil
          ? "." : ", encrypted with the passphrase in \(passphraseFile ?? "")."))
  }

  // MARK: - Shared pieces

  /// The backup service of this command's store.
  static func service(_ invocation: Invocation, _ store: DispatchStore) -> BackupService {
    BackupService(store: store, environment: invocation.serviceEnvironment)
  }

  /// Opens a store that must already exist (exit 66 otherwise) for writing.
  static func openExisting(_ invocation: Invocation) throws -> DispatchStore {
    _ = try invocation.openStore(.read)
    return try invocation.openStore(.write)
  }

  /// A restore argument as a path: the argument itself when it exists, else a file of that
  /// name in the backup folder.
  private static func backupPath(
    _ argument: String, invocation: Invocation, store: DispatchStore
  ) throws -> String {
    let direct = StoreLocation.absolute(argument)
    if FileManager.default.fileExists(atPath: direct) || argument.contains("/") { return direct }
    let folder = try service(invocation, store).folder(option: invocation.value("folder"))
    if argument == "latest" {
      let installID = try store.settings.setting(BackupSettingKey.installID)
      guard let newest = BackupListing.entries(in: folder, installID: installID).first else {
        throw CLIError(
          .noInput, "no backups in \(folder.path) yet ('dispatch backup now' writes one)")
      }
      return folder.appendingPathComponent(newest.name.fileName).path
    }
    let inFolder = folder.appendingPathComponent(argument).path
    guard FileManager.default.fileExists(atPath: inFolder) else {
      throw CLIError(
        .noInput,
        "no backup '\(argument)' here or in \(folder.path) (give its path, or --folder DIR)")
    }
    return inFolder
  }

  private static func json(_ outcome: BackupOutcome) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("file", outcome.fileURL.path)
    object.set("name", outcome.fileURL.lastPathComponent)
    object.set("bytes", outcome.byteCount)
    object.set("encrypted", outcome.isEncrypted)
    object.set("deleted", .array(outcome.deleted.map { .string($0) }))
    object.set("pruneFailures", .array(outcome.pruneFailures.map { .string($0) }))
    return object.value
  }
}

/// The backups in a folder, as `backup list` shows them.
enum BackupListing {
  /// One backup file.
  struct Entry {
    var name: BackupName
    var path: String
    var byteCount: Int
    var isEncrypted: Bool
    var isThisInstallation: Bool

    /// The name's minute in local time, `yyyy-MM-dd HH:mm`.
    var localStamp: String {
      let formatter = DateFormatter()
      formatter.calendar = Calendar(identifier: .gregorian)
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = .current
      formatter.dateFormat = "yyyy-MM-dd HH:mm"
      return formatter.string(from: name.date.date)
    }

    /// The size for people: bytes, KB or MB.
    var sizeText: String {
      if byteCount < 1024 { return "\(byteCount) B" }
      if byteCount < 1024 * 1024 {
        return String(format: "%.1f KB", Double(byteCount) / 1024)
      }
      return String(format: "%.1f MB", Double(byteCount) / 1024 / 1024)
    }

    var jsonValue: JSONValue {
      var object = JSONObjectBuilder()
      object.set("name", name.fileName)
      object.set("file", path)
      object.set("date", name.date.iso8601)
      object.set("bytes", byteCount)
      object.set("encrypted", isEncrypted)
      object.set("thisInstallation", isThisInstallation)
      return object.value
    }
  }

  /// The Dispatch backups in `folder`, newest first; other files are left out. A missing
  /// folder has none.
  static func entries(in folder: URL, installID: String?) -> [Entry] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return []
    }
    let ownSuffix = installID.map { "-" + $0 }
    return
      names
      .compactMap { BackupName(fileName: $0, timeZone: .current) }
      .sorted { ($0.date, $0.fileName) > ($1.date, $1.fileName) }
      .map { name in
        let path = folder.appendingPathComponent(name.fileName).path
        let size =
          ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?
          .intValue ?? 0
        return Entry(
          name: name, path: path, byteCount: size, isEncrypted: startsEncrypted(path),
          isThisInstallation: ownSuffix.map { name.slug?.hasSuffix($0) == true } ?? false)
      }
  }

  private static func startsEncrypted(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: BackupCrypto.magic.count)) ?? Data()
    return BackupCrypto.isEncrypted([UInt8](head))
  }
}

/// Reads a passphrase from the terminal without echo.
///
/// The terminal is put into raw mode by ``RawTerminalMode``, which also restores it on
/// SIGINT, SIGTERM and SIGHUP, and bytes are read one at a time: Enter ends the passphrase,
/// Backspace removes the last character, Ctrl-C or Ctrl-D cancel. Nothing typed is shown.
enum PassphrasePrompt {
  /// Asks on standard error and reads one line from the terminal on standard input.
  ///
  /// - Throws: exit 130 when cancelled; 65 for an empty passphrase.
  static func ask(_ prompt: String, _ invocation: Invocation) throws -> [UInt8] {
    // Raw mode first, so nothing typed after the prompt appears is echoed or line-buffered.
    let mode = try RawTerminalMode(input: STDIN_FILENO, output: STDERR_FILENO)
    defer {
      mode.restore()
      invocation.stderr.line()
      invocation.stderr.flush()
    }
    invocation.stderr.write(prompt)
    invocation.stderr.flush()
    var typed: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      guard count == 1 else { throw cancelled }
      switch byte {
      case 0x0D, 0x0A:
        guard !typed.isEmpty else {
          throw CLIError(.dataError, "the passphrase is empty; nothing was restored")
        }
        return typed
      case 0x03, 0x04: throw cancelled
      case 0x7F, 0x08: if !typed.isEmpty { typed.removeLast() }
      default: typed.append(byte)
      }
    }
  }

  private static var cancelled: CLIError {
    CLIError(.interrupted, "no passphrase given; nothing was restored")
  }
}
