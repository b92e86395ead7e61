import DispatchStorage
import Foundation

/// Where and whether automatic backups are written (docs/import-export.md#automatic-backups,
/// docs/import-export.md#backup-names-and-rotation-rules).
public struct BackupPolicy: Sendable, Equatable {
  /// The folder holding this store's backups.
  public var folder: URL
  /// How many backups of this device are kept.
  public var keepCount: Int
  /// Whether automatic backups run. A manual backup ignores it.
  public var isEnabled: Bool

  /// A policy writing into `folder`.
  public init(
    folder: URL, keepCount: Int = BackupRotation.defaultKeepCount, isEnabled: Bool = true
  ) {
    precondition(keepCount >= 1, "a backup policy keeps at least the backup it just wrote")
    self.folder = folder
    self.keepCount = keepCount
    self.isEnabled = isEnabled
  }

  /// The default folder, `<dataHome>/dispatch/backups/<store file stem>/`.
  ///
  /// Each store gets a folder of its own so the demo store, or another `--store`, never
  /// rotates the real store's backups (docs/import-export.md#automatic-backups).
  ///
  /// - Parameters:
  ///   - dataHome: `$XDG_DATA_HOME` (usually `~/.local/share`), chosen by the caller.
  ///   - storePath: the store file, whose name without extension names the folder.
  public static func defaultFolder(dataHome: URL, storePath: String) -> URL {
    let name = (storePath as NSString).lastPathComponent
    var stem = (name as NSString).deletingPathExtension
    // ":memory:" and other odd names still give a usable folder name.
    stem = BackupName.sanitize(stem)
    return
      dataHome
      .appendingPathComponent("dispatch", isDirectory: true)
      .appendingPathComponent("backups", isDirectory: true)
      .appendingPathComponent(stem.isEmpty ? "store" : stem, isDirectory: true)
  }

  /// The default policy for a store: the default folder, 14 kept, enabled unless the
  /// `backup.enabled` setting is "false" (backups are on by default).
  public static func standard(dataHome: URL, storePath: String, store: DispatchStore) throws
    -> BackupPolicy
  {
    BackupPolicy(
      folder: defaultFolder(dataHome: dataHome, storePath: storePath),
      isEnabled: try isEnabled(in: store))
  }

  /// Whether automatic backups of `store` are on: unless `backup.enabled` is "false".
  public static func isEnabled(in store: DispatchStore) throws -> Bool {
    try store.settings.setting(BackupSettingKey.enabled) != "false"
  }
}

/// Settings the backup feature keeps in the store
/// (docs/import-export.md#backup-names-and-rotation-rules).
public enum BackupSettingKey {
  /// "false" turns automatic backups off; anything else, or no value, leaves them on.
  public static let enabled = "backup.enabled"
  /// The ISO-8601 instant of the newest backup written from this store.
  public static let lastBackupDate = "backup.lastBackupDate"
  /// Eight lowercase hex characters that tell this installation's backups apart.
  public static let installID = "backup.installID"
}
