import DispatchKit
import Foundation
import Testing

extension CLISandbox {
  /// The default store's backup folder, `$XDG_DATA_HOME/dispatch/backups/dispatch`.
  var backupFolder: String { root + "/data/dispatch/backups/dispatch" }

  /// The file names in `folder` (the default store's backup folder), sorted.
  func backupFiles(in folder: String? = nil) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? backupFolder)) ?? [])
      .filter { !$0.hasPrefix(".") }.sorted()
  }

  /// Runs `dispatch` with the clock pinned to `now`.
  @discardableResult
  func succeed(at now: String, _ arguments: [String]) throws -> CLIResult {
    try succeed(arguments, environment: ["DISPATCH_NOW": now])
  }
}

extension ReportJSON {
  /// The report with its responses ordered by ID: a v2 file keeps the responses but not the
  /// order `reports list` shows them in.
  var normalized: ReportJSON {
    ReportJSON(
      id: id, date: date, timeZone: timeZone, kind: kind, trigger: trigger, isDraft: isDraft,
      responses: responses.sorted { $0.id < $1.id })
  }
}

/// `dispatch backup now|list|restore|enable|disable` and the automatic backup after a report.
@Suite("backup")
struct BackupCommandTests {
  /// `uname -m`, sanitized as backup slugs are: every run of non-alphanumerics becomes "-".
  static func machineSlug() throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/uname")
    process.arguments = ["-m"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let machine = String(decoding: output, as: UTF8.self)
    return machine.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(
      separator: "-")
  }

  static let answer = ["--answer", "Are you working?=yes"]

