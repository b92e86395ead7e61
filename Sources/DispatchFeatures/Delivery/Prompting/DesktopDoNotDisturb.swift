import DispatchCore
import DispatchSupport
import Foundation

/// The desktop's do-not-disturb state, which the daemon can follow as a focus (`follow-dnd`,
/// docs/daemon.md#do-not-disturb), asked of the notification server that actually shows the
/// prompts.
///
/// The server is found by asking it (`GetServerInformation` on the session bus, through
/// `busctl` or `gdbus`); when that fails, the desktop (`XDG_CURRENT_DESKTOP`) says which
/// servers to try, and the standalone servers of tiling desktops (dunst, mako, swaync) follow.
/// Asking GNOME's setting first whatever runs would read its default and miss a paused dunst.
public enum DesktopDoNotDisturb {
  /// The focus name a do-not-disturb desktop acts as.
  public static let focusName = "Do Not Disturb"

  /// A notification server Dispatch can ask about do-not-disturb.
  public enum Server: String, Sendable, CaseIterable {
    case gnome = "GNOME Shell"
    case plasma = "KDE Plasma"
    case xfce = "Xfce Notify Daemon"
    case dunst
    case mako
    case swaync = "SwayNotificationCenter"
  }

  /// What a look found: the state (nil when no known server answered) and the server asked.
  public struct Reading: Sendable, Equatable {
    public var isOn: Bool?
    public var server: Server?
    /// The running server's own name when it is none Dispatch knows.
    public var unknownServer: String?

    public init(isOn: Bool?, server: Server?, unknownServer: String? = nil) {
      self.isOn = isOn
      self.server = server
      self.unknownServer = unknownServer
    }

    /// "dunst says do not disturb is on", for diagnostics.
    public var description: String {
      guard let server else {
        return unknownServer.map {
          "the notification server '\($0)' has no do-not-disturb Dispatch can read"
        }
          ?? "no notification server that Dispatch can ask answered"
      }
      return "\(server.rawValue) says do not disturb is " + (isOn == true ? "on" : "off")
    }
  }

  /// Whether the desktop says do not disturb; nil when no known server answers.
  public static func isOn(runner: any CommandRunner, environment: [String: String]) -> Bool? {
    read(runner: runner, environment: environment).isOn
  }

  /// Asks the running server, else the servers the desktop implies, in order.
  public static func read(runner: any CommandRunner, environment: [String: String]) -> Reading {
    let running = runningServerName(runner: runner)
    if let running {
      guard let server = server(named: running) else {
        return Reading(isOn: nil, server: nil, unknownServer: running)
      }
      return Reading(isOn: state(of: server, runner: runner), server: server)
    }
    for server in candidates(desktop: environment["XDG_CURRENT_DESKTOP"] ?? "") {
      if let isOn = state(of: server, runner: runner) {
        return Reading(isOn: isOn, server: server)
      }
    }
    return Reading(isOn: nil, server: nil)
  }

  /// The servers to try when the running one cannot be asked, in order.
  static func candidates(desktop: String) -> [Server] {
    let names = desktop.lowercased().split(separator: ":").map(String.init)
    var order: [Server] = []
    if names.contains(where: { ["gnome", "unity", "budgie", "pantheon"].contains($0) }) {
      order.append(.gnome)
    }
    if names.contains("kde") { order.append(.plasma) }
    if names.contains("xfce") { order.append(.xfce) }
    return order + [.dunst, .mako, .swaync]
  }

  /// The name the session's notification server gives (`GetServerInformation`), or nil.
  static func runningServerName(runner: any CommandRunner) -> String? {
    let path = "/org/freedesktop/Notifications"
    let interface = "org.freedesktop.Notifications"
    if let answer = try? runner.run(
      "busctl", ["--user", "call", interface, path, interface, "GetServerInformation"]),
      answer.status == 0, let name = firstQuoted(answer.stdout, quote: "\"")
    {
      return name
    }
    if let answer = try? runner.run(
      "gdbus",
      [
        "call", "--session", "--dest", interface, "--object-path", path, "--method",
        interface + ".GetServerInformation",
      ]), answer.status == 0, let name = firstQuoted(answer.stdout, quote: "'")
    {
      return name
    }
    return nil
  }

  /// The first string between two `quote`s: `ssss "dunst" …` or `('dunst', …)`.
  private static func firstQuoted(_ text: String, quote: Character) -> String? {
    guard let start = text.firstIndex(of: quote) else { return nil }
    let rest = text[text.index(after: start)...]
    guard let end = rest.firstIndex(of: quote) else { return nil }
    let name = String(rest[..<end])
    return name.isEmpty ? nil : name
  }

  /// The known server a `GetServerInformation` name belongs to.
  static func server(named name: String) -> Server? {
    switch name.lowercased() {
    case "gnome-shell", "gnome shell": return .gnome
    case "plasma", "kde plasma", "plasmashell": return .plasma
    case "xfce notify daemon", "xfce4-notifyd": return .xfce
    case "dunst": return .dunst
    case "mako": return .mako
    case "swaync", "swaynotificationcenter": return .swaync
    default: return nil
    }
  }

  /// The server's do-not-disturb state, or nil when its tool does not answer.
  static func state(of server: Server, runner: any CommandRunner) -> Bool? {
    func output(_ executable: String, _ arguments: [String]) -> String? {
      guard let answer = try? runner.run(executable, arguments), answer.status == 0 else {
        return nil
      }
      return answer.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    func boolean(_ text: String?) -> Bool? {
      switch text {
      case "true"?: return true
      case "false"?: return false
      default: return nil
      }
    }
    switch server {
    case .gnome:
      // Banners off is GNOME's do-not-disturb.
      return boolean(
        output("gsettings", ["get", "org.gnome.desktop.notifications", "show-banners"])
      ).map { !$0 }
    case .plasma:
      // Plasma sets the notification spec's Inhibited property while do-not-disturb is on.
      let path = "/org/freedesktop/Notifications"
      let interface = "org.freedesktop.Notifications"
      let answer = output(
        "busctl", ["--user", "get-property", interface, path, interface, "Inhibited"])
      return boolean(answer?.split(separator: " ").last.map(String.init))
    case .xfce:
      return boolean(output("xfconf-query", ["-c", "xfce4-notifyd", "-p", "/do-not-disturb"]))
    case .dunst:
      return boolean(output("dunstctl", ["is-paused"]))
    case .mako:
      return output("makoctl", ["mode"]).map {
        $0.split(whereSeparator: \.isWhitespace).contains("do-not-disturb")
      }
    case .swaync:
      return boolean(output("swaync-client", ["--get-dnd", "--skip-wait"]))
    }
  }

  /// The focus a do-not-disturb desktop means: every group muted, the main schedule paused
  /// (snoozes still fire).
  public static func focus(since: Instant) -> FocusFilter {
    FocusFilter(name: focusName, allowedGroupIDs: [], pausesMainSchedule: true, since: since)
  }
}
