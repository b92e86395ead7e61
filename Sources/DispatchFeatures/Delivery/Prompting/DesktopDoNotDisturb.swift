import DispatchCore
import DispatchSupport
import Foundation

/// The desktop's do-not-disturb state, which the daemon can follow as a focus (`follow-dnd`,
/// docs/daemon.md#focus), asked of the notification servers that expose one.
public enum DesktopDoNotDisturb {
  /// The focus name a do-not-disturb desktop acts as.
  public static let focusName = "Do Not Disturb"

  /// Whether the desktop says do not disturb; nil when no known server answers.
  ///
  /// GNOME: `gsettings get org.gnome.desktop.notifications show-banners` is `false`. dunst:
  /// `dunstctl is-paused` prints `true`. mako: `makoctl mode` lists `do-not-disturb`.
  public static func isOn(runner: any CommandRunner) -> Bool? {
    if let gnome = try? runner.run(
      "gsettings", ["get", "org.gnome.desktop.notifications", "show-banners"]), gnome.status == 0
    {
      let value = gnome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      if value == "false" { return true }
      if value == "true" { return false }
    }
    if let dunst = try? runner.run("dunstctl", ["is-paused"]), dunst.status == 0 {
      return dunst.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
    }
    if let mako = try? runner.run("makoctl", ["mode"]), mako.status == 0 {
      return mako.stdout.split(whereSeparator: \.isWhitespace).contains("do-not-disturb")
    }
    return nil
  }

  /// The focus a do-not-disturb desktop means: every group muted, the main schedule paused
  /// (snoozes still fire).
  public static func focus(since: Instant) -> FocusFilter {
    FocusFilter(name: focusName, allowedGroupIDs: [], pausesMainSchedule: true, since: since)
  }
}
