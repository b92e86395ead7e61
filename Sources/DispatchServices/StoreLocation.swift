import Foundation

/// Where the store file is (docs/cli.md#choosing-the-store): `--store` over `DISPATCH_STORE` over
/// the XDG default.
public enum StoreLocation {
  /// `$XDG_DATA_HOME/dispatch`, with XDG's `~/.local/share` default.
  public static func dataDirectory(environment: [String: String]) -> String {
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      return xdg + "/dispatch"
    }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.local/share/dispatch"
  }

  /// The store path for a command. An empty or blank `DISPATCH_STORE` counts as unset, as XDG
  /// reads its empty variables (an empty or blank `--store` never gets here: the parser
  /// refuses it).
  public static func resolve(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return absolute(option) }
    if let variable = environment["DISPATCH_STORE"], !variable.allSatisfy(\.isWhitespace) {
      return absolute(variable)
    }
    return dataDirectory(environment: environment) + "/dispatch.sqlite"
  }

  /// The demo store: `--store` when given, else `$XDG_DATA_HOME/dispatch/demo.sqlite`.
  /// `DISPATCH_STORE` is deliberately ignored so the demo never touches the real store.
  public static func demo(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return absolute(option) }
    return dataDirectory(environment: environment) + "/demo.sqlite"
  }

  /// `$XDG_DATA_HOME` itself (or `~/.local/share`): the folder holding `dispatch/`.
  public static func dataHome(environment: [String: String]) -> URL {
    URL(
      fileURLWithPath: (dataDirectory(environment: environment) as NSString)
        .deletingLastPathComponent, isDirectory: true)
  }

  /// `path` made absolute against the working directory, with `~/` expanded.
  public static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    if path.hasPrefix("~/") { return NSHomeDirectory() + String(path.dropFirst()) }
    return FileManager.default.currentDirectoryPath + "/" + path
  }
}