  @Test func theFirstReportOnAFreshStoreWritesAPrivateV2Backup() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["report"] + Self.answer)
    #expect(result.stderr.isEmpty)
    let files = cli.backupFiles()
    #expect(files.count == 1)
    let name = try #require(files.first)
    let slug = try Self.machineSlug()
    let pattern = "^dispatch-backup-\(slug)-[0-9a-f]{8}-2026-03-04-1000\\.json$"
    #expect(name.range(of: pattern, options: .regularExpression) != nil, "\(name)")

    let path = cli.backupFolder + "/" + name
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let data = try #require(cli.contents(path))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((object["schemaVersion"] as? NSNumber)?.intValue == 2)
    #expect((object["reports"] as? [Any])?.count == 1)
    #expect(object["createdAt"] as? String == "2026-03-04T10:00:00.000Z")
  }

  @Test func aReportWithin20HoursWritesNoBackupAndOneAt20HoursDoes() throws {
    let cli = try CLISandbox()
    try cli.succeed(at: "2026-03-04T10:00:00Z", ["report"] + Self.answer)
    try cli.succeed(at: "2026-03-05T05:59:00Z", ["report"] + Self.answer)
    try cli.succeed(at: "2026-03-05T05:59:30Z", ["answer", "no"])
    #expect(cli.backupFiles().count == 1)
    try cli.succeed(at: "2026-03-05T06:00:00Z", ["answer", "no"])
    let files = cli.backupFiles()
    #expect(files.count == 2)
    #expect(files.last?.hasSuffix("-2026-03-05-0600.json") == true)
    // Wake and sleep surveys back up too.
    try cli.succeed(at: "2026-03-06T02:00:00Z", ["sleep"])
    #expect(cli.backupFiles().count == 3)
  }

  @Test func backupNowAlwaysWrites() throws {
    let cli = try CLISandbox()
    try cli.succeed(["report"] + Self.answer)
    let result = try cli.succeed(at: "2026-03-04T10:05:00Z", ["backup", "now"])
    #expect(result.stdout.hasPrefix("Backed up to \(cli.backupFolder)/dispatch-backup-"))
    #expect(result.stdout.contains("-2026-03-04-1005.json ("))
    #expect(cli.backupFiles().count == 2)
  }

  @Test func aKilledBackupsTemporaryIsRemovedByTheNextBackup() throws {
    let cli = try CLISandbox()
    try cli.succeed(["report"] + Self.answer)
    let name = try #require(cli.backupFiles().first)
    // What `backup now` leaves when it is killed mid-write: an hour-old one is abandoned, a
    // fresh one may belong to a backup being written right now.
    let abandoned = cli.backupFolder + "/." + name + ".1a2b3c4d.tmp"
    let fresh = cli.backupFolder + "/." + name + ".5e6f7a8b.tmp"
    let unrelated = cli.backupFolder + "/.notes.txt.tmp"
    for path in [abandoned, fresh, unrelated] {
      try Data("{".utf8).write(to: URL(fileURLWithPath: path))
    }
    for path in [abandoned, unrelated] {
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: path)
    }
    try cli.succeed(at: "2026-03-04T10:05:00Z", ["backup", "now"])
    #expect(!cli.exists(abandoned))
    #expect(cli.exists(fresh) && cli.exists(unrelated))
  }

  @Test func backupNowNeedsAnExistingStore() throws {
    let cli = try CLISandbox()
    try cli.fail(["backup", "now"], status: 66, message: "no store")
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func rotationKeepsTheNewest14OfThisInstallationOnly() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try FileManager.default.createDirectory(
      atPath: cli.backupFolder, withIntermediateDirectories: true)
    let foreign = [
      "notes.txt", "dispatch-backup-other-12345678-2026-01-01-0000.json",
      "dispatch-backup-2026-01-01-0000.json",
    ]
    for name in foreign {
      try Data("{}".utf8).write(to: URL(fileURLWithPath: cli.backupFolder + "/" + name))
    }
    var last = CLIResult(status: 0, stdout: "", stderr: "")
    for hour in 0..<16 {
      let stamp = String(format: "2026-03-05T%02d:00:00Z", hour)
      last = try cli.succeed(at: stamp, ["backup", "now", "--json"])
    }
    let files = cli.backupFiles()
    let own = files.filter { !foreign.contains($0) }
    #expect(own.count == 14)
    #expect(own.first?.hasSuffix("-2026-03-05-0200.json") == true)
    #expect(own.last?.hasSuffix("-2026-03-05-1500.json") == true)
    #expect(Set(foreign).isSubset(of: Set(files)))
    let outcome = try last.json(NowJSON.self)
    #expect(outcome.deleted.count == 1)
    #expect(outcome.deleted.first?.hasSuffix("-2026-03-05-0100.json") == true)
    #expect(outcome.encrypted == false)
  }

  @Test func listShowsTheBackupsNewestFirstAsTextAndJSON() throws {
    let cli = try CLISandbox()
    try cli.succeed(["report"] + Self.answer)
    try cli.succeed(at: "2026-03-04T11:30:00Z", ["backup", "now"])
    let list = try cli.succeed(["backup", "list", "--json"]).json(ListJSON.self)
    #expect(list.folder == cli.backupFolder)
    #expect(list.backups.map(\.date) == ["2026-03-04T11:30:00.000Z", "2026-03-04T10:00:00.000Z"])
    #expect(list.backups.allSatisfy { $0.thisInstallation && !$0.encrypted && $0.bytes > 0 })
    #expect(list.backups.map(\.name) == cli.backupFiles().reversed())

    let text = try cli.succeed(["backup", "list"]).stdoutLines
    #expect(text.first == "Backups in \(cli.backupFolder), newest first:")
    #expect(text.count == 4)
    #expect(text[1].hasPrefix("  2026-03-04 11:30  dispatch-backup-"))
    #expect(text[2].hasPrefix("  2026-03-04 10:00  dispatch-backup-"))
    #expect(text.last == "2 backups kept (newest 14).")
    // `backup` alone lists.
    #expect(try cli.succeed(["backup"]).stdoutLines == text)
  }

  @Test func listOfAnEmptyFolderSaysSo() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["backup", "list", "--folder", "elsewhere"])
    #expect(result.stdout.hasPrefix("No backups in \(cli.root)/elsewhere yet"))
    let json = try cli.succeed(["backup", "list", "--json"]).json(ListJSON.self)
    #expect(json.backups.isEmpty)
  }

  /// Files three reports over two days and returns the path of a fresh backup.
  private func populate(_ cli: CLISandbox, extra: [String] = []) throws -> String {
    try cli.succeed(
      at: "2026-03-04T10:00:00Z",
      [
        "report", "--answer", "Are you working?=yes", "--answer",
        "What are you doing?=coding, email",
        "--answer", "Where are you?=Office", "--answer", "Who are you with?=Alice",
      ])
    try cli.succeed(at: "2026-03-04T18:00:00Z", ["answer", "no"])
    try cli.succeed(
      at: "2026-03-05T09:00:00Z",
      [
        "report", "--answer", "How many coffees did you have today?=2",
      ])
    let result = try cli.succeed(at: "2026-03-05T09:01:00Z", ["backup", "now", "--json"] + extra)
    return try result.json(NowJSON.self).file
  }

  @Test func restoreIntoAFreshStoreReproducesTheReports() throws {
    let cli = try CLISandbox()
    let file = try populate(cli)
    let fresh = cli.path("fresh.sqlite")
    let restored = try cli.succeed(["--store", fresh, "backup", "restore", file])
    #expect(restored.stdoutLines.first == "Imported 1 file (dispatch-v2)")
    #expect(restored.stdout.contains("added: 3 reports"))
    let original = try cli.reports()
    #expect(original.count == 3)
    #expect(try cli.reports(["--store", fresh]).map(\.normalized) == original.map(\.normalized))
    #expect(
      try cli.succeed(["questions", "list", "--json", "--store", fresh]).stdout
        == cli.succeed(["questions", "list", "--json"]).stdout)
    // Restoring again changes nothing.
    let again = try cli.succeed(["--store", fresh, "backup", "restore", file])
    #expect(again.stdout.contains("added: nothing new"))
    #expect(try cli.reports(["--store", fresh]).map(\.normalized) == original.map(\.normalized))
  }

  @Test func restoreFindsAFileNameInTheBackupFolder() throws {
    let cli = try CLISandbox()
    let file = try populate(cli)
    let name = URL(fileURLWithPath: file).lastPathComponent
    try cli.succeed([
      "--store", "other.sqlite", "backup", "restore", name, "--folder", cli.backupFolder,
    ])
    #expect(try cli.reports(["--store", "other.sqlite"]).count == 3)
    try cli.fail(
      ["--store", "third.sqlite", "backup", "restore", "dispatch-backup-nothing.json"],
      status: 66, message: "no backup 'dispatch-backup-nothing.json'")
    #expect(!cli.exists(cli.path("third.sqlite")))
  }

  @Test func anEncryptedBackupRestoresOnlyWithItsPassphrase() throws {
    let cli = try CLISandbox()
    try Data("correct horse battery staple\nignored second line\n".utf8).write(
      to: URL(fileURLWithPath: cli.path("passphrase")))
    try Data("wrong horse\n".utf8).write(to: URL(fileURLWithPath: cli.path("wrong")))
    let file = try populate(cli, extra: ["--passphrase-file", "passphrase"])
    let bytes = try #require(cli.contents(file))
    #expect(bytes.starts(with: Data("DISPATCH-BACKUP-1\n".utf8)))
    #expect((try? JSONSerialization.jsonObject(with: bytes)) == nil)
    #expect(String(decoding: bytes, as: UTF8.self).contains("Alice") == false)
    let list = try cli.succeed(["backup", "list", "--json"]).json(ListJSON.self)
    #expect(list.backups.first { $0.file == file }?.encrypted == true)

    let fresh = cli.path("fresh.sqlite")
    try cli.fail(
      ["--store", fresh, "backup", "restore", file, "--passphrase-file", "wrong"], status: 65,
      message: "wrong passphrase, or the encrypted backup is damaged; nothing was restored")
    #expect(!cli.exists(fresh))
    try cli.succeed(["--store", fresh, "init"])
    try cli.fail(
      ["--store", fresh, "backup", "restore", file, "--passphrase-file", "wrong"], status: 65,
      message: "wrong passphrase")
    #expect(try cli.reports(["--store", fresh]).isEmpty)
    try cli.fail(
      ["--store", fresh, "backup", "restore", file], status: 64,
      message: "is encrypted: give --passphrase-file")
    #expect(try cli.reports(["--store", fresh]).isEmpty)

    try cli.succeed([
      "--store", fresh, "backup", "restore", file, "--passphrase-file", "passphrase",
    ])
    #expect(
      try cli.reports(["--store", fresh]).map(\.normalized) == cli.reports().map(\.normalized))
  }

  @Test func anEmptyOrMissingPassphraseFileIsRefused() throws {
    let cli = try CLISandbox()
    try cli.succeed(["report"] + Self.answer)
    try Data("\nsecond line\n".utf8).write(to: URL(fileURLWithPath: cli.path("empty")))
    try cli.fail(
      ["backup", "now", "--passphrase-file", "empty"], status: 65, message: "is empty")
    try cli.fail(
      ["backup", "now", "--passphrase-file", "missing"], status: 66,
      message: "cannot read the passphrase file")
    #expect(cli.backupFiles().count == 1)
  }

  @Test func disableStopsAutomaticBackupsAndEnableRemembersFolderAndPassphrase() throws {
    let cli = try CLISandbox()
    try cli.succeed(["backup", "disable"])
    try cli.succeed(["report"] + Self.answer)
    #expect(cli.backupFiles().isEmpty)
    try Data("secret\n".utf8).write(to: URL(fileURLWithPath: cli.path("pw")))
    let enabled = try cli.succeed([
      "backup", "enable", "--folder", "mine", "--passphrase-file", "pw",
    ])
    #expect(enabled.stdout.contains("into \(cli.root)/mine, encrypted"))
    try cli.succeed(at: "2026-03-04T10:10:00Z", ["report"] + Self.answer)
    let files = cli.backupFiles(in: cli.path("mine"))
    #expect(files.count == 1)
    let bytes = try #require(cli.contents(cli.path("mine/") + (files.first ?? "")))
    #expect(bytes.starts(with: Data("DISPATCH-BACKUP-1\n".utf8)))
    #expect(cli.backupFiles().isEmpty)
    // `backup list` uses the remembered folder.
    #expect(try cli.succeed(["backup", "list", "--json"]).json(ListJSON.self).backups.count == 1)
  }

  @Test func aMissingRememberedPassphraseFileWarnsOnlyWhenABackupIsDue() throws {
    let cli = try CLISandbox()
    try Data("secret\n".utf8).write(to: URL(fileURLWithPath: cli.path("pw")))
    try cli.succeed(["backup", "enable", "--passphrase-file", "pw"])
    try cli.succeed(["report"] + Self.answer)
    #expect(cli.backupFiles().count == 1)
    try FileManager.default.removeItem(atPath: cli.path("pw"))
    let notDue = try cli.succeed(at: "2026-03-04T12:00:00Z", ["answer", "yes"])
    #expect(notDue.stderr.isEmpty)
    let due = try cli.succeed(at: "2026-03-05T12:00:00Z", ["answer", "yes"])
    #expect(
      due.stderrLines == [
        "dispatch: warning: the automatic backup failed (cannot read the passphrase file '\(cli.path("pw"))'); the report is filed"
      ])
    #expect(try cli.reports().count == 3)
    #expect(cli.backupFiles().count == 1)
  }

  @Test func aFailedAutomaticBackupWarnsButFilesTheReport() throws {
    let cli = try CLISandbox()
    try FileManager.default.createDirectory(
      atPath: cli.root + "/data/dispatch", withIntermediateDirectories: true)
    try Data("in the way".utf8).write(
      to: URL(fileURLWithPath: cli.root + "/data/dispatch/backups"))
    let result = try cli.succeed(["report", "--json"] + Self.answer)
    #expect(result.stderrLines.count == 1)
    #expect(result.stderr.hasPrefix("dispatch: warning: the automatic backup failed ("))
    #expect(try cli.reports().count == 1)
    _ = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let diagnostics = try cli.succeed(["diagnostics"]).stdout
    #expect(diagnostics.contains("backupFailed"))
  }

  /// `backup now --json`.
  struct NowJSON: Decodable {
    let file: String
    let name: String
    let bytes: Int
    let encrypted: Bool
    let deleted: [String]
  }

  /// `backup list --json`.
  struct ListJSON: Decodable {
    struct Entry: Decodable {
      let name: String
      let file: String
      let date: String
      let bytes: Int
      let encrypted: Bool
      let thisInstallation: Bool
    }
    let folder: String
    let backups: [Entry]
  }
}
