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
      set -g status-right '#(dispatch status --format tmux)'. With --watch the command keeps \
      running, prints a line at once and another whenever the line changes, and sleeps in \
      between (it wakes when the store is written and when the line's time runs out); JSON \
      is then one line per update and i3blocks gets the full text only. It ends when its \
      reader closes the pipe. docs/status-line.md has the waybar, i3blocks and polybar \
      configurations.
      """,
    options: [
      formatOption.spec,
      .flag(
        "watch",
        "Keep running and print the line again whenever it changes (a report filed, the next "
          + "prompt, the next minute, midnight); for waybar's exec, i3blocks' persist mode "
          + "and polybar's tail"),
    ],
    json: true,
    examples: [
      "dispatch status", "dispatch status --format json",
      "dispatch status --format waybar   # \"exec\": \"dispatch status --format waybar\"",
      "dispatch status --format tmux",
      "dispatch status --watch --format waybar   # waybar without \"interval\"",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    var format = invocation.value(formatOption) ?? .text
    if invocation.wantsJSON { format = .json }
    if invocation.flag("watch") {
      try StatusWatchLoop(invocation: invocation, format: format).run()
      return
    }
    let store = try invocation.openStore(.readOnly)
    let line = try StatusService.line(
      store, format: format, now: invocation.runEnvironment.now())
    write(line, format: format, to: invocation.stdout)
  }

  /// Writes a rendered line: the JSON formats keep their characters (JSON escapes its own);
  /// text is for a terminal.
  static func write(_ line: String, format: StatusLine.Format, to stdout: ConsoleStream) {
    if format == .json || format == .waybar {
      stdout.writeVerbatim(line)
    } else {
      stdout.write(line)
    }
  }
}
