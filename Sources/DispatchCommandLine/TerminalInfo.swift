import Foundation

/// What the process's standard streams are connected to, and whether to use colour.
package struct TerminalInfo: Sendable {
  /// Whether standard input is a terminal.
  package let stdinIsTTY: Bool
  /// Whether standard output is a terminal.
  package let stdoutIsTTY: Bool
  /// Whether standard error is a terminal.
  package let stderrIsTTY: Bool
  /// Whether output may carry ANSI colour: a TTY, no `NO_COLOR`, no `--no-color`, TERM not dumb.
  package let colorEnabled: Bool

  package init(environment: [String: String], noColorFlag: Bool) {
    stdinIsTTY = isatty(STDIN_FILENO) == 1
    stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    stderrIsTTY = isatty(STDERR_FILENO) == 1
    // https://no-color.org: any non-empty NO_COLOR disables colour.
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    colorEnabled = stdoutIsTTY && !noColor && !noColorFlag && environment["TERM"] != "dumb"
  }

  /// Whether the interactive survey can run: both ends are a terminal.
  package var isInteractive: Bool { stdinIsTTY && stdoutIsTTY }

  /// The terminal width, from the window size, `COLUMNS`, or 80.
  package static func width(environment: [String: String]) -> Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return environment["COLUMNS"].flatMap(Int.init) ?? 80
  }

  /// The terminal height in lines, from the window size or `LINES`; nil when neither says,
  /// e.g. output into a pipe, where nothing needs cutting to fit (the survey then assumes 24).
  package static func height(environment: [String: String]) -> Int? {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 {
      return Int(size.ws_row)
    }
    return environment["LINES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
  }
}
