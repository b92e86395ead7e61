import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Writing backups: naming, atomic private files, rotation, the due rule, settings
/// (docs/import-export.md#automatic-backups).
struct BackupWriterTests {
  let directory: TemporaryDirectory
  let clock = SteppingClock(Instant(milliseconds: 1_783_607_520_000))
  let store: DispatchStore
  let folder: URL
  let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
  let content = Array("{\n  \"schemaVersion\" : 2\n}".utf8)

  init() throws {
    directory = try TemporaryDirectory()
    store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    folder = URL(fileURLWithPath: directory.file("data/dispatch/backups/dispatch"))
  }

  private func writer(keep: Int = 14, enabled: Bool = true, passphrase: [UInt8]? = nil)
    -> BackupWriter
  {
    BackupWriter(
      policy: BackupPolicy(folder: folder, keepCount: keep, isEnabled: enabled), timeZone: utc,
      deviceModel: "x86_64", passphrase: passphrase)
  }

  private func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func defaultFolderIsPerStore() {
    let home = URL(fileURLWithPath: "/home/u/.local/share")
    #expect(
      BackupPolicy.defaultFolder(
        dataHome: home, storePath: "/home/u/.local/share/dispatch/dispatch.sqlite"
      )
      .path == "/home/u/.local/share/dispatch/backups/dispatch")
    #expect(
      BackupPolicy.defaultFolder(dataHome: home, storePath: "/tmp/demo.sqlite").path
        == "/home/u/.local/share/dispatch/backups/demo")
  }

  @Test func standardPolicyFollowsTheEnabledSetting() throws {
    let home = URL(fileURLWithPath: directory.path)
    #expect(
      try BackupPolicy.standard(dataHome: home, storePath: "s.sqlite", store: store).isEnabled)
    try store.settings.setSetting(BackupSettingKey.enabled, "false")
    #expect(
      !(try BackupPolicy.standard(dataHome: home, storePath: "s.sqlite", store: store).isEnabled))
  }

  @Test func writesAPrivateFileAndRecordsTheDate() throws {
    let outcome = try writer().write(content, store: store, environment: store.environment)
    let installID = try #require(try store.settings.setting(BackupSettingKey.installID))
    #expect(installID.count == 8 && installID.allSatisfy(\.isHexDigit))
    #expect(installID == installID.lowercased())
    #expect(
      outcome.fileURL.lastPathComponent
        == "dispatch-backup-x86-64-\(installID)-2026-07-09-1432.json")
    #expect(try listing() == [outcome.fileURL.lastPathComponent])
    #expect(Array(try Data(contentsOf: outcome.fileURL)) == content)
    #expect(try TemporaryDirectory.permissions(of: outcome.fileURL.path) == 0o600)
    #expect(try TemporaryDirectory.permissions(of: folder.path) == 0o700)
    #expect(
      try store.settings.setting(BackupSettingKey.lastBackupDate) == "2026-07-09T14:32:00.000Z")
    #expect(try BackupWriter.lastBackupDate(of: store) == clock.now())
    #expect(outcome.deleted.isEmpty && !outcome.isEncrypted)
  }

  @Test func installIDIsCreatedOnceFromTheStoreGenerator() throws {
    let first = try BackupDevice.installID(in: store, environment: store.environment)
    #expect(try BackupDevice.installID(in: store, environment: store.environment) == first)
    try store.settings.setSetting(BackupSettingKey.installID, "ab12cd34")
    #expect(
      try BackupDevice.slug(for: store, model: "iPhone17,1", environment: store.environment)
        == "iPhone17-1-ab12cd34")
  }

  @Test func rotationKeepsTheNewestOfThisDeviceOnly() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let foreign = [
      "dispatch-backup-2020-01-01-0000.json",
      "dispatch-backup-iPhone17-1-ffff0000-2020-01-01-0000.json",
      "notes.txt",
    ]
    for name in foreign {
      try Data("x".utf8).write(to: folder.appendingPathComponent(name))
    }
    var written: [String] = []
    for _ in 0..<17 {
      written.append(
        try writer().write(content, store: store, environment: store.environment).fileURL
          .lastPathComponent)
      clock.advance(seconds: 86_400)
    }
    #expect(try listing() == (foreign + written.suffix(14)).sorted())
  }

  @Test func keepOneLeavesOnlyTheNewBackup() throws {
    _ = try writer(keep: 1).write(content, store: store, environment: store.environment)
    clock.advance(seconds: 60)
    let outcome = try writer(keep: 1).write(content, store: store, environment: store.environment)
    #expect(outcome.deleted.count == 1)
    #expect(try listing() == [outcome.fileURL.lastPathComponent])
  }

  @Test func backUpIfDueFollowsTheTwentyHourRule() throws {
    var calls = 0
    let make: () -> [UInt8] = {
      calls += 1
      return content
    }
    #expect(
      try writer().backUpIfDue(store: store, environment: store.environment, content: make) != nil)
    clock.advance(seconds: 20 * 3600 - 1)
    #expect(
      try writer().backUpIfDue(store: store, environment: store.environment, content: make) == nil)
    #expect(calls == 1)
    clock.advance(seconds: 1)
    #expect(
      try writer().backUpIfDue(store: store, environment: store.environment, content: make) != nil)
    #expect(try writer(enabled: false).isDue(store: store, environment: store.environment) == false)
    clock.advance(seconds: 86_400)
    #expect(
      try writer(enabled: false).backUpIfDue(
        store: store, environment: store.environment, content: make) == nil)
    #expect(calls == 2)
    #expect(try listing().count == 2)
  }

  @Test func encryptedBackupDecryptsToTheContent() throws {
    let outcome = try writer(passphrase: Array("hunter2".utf8)).write(
      content, store: store, environment: store.environment)
    let bytes = Array(try Data(contentsOf: outcome.fileURL))
    #expect(outcome.isEncrypted && BackupCrypto.isEncrypted(bytes))
    #expect(try BackupCrypto.decrypt(bytes, passphrase: Array("hunter2".utf8)) == content)
  }

  @Test func writesAreLoggedWithoutContent() throws {
    _ = try writer().write(content, store: store, environment: store.environment)
    let rows = try store.database.rows("SELECT kind, detail FROM event_log")
    #expect(rows.map { $0.string(0) } == ["backup"])
    #expect(rows.first?.string(1)?.contains("schemaVersion") == false)
  }

  @Test func aFileWhereTheFolderShouldBeIsAnError() throws {
    try FileManager.default.createDirectory(
      at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: folder)
    #expect(throws: BackupError.self) {
      try writer().write(content, store: store, environment: store.environment)
    }
  }
}
