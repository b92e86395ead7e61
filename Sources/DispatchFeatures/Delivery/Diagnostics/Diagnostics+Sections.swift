import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// The backup and event-log sections of the diagnostics dump.
extension Diagnostics {
  /// Backup status: the folder, how many backups it holds, the newest one's time, and the
  /// recorded last backup. Reading only: a missing install ID is not created here.
  static func backupSection(_ facts: StoreFacts, _ environment: DiagnosticsEnvironment)
    -> [String]
  {
    var lines = ["BACKUPS:"]
    let values = settingValues(
      facts,
      [BackupSettingKey.enabled, BackupSettingKey.lastBackupDate, BackupSettingKey.installID])
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
  static func eventsSection(_ facts: StoreFacts) -> [String] {
    let events = facts.newestEvents
    var lines = ["EVENTS (newest first, \(events.count) of \(facts.eventCount)):"]
    for event in events {
      var line = "  \(event.at.iso8601)  \(sanitized(event.kind, limit: 60))"
      if let detail = event.detail, !detail.isEmpty {
        line += " — " + sanitized(URLRedaction.redactingURLs(in: detail), limit: detailLimit)
      }
      lines.append(line)
    }
    if events.isEmpty { lines.append("  (none observed)") }
    return lines
  }

  /// The values of `keys` that are set.
  static func settingValues(_ facts: StoreFacts, _ keys: [String]) -> [String: String] {
    var values: [String: String] = [:]
    for (key, value) in facts.settings where keys.contains(key) {
      if let value { values[key] = value }
    }
    return values
  }
}
