import Foundation

/// What a workflow needs from the process that runs it: the environment variables (XDG
/// folders, `DISPATCH_*` settings, proxies and CA files for the network) and the store's path.
///
/// The command line, the daemon and a web front each build one and pass it to the same entry
/// points, so they file, back up and deliver exactly alike.
public struct ServiceEnvironment: Sendable {
  /// The process environment.
  public var variables: [String: String]
  /// The absolute path of the store file.
  public var storePath: String

  public init(variables: [String: String], storePath: String) {
    self.variables = variables
    self.storePath = storePath
  }

  /// `$XDG_DATA_HOME` (or `~/.local/share`), the folder that holds `dispatch/`.
  public var dataHome: URL { StoreLocation.dataHome(environment: variables) }
}
