/// The systemd user service that runs `dispatch daemon` for one store
/// (docs/daemon.md#the-daemon-delivering-prompts).
///
/// The default store gets `dispatch.service`; any other store gets its own
/// `dispatch-<name>.service`, so two stores can have two daemons side by side.
public struct SystemdUserUnit: Sendable, Equatable {
  /// The absolute path of the `dispatch` executable the service starts.
  public let dispatchPath: String
  /// The store the daemon serves; nil for the default store.
  public let storePath: String?
  /// The unit name, such as `dispatch.service`.
  public let name: String
  /// Where the unit file goes: `$XDG_CONFIG_HOME/systemd/user/NAME`, else
  /// `~/.config/systemd/user/NAME`.
  public let path: String

  /// The unit for `dispatchPath` serving `storePath` (nil: the default store), located with
  /// `environment` (`XDG_CONFIG_HOME`, `XDG_DATA_HOME`, `HOME`); a relative XDG variable is
  /// ignored, as the base-directory specification requires.
  public init(dispatchPath: String, storePath: String?, environment: [String: String]) throws {
    guard dispatchPath.hasPrefix("/") else {
      throw NotificationSetupError.relativePath(dispatchPath)
    }
    if let storePath, !storePath.hasPrefix("/") {
      throw NotificationSetupError.relativePath(storePath)
    }
    guard let config = Self.baseFolder("XDG_CONFIG_HOME", ".config", environment) else {
      throw NotificationSetupError.noConfigFolder
    }
    let defaultStore = Self.baseFolder("XDG_DATA_HOME", ".local/share", environment)
      .map { $0 + "/dispatch/dispatch.sqlite" }
    self.dispatchPath = dispatchPath
    self.storePath = storePath
    name = Self.name(storePath: storePath == defaultStore ? nil : storePath)
    path = config + "/systemd/user/" + name
  }

  /// The unit file's text.
  public var text: String { Self.text(dispatchPath: dispatchPath, storePath: storePath) }

  /// The unit file for `dispatch [--store STORE] daemon`. It belongs to the graphical session
  /// because notify-send needs the session's display and bus; failures restart it after 10 s.
  public static func text(dispatchPath: String, storePath: String?) -> String {
    var command = [dispatchPath]
    if let storePath { command += ["--store", storePath] }
    command.append("daemon")
    let description =
      storePath.map { "Dispatch prompt daemon for store '\(storeName($0))'" }
      ?? "Dispatch prompt daemon"
    return """
      [Unit]
      Description=\(description)
      After=graphical-session.target
      PartOf=graphical-session.target

      [Service]
      Type=simple
      ExecStart=\(command.map(execArgument).joined(separator: " "))
      Restart=on-failure
      RestartSec=10

      [Install]
      WantedBy=default.target

      """
  }

  /// `dispatch.service`, or `dispatch-<store name>.service` for a non-default store.
  public static func name(storePath: String?) -> String {
    guard let storePath else { return "dispatch.service" }
    return "dispatch-" + storeName(storePath) + ".service"
  }

  /// The store file's base name without its extension, reduced to the characters a unit name
  /// may always hold (ASCII letters, digits, `_`, `-`); each run of other characters becomes
  /// one `-`, and dashes at either end are dropped.
  static func storeName(_ storePath: String) -> String {
    let base = storePath.split(separator: "/").last.map(String.init) ?? ""
    let stem = base.lastIndex(of: ".").map { base[..<$0] }.flatMap { $0.isEmpty ? nil : $0 }
    var name = ""
    for character in (stem ?? Substring(base)).map(allowedInName)
    where character != "-" || (!name.isEmpty && name.last != "-") {
      name.append(character)
    }
    if name.last == "-" { name.removeLast() }
    return name.isEmpty ? "store" : name
  }

  /// One ExecStart word per systemd.service(5): `%` starts a specifier and `$` a variable, so
  /// both are doubled; a word with spaces, quotes, backslashes or control characters is put in
  /// double quotes with C-style escapes.
  static func execArgument(_ word: String) -> String {
    var escaped = ""
    var needsQuotes = word.isEmpty || word == ";"
    for character in word {
      switch character {
      case "%": escaped += "%%"
      case "$": escaped += "$$"
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      default: escaped.append(character)
      }
      if character.isWhitespace || "'\"\\".contains(character) { needsQuotes = true }
    }
    return needsQuotes ? "\"" + escaped + "\"" : escaped
  }

  private static func allowedInName(_ character: Character) -> Character {
    character.isASCII && (character.isLetter || character.isNumber || character == "_")
      ? character : "-"
  }

  private static func baseFolder(
    _ variable: String, _ fallback: String, _ environment: [String: String]
  ) -> String? {
    if let value = environment[variable], value.hasPrefix("/") { return withoutSlash(value) }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return withoutSlash(home) + "/" + fallback
  }

  private static func withoutSlash(_ folder: String) -> String {
    folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
  }
}
