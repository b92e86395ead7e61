import DispatchCore
import Foundation

/// What a workflow needs from the process that runs it: the environment variables (XDG
/// folders, `DISPATCH_*` settings, proxies and CA files for the network), the store's path
/// and the run's clock, IDs and zone (the same ``RunEnvironment`` the store was opened with).
///
/// The command line, the daemon and a web front each build one and pass it to the same entry
/// points, so they file, back up and deliver exactly alike.
public struct ServiceEnvironment: Sendable {
  /// The process environment.
  public var variables: [String: String]
  /// The absolute path of the store file.
  public var storePath: String
  /// The clock, IDs and zone the workflows stamp and date records with.
  public var run: RunEnvironment

  public init(variables: [String: String], storePath: String, run: RunEnvironment) {
    self.variables = variables
    self.storePath = storePath
    self.run = run
  }

  /// `$XDG_DATA_HOME` (or `~/.local/share`), the folder that holds `dispatch/`.
  public var dataHome: URL { StoreLocation.dataHome(environment: variables) }
}
