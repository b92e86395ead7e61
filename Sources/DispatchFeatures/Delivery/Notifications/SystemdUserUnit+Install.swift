import DispatchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemdUserUnit {
  /// Writes the unit file (folders created, mode 0644, atomically so systemd never reads half
  /// a file), then `systemctl --user daemon-reload` and `systemctl --user enable --now NAME`.
  /// The file stays when systemctl fails, so the user can inspect and enable it by hand.
  public func install(runner: any CommandRunner) throws {
    try writeFile()
    try systemctl(["daemon-reload"], runner: runner)
    try systemctl(["enable", "--now", name], runner: runner)
  }

  /// `systemctl --user disable --now NAME`, then removes the unit file and reloads systemd.
  /// The file is kept when disabling fails, so a running daemon is never left without it.
  public func uninstall(runner: any CommandRunner) throws {
    guard FileManager.default.fileExists(atPath: path) else {
      throw NotificationSetupError.notInstalled(path: path)
    }
    try systemctl(["disable", "--now", name], runner: runner)
    guard unlink(path) == 0 || errno == ENOENT else {
      throw NotificationSetupError.fileSystem(path: path, reason: Self.lastError())
    }
    try systemctl(["daemon-reload"], runner: runner)
  }

  private func systemctl(_ words: [String], runner: any CommandRunner) throws {
    let arguments = ["--user"] + words
    let commandLine = (["systemctl"] + arguments).joined(separator: " ")
    let result: (status: Int32, stdout: String)
    do {
      result = try runner.run("systemctl", arguments)
    } catch {
      throw NotificationSetupError.commandNotStarted(command: commandLine, reason: "\(error)")
    }
    if result.status == 127 { throw NotificationSetupError.commandMissing(command: "systemctl") }
    guard result.status == 0 else {
      throw NotificationSetupError.commandFailed(command: commandLine, status: result.status)
    }
  }

  private func writeFile() throws {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: nil)
    } catch {
      throw NotificationSetupError.fileSystem(path: folder, reason: "cannot create the folder")
    }
    let temporary = folder + "/." + name + "." + UUID().uuidString.prefix(8) + ".tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw NotificationSetupError.fileSystem(path: temporary, reason: Self.lastError())
    }
    var renamed = false
    defer { if !renamed { unlink(temporary) } }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { buffer in
      write(descriptor, buffer.baseAddress, buffer.count)
    }
    // The umask may have narrowed the mode given to open; the unit must be world-readable.
    let complete =
      written == bytes.count && fchmod(descriptor, 0o644) == 0 && fsync(descriptor) == 0
    let reason = complete ? "" : Self.lastError()
    close(descriptor)
    guard complete else { throw NotificationSetupError.fileSystem(path: temporary, reason: reason) }
    guard rename(temporary, path) == 0 else {
      throw NotificationSetupError.fileSystem(path: path, reason: Self.lastError())
    }
    renamed = true
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
