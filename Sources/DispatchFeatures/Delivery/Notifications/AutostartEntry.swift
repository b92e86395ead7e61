import Foundation

/// The XDG autostart entry that starts `dispatch daemon` with the desktop session, for
/// machines without a systemd user session (docs/daemon.md#installing-the-daemon):
/// `$XDG_CONFIG_HOME/autostart/<unit name>.desktop`, named like the store's systemd unit.
public struct AutostartEntry: Sendable, Equatable {
  /// Where the entry goes.
  public let path: String
  /// The entry's text.
  public let text: String

  /// The entry for the same daemon `unit` would run.
  public init(for unit: SystemdUserUnit) {
    let folder = (unit.path as NSString).deletingLastPathComponent  // …/systemd/user
    let config = ((folder as NSString).deletingLastPathComponent as NSString)
      .deletingLastPathComponent
    let stem = unit.name.hasSuffix(".service") ? String(unit.name.dropLast(8)) : unit.name
    path = config + "/autostart/" + stem + ".desktop"
    var command = [unit.dispatchPath]
    if let store = unit.storePath { command += ["--store", store] }
    command.append("daemon")
    text = """
      [Desktop Entry]
      Type=Application
      Name=Dispatch prompts
      Comment=Fires Dispatch's experience-sampling prompts
      Exec=\(command.map(Self.execArgument).joined(separator: " "))
      NoDisplay=true
      X-GNOME-Autostart-enabled=true

      """
  }

  /// Writes the entry (mode 0644, atomically).
  public func install() throws {
    try InstalledFile.write(text, to: path, mode: 0o644)
  }

  /// Removes the entry; false when there was none.
  public func uninstall() throws -> Bool {
    try InstalledFile.remove(path)
  }

  /// One `Exec` argument per the desktop entry specification: quoted when it holds a space or
  /// a reserved character, with `"`, `` ` ``, `$` and `\` escaped inside the quotes; `%` is
  /// doubled, as field codes start with it.
  static func execArgument(_ word: String) -> String {
    let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")
    var escaped = ""
    for character in word {
      switch character {
      // The value is unescaped once as a string (`\\` → `\`), then once as a quoted
      // argument: a backslash takes four, the other three characters two.
      case "\\": escaped += "\\\\\\\\"
      case "\"", "`", "$": escaped += "\\\\" + String(character)
      case "%": escaped += "%%"
      default: escaped.append(character)
      }
    }
    return word.contains(where: reserved.contains) || word.isEmpty ? "\"" + escaped + "\"" : escaped
  }
}
