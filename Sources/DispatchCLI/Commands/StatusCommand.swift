import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch status`: one line for a status bar (docs/status-line.md#the-status-line), fast and
/// read-only so a bar can poll it every second while the daemon writes.
enum StatusCommand {
  static let formatOption = Option<StatusLine.Format>.choice(
    "format", "FORMAT", noun: "a status format", ignoringCase: true,
    "text (default), json, waybar, i3blocks or tmux")

  static let spec: CommandSpec = CommandSpec(
    "status",
    abstract: "One line for a status bar: time since the last report, today, streak, next prompt",
    discussion: """
      Reads the store without writing to it. The streak counts consecutive days with a filed \
      report, each report on the local day of its own time zone, ending today or yesterday; \
      'today' is read in the schedule's zone. The next prompt is the schedule's next random, \
      fixed or group prompt, or a waiting snooze. --format json uses Dispatch's snapshot \
      names (lastReportDate, todayCount, streakDays, nextPromptDate: ISO-8601 UTC, null when \
      none); waybar prints a custom module's JSON line; i3blocks prints the full and the \
      short text; tmux prints the short text, for a line in ~/.tmux.conf such as \
      set -g status-right '#(dispatch status --format tmux)'. docs/status-line.md has the \
      waybar, i3blocks and polybar configurations.
      """,
    options: [
      formatOption.spec
    ],
    json: true,
    examples: [
      "dispatch status", "dispatch status --format json",
      "dispatch status --format waybar   # \"exec\": \"dispatch status --format waybar\"",
      "dispatch status --format tmux",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    var format = invocation.value(formatOption) ?? .text
    if invocation.wantsJSON { format = .json }
    let store = try invocation.openStore(.readOnly)
    let line = try StatusService.line(
      store, format: format, now: invocation.runEnvironment.now())
    // The JSON formats keep their characters (JSON escapes its own); text is for a terminal.
    if format == .json || format == .waybar {
      invocation.stdout.writeVerbatim(line)
    } else {
      invocation.stdout.write(line)
    }
  }
}
