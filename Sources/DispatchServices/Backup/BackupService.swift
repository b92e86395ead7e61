import DispatchCore
import DispatchFeatures
import DispatchStorage
import Foundation

/// Backups of one store: where they go, what they hold, and when one is due (docs/store.md).
///
/// A backup is a full v2 export. Each store has a folder of its own,
/// `$XDG_DATA_HOME/dispatch/backups/<store file stem>/`, unless a folder is given or
/// remembered by `backup enable --folder`.
public struct BackupService {
  /// Settings that complete ``BackupSettingKey``.
  public enum Setting {
    /// The folder chosen with `backup enable --folder`; empty or missing: the default folder.
    public static let folder = "backup.folder"
    /// The passphrase file chosen with `backup enable --passphrase-file`; empty or missing:
    /// automatic backups are not encrypted. The path is stored, never the passphrase.
    public static let passphraseFile = "backup.passphraseFile"
  }

  public let store: DispatchStore
  public let environment: ServiceEnvironment

  public init(store: DispatchStore, environment: ServiceEnvironment) {
    self.store = store
    self.environment = environment
  }

  /// The backup folder: `option`, else the remembered folder, else the store's default one.
  public func folder(option: String?) throws -> URL {
    try Self.folder(option: option, store: store, environment: environment)
  }

  /// The folder for a store that may not exist yet (`backup list` before the first report).
  public static func folder(
    option: String?, store: DispatchStore?, environment: ServiceEnvironment
  ) throws -> URL {
    if let option, !option.isEmpty {
      return URL(fileURLWithPath: StoreLocation.absolute(option), isDirectory: true)
    }
    if let saved = try store?.settings.setting(Setting.folder), !saved.isEmpty {
      return URL(fileURLWithPath: saved, isDirectory: true)
    }
    return BackupPolicy.defaultFolder(
      dataHome: environment.dataHome, storePath: environment.storePath)
  }

  /// The writer for this store: the standard policy (on unless `backup.enabled` is "false")
  /// with the chosen folder.
  public func writer(folderOption: String?, passphrase: [UInt8]?) throws -> BackupWriter {
    var policy = try BackupPolicy.standard(
      dataHome: environment.dataHome, storePath: environment.storePath, store: store)
    policy.folder = try folder(option: folderOption)
    return BackupWriter(
      policy: policy, timeZone: .current, deviceModel: BackupDevice.machineModel(),
      passphrase: passphrase)
  }

  /// The backup's content: the store's v2 export, stamped now with this machine's model.
  public func content() throws -> [UInt8] {
    let provenance = ExportProvenance(
      createdAt: environment.run.now(), deviceModel: BackupDevice.machineModel())
    guard case .file(let bytes) = try store.export(.v2, provenance: provenance) else {
      throw DispatchError(.failure, "the v2 export did not produce a single file")
    }
    return bytes
  }

  /// Writes a backup now, however recent the last one, then rotates.
  public func writeNow(folderOption: String?, passphraseFile: String?) throws -> BackupOutcome {
    let passphrase = try passphraseFile.map(Self.readPassphrase)
    let writer = try writer(folderOption: folderOption, passphrase: passphrase)
    return try writer.write(try content(), store: store, environment: environment.run)
  }

  /// Writes a backup when one is due (automatic backups on, the newest at least 20 hours old),
  /// encrypted with the remembered passphrase file; nil when none was due.
  public func writeIfDue() throws -> BackupOutcome? {
    // Checked first and from the settings alone: most filings need no backup, and the writer
    // reads the folder setting and the machine's model, the passphrase file too.
    guard
      try BackupWriter.isDue(
        enabled: BackupPolicy.isEnabled(in: store), store: store, environment: environment.run)
    else { return nil }
    var writer = try writer(folderOption: nil, passphrase: nil)
    if let file = try store.settings.setting(Setting.passphraseFile), !file.isEmpty {
      writer.passphrase = try Self.readPassphrase(file)
    }
    return try writer.write(try content(), store: store, environment: environment.run)
  }

  /// Turns automatic backups on with exactly these choices (no folder: the default one; no
  /// passphrase file: not encrypted), checking the passphrase file can be read; returns the
  /// folder they go to.
  @discardableResult
  public func enable(folder: String?, passphraseFile: String?) throws -> URL {
    let folder = folder.flatMap { $0.isEmpty ? nil : StoreLocation.absolute($0) }
    let passphraseFile = passphraseFile.map(StoreLocation.absolute)
    if let passphraseFile { _ = try Self.readPassphrase(passphraseFile) }
    try store.write { tx in
      try tx.setSetting(BackupSettingKey.enabled, "true")
      try tx.setSetting(Setting.folder, folder ?? "")
      try tx.setSetting(Setting.passphraseFile, passphraseFile ?? "")
    }
    return try self.folder(option: nil)
  }

  /// Turns automatic backups off; `backup now` still writes one.
  public func disable() throws {
    try store.settings.setSetting(BackupSettingKey.enabled, "false")
  }

  /// The first line of a passphrase file, without its line ending.
  ///
  /// - Throws: ``DispatchError`` `.unreadable` when the file cannot be read, `.invalidValue`
  ///   when its first line is empty.
  public static func readPassphrase(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw DispatchError(.unreadable, "cannot read the passphrase file '\(path)'")
    }
    var line = Array(data.prefix { $0 != UInt8(ascii: "\n") })
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard !line.isEmpty else {
      throw DispatchError(
        .invalidValue, "the passphrase file '\(path)' is empty (its first line is the passphrase)")
    }
    return line
  }
}
