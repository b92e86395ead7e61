import Foundation

/// What the diagnostics dump needs to know about the machine, injected so tests control it.
public struct DiagnosticsEnvironment: Sendable {
  /// The operating system, as `ProcessInfo.operatingSystemVersionString` reports it.
  public var operatingSystem: String
  /// The machine type (`uname -m`), or nil.
  public var machine: String?
  /// The store's backup folder, or nil when backups are not configured for this caller.
  public var backupFolder: URL?
  /// The zone backup file names were written in.
  public var timeZone: TimeZone
  /// What the desktop's do-not-disturb reads as, and from which notification server.
  public var doNotDisturb: String?

  /// The running machine's values; pass the backup folder to include backup status.
  public init(
    operatingSystem: String = ProcessInfo.processInfo.operatingSystemVersionString,
    machine: String? = BackupDevice.machineModel(), backupFolder: URL? = nil,
    timeZone: TimeZone = .current, doNotDisturb: String? = nil
  ) {
    self.doNotDisturb = doNotDisturb
    self.operatingSystem = operatingSystem
    self.machine = machine
    self.backupFolder = backupFolder
    self.timeZone = timeZone
  }
}
