import DispatchCore
import DispatchStorage
import Foundation

/// The backup and event-log sections of the diagnostics dump.
extension Diagnostics {
  /// Backup status: the folder, how many backups it holds, the newest one's time, and the
  /// recorded last backup. Reading only: a missing install ID is not created here.
  static func backupSection(_ db: Database, _ environment: DiagnosticsEnvironment) throws
    -> [String]
  {
    var lines = ["BACKUPS:"]
    let settings = try db.rows(
      "SELECT key, value FROM settings WHERE key IN (?, ?, ?)",
      [BackupSettingKey.enabled, BackupSettingKey.lastBackupDate, BackupSettingKey.installID])
    var values: [String: String] = [:]
    for row in settings {
      if let key = row.string(0), let value = row.string(1) { values[key] = value }
    }
    lines.append("  Automatic: \(values[BackupSettingKey.enabled] == "false" ? "off" : "on")")
    let last = values[BackupSettingKey.lastBackupDate].flatMap { Instant.parseISO8601($0) }
    lines.append("  Last backup: \(last?.instant.iso8601 ?? "(never)")")
    guard let folder = environment.backupFolder else {
      lines.append("  Folder: (not given)")
      return lines + [""]
    }
    lines.append("  Folder: \(folder.path)")
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      lines.append("  Files: 0 (no folder yet)")
      return lines + [""]
    }
    let backups = names.compactMap { BackupName(fileName: $0, timeZone: environment.timeZone) }
    let own = values[BackupSettingKey.installID].map { id in
      backups.filter { $0.slug?.hasSuffix("-" + BackupName.sanitize(id)) == true }.count
    }
    lines.append("  Files: \(backups.count)" + (own.map { " (this installation: \($0))" } ?? ""))
    let newest = backups.max { ($0.date, $0.fileName) < ($1.date, $1.fileName) }
    lines.append("  Newest: \(newest.map { $0.date.iso8601 } ?? "(none)")")
    return lines + [""]
  }

  /// The event log, newest first, at most ``eventLimit`` entries.
  static func eventsSection(_ db: Database) throws -> [String] {
    let total = try db.scalarInt("SELECT count(*) FROM event_log") ?? 0
    let rows = try db.rows(
      "SELECT at_ms, kind, detail FROM event_log ORDER BY at_ms DESC, id DESC LIMIT ?",
      [eventLimit])
    var lines = ["EVENTS (newest first, \(rows.count) of \(total)):"]
    for row in rows {
      let at = Instant(milliseconds: row.int64(0) ?? 0).iso8601
      var line = "  \(at)  \(sanitized(row.string(1) ?? "?", limit: 60))"
      if let detail = row.string(2), !detail.isEmpty {
        line += " — " + sanitized(detail, limit: detailLimit)
      }
      lines.append(line)
    }
    if rows.isEmpty { lines.append("  (none observed)") }
    return lines
  }
}
