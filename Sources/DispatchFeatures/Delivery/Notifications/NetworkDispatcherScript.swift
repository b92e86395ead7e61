import DispatchSupport

/// The NetworkManager dispatcher script `dispatch daemon network-script` prints
/// (docs/daemon.md#waking-dispatch-on-network-changes), for machines where the daemon does not
/// run all the time: NetworkManager runs it as root after every network change, and it has
/// Dispatch look once as the store's owner, so joining or leaving a named place's Wi-Fi prompts
/// at once. When the daemon is running it watches the network itself; the script sees the
/// daemon's lock taken and does nothing.
public struct NetworkDispatcherScript: Sendable, Equatable {
  public let dispatchPath: String
  public let storePath: String
  /// The user the look runs as, and that user's ID (for the session bus notify-send needs).
  public let user: String
  public let userID: UInt32

  public init(dispatchPath: String, storePath: String, user: String, userID: UInt32) {
    self.dispatchPath = dispatchPath
    self.storePath = storePath
    self.user = user
    self.userID = userID
  }

  /// Where the script goes; NetworkManager runs the files there in name order.
  public static let installPath = "/etc/NetworkManager/dispatcher.d/90-dispatch"

  public var text: String {
    let runtime = "/run/user/\(userID)"
    let look = ShellQuoting.readableCommand([
      "runuser", "-u", user, "--", "env", "XDG_RUNTIME_DIR=\(runtime)",
      "DBUS_SESSION_BUS_ADDRESS=unix:path=\(runtime)/bus", dispatchPath, "--store", storePath,
      "daemon", "--once",
    ])
    return """
      #!/bin/sh
      # Written by 'dispatch daemon network-script' (see 'dispatch daemon network-script --help').
      # NetworkManager runs this as root after every network change ($2 is what happened). It
      # has Dispatch look once as \(user), so joining or leaving a named place's Wi-Fi prompts
      # at once; when the daemon is running it has seen the change itself, and this does nothing.
      case "$2" in
        up|down|connectivity-change) ;;
        *) exit 0 ;;
      esac
      flock -n \(ShellQuoting.readableCommand([storePath + ".daemon.lock"])) true || exit 0
      \(look) 2>&1 | logger -t dispatch
      exit 0

      """
  }
}
