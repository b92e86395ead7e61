import DispatchCore
import DispatchStorage
import Foundation

/// Writes backups of a store into its backup folder and rotates old ones
/// (docs/import-export.md#automatic-backups,
/// docs/import-export.md#backup-names-and-rotation-rules).
///
/// The content is a v2 export made by the caller; the writer names, optionally encrypts,
/// atomically writes and rotates it, and records `backup.lastBackupDate`. The time comes from
/// the store's clock, so tests never wait.
public struct BackupWriter: Sendable {
  /// Where backups go, how many are kept, whether automatic backups run.
  public var policy: BackupPolicy
  /// The zone of the local time in file names.
  public var timeZone: TimeZone
  /// The device model in the slug (`uname -m` by default).
  public var deviceModel: String?
  /// When set, backups are encrypted with this passphrase (``BackupCrypto``).
  public var passphrase: [UInt8]?

  /// A writer for `policy`.
  public init(
    policy: BackupPolicy, timeZone: TimeZone = .current,
    deviceModel: String? = BackupDevice.machineModel(), passphrase: [UInt8]? = nil
  ) {
    self.policy = policy
    self.timeZone = timeZone
    self.deviceModel = deviceModel
    self.passphrase = passphrase
  }

  /// When the last backup of `store` was written, from `backup.lastBackupDate`, or nil.
  public static func lastBackupDate(of store: DispatchStore) throws -> Instant? {
    try store.settings.setting(BackupSettingKey.lastBackupDate).flatMap {
      Instant.parseISO8601($0)?.instant
    }
  }

  /// Whether an automatic backup of `store` is due: enabled, and the last one stale.
  public func isDue(store: DispatchStore, environment: RunEnvironment) throws -> Bool {
    try Self.isDue(enabled: policy.isEnabled, store: store, environment: environment)
  }

  /// Whether an automatic backup is due when automatic backups are `enabled`: the last one
  /// is stale, or there is none.
  public static func isDue(enabled: Bool, store: DispatchStore, environment: RunEnvironment)
    throws -> Bool
  {
    guard enabled else { return false }
    return BackupRotation.isDue(last: try lastBackupDate(of: store), now: environment.now())
  }

  /// Writes a backup when one is due (after a report is filed, on a daemon tick).
  ///
  /// - Parameter content: makes the v2 export; called only when a backup is written.
  /// - Returns: what was written, or nil when no backup was due.
  public func backUpIfDue(
    store: DispatchStore, environment: RunEnvironment, content: () throws -> [UInt8]
  ) throws
    -> BackupOutcome?
  {
    guard try isDue(store: store, environment: environment) else { return nil }
    return try write(try content(), store: store, environment: environment)
  }

  /// Writes a backup now, whatever its staleness ("Back Up Now"), then rotates.
  @discardableResult
  public func write(_ content: [UInt8], store: DispatchStore, environment: RunEnvironment) throws
    -> BackupOutcome
  {
    let now = environment.now()
    let slug = try BackupDevice.slug(for: store, model: deviceModel, environment: environment)
    let name = BackupName(slug: slug, date: now, timeZone: timeZone)
    let bytes = try passphrase.map { try BackupCrypto.encrypt(content, passphrase: $0) } ?? content
    try BackupFiles.ensureFolder(policy.folder)
    let url = policy.folder.appendingPathComponent(name.fileName)
    try BackupFiles.writeAtomically(bytes, to: url)
    try store.settings.setSetting(BackupSettingKey.lastBackupDate, now.iso8601)

    let names = try BackupFiles.fileNames(in: policy.folder)
    let doomed =
      BackupRotation.filesToDelete(
        among: names, slug: slug, keep: policy.keepCount, timeZone: timeZone
      ).filter { $0 != name.fileName }
      + BackupFiles.abandonedTemporaries(among: names, in: policy.folder, timeZone: timeZone)
    var deleted: [String] = []
    var failures: [String] = []
    for file in doomed {
      if let reason = BackupFiles.remove(file, in: policy.folder) {
        failures.append(file)
        try store.settings.logEvent("backupPruneFailed", detail: "\(file): \(reason)")
      } else {
        deleted.append(file)
      }
    }
    let outcome = BackupOutcome(
      fileURL: url, byteCount: bytes.count, isEncrypted: passphrase != nil, deleted: deleted,
      pruneFailures: failures)
    try store.settings.logEvent("backup", detail: outcome.logDetail)
    return outcome
  }
}

/// What one backup run did.
public struct BackupOutcome: Sendable, Equatable {
  /// The file written.
  public var fileURL: URL
  /// Its size in bytes.
  public var byteCount: Int
  /// Whether it is encrypted.
  public var isEncrypted: Bool
  /// Older backups removed by rotation, oldest first.
  public var deleted: [String]
  /// Older backups rotation could not remove (logged, then skipped).
  public var pruneFailures: [String]

  /// The event-log line: file name, size and rotation, never content.
  var logDetail: String {
    var text = "\(fileURL.lastPathComponent) (\(byteCount) bytes"
    if isEncrypted { text += ", encrypted" }
    text += "), pruned \(deleted.count)"
    if !pruneFailures.isEmpty { text += ", \(pruneFailures.count) could not be pruned" }
    return text
  }
}
