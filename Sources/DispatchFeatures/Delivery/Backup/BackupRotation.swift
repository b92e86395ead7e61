import DispatchCore
import Foundation

/// When a backup is due and which old backups to remove
/// (docs/import-export.md#backup-names-and-rotation-rules).
public enum BackupRotation {
  /// How many backups of this device are kept.
  public static let defaultKeepCount = 14
  /// The age, in seconds, at which the newest backup is stale: 20 hours, inclusive.
  public static let staleAfterSeconds: Int64 = 20 * 60 * 60

  /// Whether an automatic backup is due: never backed up, the last one at least 20 hours old,
  /// or the last one in the future (the clock was set back, so its age is unknown).
  public static func isDue(last: Instant?, now: Instant) -> Bool {
    guard let last else { return true }
    if last > now { return true }
    return now.milliseconds - last.milliseconds >= staleAfterSeconds * 1000
  }

  /// The file names to delete so only the newest `keep` backups of `slug` remain.
  ///
  /// Backups are ordered by (encoded timestamp, name). Names that do not parse (foreign files),
  /// other devices' slugs and legacy unslugged names are never returned, whatever `keep` is.
  /// The result is oldest first.
  public static func filesToDelete(
    among fileNames: [String], slug: String, keep: Int = defaultKeepCount, timeZone: TimeZone
  ) -> [String] {
    let own =
      fileNames
      .compactMap { BackupName(fileName: $0, timeZone: timeZone) }
      .filter { $0.slug == slug }
      .sorted { ($0.date, $0.fileName) < ($1.date, $1.fileName) }
    let excess = own.count - max(0, keep)
    guard excess > 0 else { return [] }
    return own.prefix(excess).map(\.fileName)
  }
}
