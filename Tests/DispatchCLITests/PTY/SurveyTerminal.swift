import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// A pseudo-terminal for end-to-end survey tests: the process under test gets the slave side
/// as its stdin, stdout and stderr; the test types on the master side and reads the screen.
final class SurveyTerminal {
  /// The side the test writes keys to and reads output from.
  let master: Int32
  /// The side the process under test uses as its terminal.
  let slave: Int32
  /// Every byte the process has written so far.
  private(set) var output: [UInt8] = []
  /// Where the output after the last ``send(_:)`` starts.
  private var mark = 0

  /// Opens a pair with a fixed window size, so drawing does not depend on the machine.
  ///
  /// `openpty` rather than `posix_openpt`/`grantpt`/`unlockpt`/`ptsname`: Swift's Glibc
  /// module does not import the latter (they sit behind `_XOPEN_SOURCE`), and `openpty` also
  /// sets the window size in the same call.
  init(columns: UInt16 = 100, rows: UInt16 = 40) throws {
    var masterDescriptor: Int32 = -1
    var slaveDescriptor: Int32 = -1
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&masterDescriptor, &slaveDescriptor, nil, nil, &size) == 0 else {
      throw TerminalError.system("opening a pseudo-terminal", errno)
    }
    master = masterDescriptor
    slave = slaveDescriptor
    // Close-on-exec keeps the master out of the child; the slave reaches it through dup2,
    // which clears the flag on the copies.
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
  }

  deinit {
    close(slave)
    close(master)
  }

  /// Types `text` (its UTF-8 bytes, escape sequences included); later waits look only at the
  /// output that follows.
  func send(_ text: String) {
    mark = output.count
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
  }

  /// The output since the last ``send(_:)`` as shown on screen, without escape sequences.
  var recentText: String {
    TerminalStyle.visibleText(String(decoding: output[mark...], as: UTF8.self))
  }

  /// All output so far, escape sequences included.
  var allText: String { String(decoding: output, as: UTF8.self) }

  /// Reads output until the text since the last send contains `expected`, or `timeout` passes.
  ///
  /// - Returns: whether `expected` appeared.
  @discardableResult
  func waitFor(_ expected: String, timeout: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if recentText.contains(expected) { return true }
      drain(milliseconds: 50)
    }
    return recentText.contains(expected)
  }

  /// Reads whatever output arrives within `milliseconds`.
  func drain(milliseconds: Int32) {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, milliseconds) > 0 else { return }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
    if count > 0 { output += buffer[0..<count] }
  }

  /// The slave's current settings, to check raw mode and its restoration.
  func settings() -> termios {
    var settings = termios()
    _ = tcgetattr(slave, &settings)
    return settings
  }

  /// Whether the slave has line editing and echo on, as a terminal left in a sane state does.
  var isCooked: Bool {
    let flags = settings().c_lflag
    return flags & tcflag_t(ICANON) != 0 && flags & tcflag_t(ECHO) != 0
  }

  /// Starts `process` with this terminal as its standard streams.
  func launch(_ process: Process) throws {
    let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
  }

  /// Waits for `process` to exit, reading its output meanwhile so it never blocks on a full
  /// terminal buffer; kills it after `timeout`.
  ///
  /// - Returns: the exit status, or nil when it had to be killed.
  func waitForExit(_ process: Process, timeout: Double = 15) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { drain(milliseconds: 50) }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    process.waitUntilExit()
    drain(milliseconds: 50)
    return process.terminationStatus
  }
}
