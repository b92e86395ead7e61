import Foundation
import Testing

/// Keys as a terminal sends them.
enum Keys {
  static let enter = "\r"
  static let escape = "\u{1B}"
  static let shiftTab = "\u{1B}[Z"
  static let right = "\u{1B}[C"
  static let left = "\u{1B}[D"
  static let down = "\u{1B}[B"
  static let controlC = "\u{03}"
  static let controlD = "\u{04}"
  static let tab = "\t"
}

/// One `dispatch` process running on a pseudo-terminal, terminated on deinit if a failed
/// expectation left it waiting for keys.
final class SurveyRun {
  let terminal: SurveyTerminal
  let process: Process

  /// Starts `dispatch report` (or `arguments`) on a fresh pseudo-terminal.
  init(
    _ binary: DispatchBinary, _ arguments: [String] = ["report"], color: Bool = false,
    rows: UInt16 = 40
  ) throws {
    terminal = try SurveyTerminal(rows: rows)
    process = binary.process(arguments, color: color)
    try terminal.launch(process)
  }

  deinit {
    // SIGKILL, not terminate(): a child that blocks or mishandles SIGTERM must not hang the run.
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// Fails the test unless `text` appears on screen after the last keys sent.
  func expect(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let seen = terminal.waitFor(text)
    try #require(
      seen, "never saw '\(text)' on screen; it shows:\n\(terminal.recentText.suffix(800))",
      sourceLocation: sourceLocation)
  }

  /// Types `keys`, then waits for `text` to appear.
  func press(
    _ keys: String, until text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    terminal.send(keys)
    try expect(text, sourceLocation: sourceLocation)
  }

  /// Types `keys` and waits for the process to exit; its status, or nil after a timeout.
  func finish(_ keys: String) -> Int32? {
    terminal.send(keys)
    return terminal.waitForExit(process)
  }
}
