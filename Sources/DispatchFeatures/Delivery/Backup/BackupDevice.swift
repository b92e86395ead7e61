import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// The device half of backup names on Linux: the machine type for the model, and a random
/// install ID persisted in the store (docs/import-export.md#backup-names-and-rotation-rules,
/// adapted: there is no `utsname` product name such as "iPhone17,1" on Linux, so `uname -m` stands
/// in).
public enum BackupDevice {
  /// The machine hardware name `uname -m` prints (for example `x86_64`), or nil.
  ///
  /// Deliberately not the host name: backups may be shared, and the host name often holds the
  /// owner's name.
  public static func machineModel() -> String? {
    var info = utsname()
    guard uname(&info) == 0 else { return nil }
    let machine = withUnsafeBytes(of: &info.machine) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return machine.isEmpty ? nil : machine
  }

  /// This store's install ID, created on first use from the store's ID generator and kept
  /// in the `backup.installID` setting.
  public static func installID(in store: DispatchStore, environment: RunEnvironment) throws
    -> String
  {
    try store.write { tx in
      if let existing = try store.settings.setting(BackupSettingKey.installID), !existing.isEmpty {
        return existing
      }
      let id = installID(from: environment.makeID())
      try tx.setSetting(BackupSettingKey.installID, id)
      return id
    }
  }

  /// The slug of this store's backups: the machine model and the install ID.
  public static func slug(for store: DispatchStore, model: String?, environment: RunEnvironment)
    throws -> String
  {
    BackupName.deviceSlug(
      model: model, installID: try installID(in: store, environment: environment))
  }

  /// The first 8 lowercase hex characters of a UUID. An ID with fewer hex digits (a test's
  /// sequential generator) is hashed first, so the result is always 8 hex characters.
  static func installID(from id: String) -> String {
    let hex = id.lowercased().filter(\.isHexDigit)
    if hex.count >= 8 { return String(hex.prefix(8)) }
    let digest = SecureHash.sha256(Array(id.utf8))
    return String(digest.prefix(4).map { String(format: "%02x", $0) }.joined())
  }
}
