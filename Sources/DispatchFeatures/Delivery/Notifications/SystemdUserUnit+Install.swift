import DispatchSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SystemdUserUnit {
  /// Checks that a systemd user session answers, writes the unit file (folders created, mode
  /// 0644, atomically so systemd never reads half a file), then `systemctl --user
  /// daemon-reload` and `systemctl --user enable --now NAME`. Nothing stays behind when a step
  /// fails: a unit file written by this call is removed again.
  ///
  /// - Throws: ``NotificationSetupError/noUserSession`` when `systemctl --user` cannot reach a
  ///   user manager (or systemctl is missing): nothing was written.
  public func install(runner: any CommandRunner) throws {
    do {
      try systemctl(["show-environment"], runner: runner)
    } catch NotificationSetupError.commandFailed, NotificationSetupError.commandMissing {
      throw NotificationSetupError.noUserSession
    }
    let existed = FileManager.default.fileExists(atPath: path)
    try InstalledFile.write(text, to: path, mode: 0o644)
    do {
      try systemctl(["daemon-reload"], runner: runner)
      try systemctl(["enable", "--now", name], runner: runner)
    } catch {
      if !existed {
        unlink(path)
        try? systemctl(["daemon-reload"], runner: runner)
      }
      throw error
    }
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

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
