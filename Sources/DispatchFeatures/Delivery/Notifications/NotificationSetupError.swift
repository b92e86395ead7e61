/// Why the daemon's systemd user service could not be installed or removed.
public enum NotificationSetupError: Error, CustomStringConvertible, Sendable, Equatable {
  /// A required program is not on PATH.
  case commandMissing(command: String)
  /// A program ran and failed; `command` is the full command line.
  case commandFailed(command: String, status: Int32)
  /// A program could not be started for another reason.
  case commandNotStarted(command: String, reason: String)
  /// Neither `XDG_CONFIG_HOME` nor `HOME` names an absolute folder.
  case noConfigFolder
  /// A path that systemd would resolve against another folder.
  case relativePath(String)
  /// There is no unit file to remove.
  case notInstalled(path: String)
  /// The unit file or its folder could not be written or removed.
  case fileSystem(path: String, reason: String)
  /// `systemctl --user` reaches no user manager (none runs, or no systemd at all).
  case noUserSession

  /// A one-line, lowercase reason with a hint where one helps.
  public var description: String {
    switch self {
    case .commandMissing(let command):
      return "'\(command)' was not found on PATH; \(Self.hint(for: command))"
    case .commandFailed(let command, let status):
      return "'\(command)' failed with exit status \(status); \(Self.hint(for: command))"
    case .commandNotStarted(let command, let reason):
      return "cannot start '\(command)': \(reason)"
    case .noConfigFolder:
      return "cannot find the configuration folder: set XDG_CONFIG_HOME or HOME"
    case .relativePath(let path):
      return "'\(path)' is not an absolute path; systemd starts services from another folder"
    case .notInstalled(let path):
      return "no dispatch service is installed at '\(path)'"
    case .fileSystem(let path, let reason):
      return "cannot write '\(path)': \(reason)"
    case .noUserSession:
      return "no systemd user session answers here ('systemctl --user' cannot reach one)"
    }
  }

  private static func hint(for command: String) -> String {
    guard command.hasPrefix("systemctl") else { return "is it installed?" }
    if command == "systemctl" {
      return "without systemd, start 'dispatch daemon' from your session's autostart instead"
    }
    return "is a systemd user session running? try 'systemctl --user status'"
  }
}
