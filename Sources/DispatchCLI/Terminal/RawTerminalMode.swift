import DispatchCommandLine
import Foundation

/// A C signal handler's view of the terminal to restore.
private struct SignalRestoreState {
  var inputDescriptor: Int32 = -1
  var outputDescriptor: Int32 = -1
  var settings = termios()
}

/// The terminal settings the signal handlers put back.
///
/// This is the one piece of global mutable state in the CLI, and it has to be: a C signal
/// handler cannot capture context, so what it restores must be reachable from a plain function.
/// It is written only before the handlers are installed, never while they may run.
nonisolated(unsafe) private var signalRestoreState = SignalRestoreState()

/// Restores the saved terminal settings and exits; runs as the SIGINT/SIGTERM/SIGHUP handler.
///
/// Only async-signal-safe calls: `tcsetattr`, `write` of a static string, `_exit`. The exit
/// status follows the shell convention 128 + signal number (130 for SIGINT).
private func restoreTerminalAfterSignal(_ signalNumber: Int32) {
  var settings = signalRestoreState.settings
  if signalRestoreState.inputDescriptor >= 0 {
    _ = tcsetattr(signalRestoreState.inputDescriptor, TCSANOW, &settings)
  }
  if signalRestoreState.outputDescriptor >= 0 {
    let reset: StaticString = "\u{1B}[0m\u{1B}[?25h\r\n"
    reset.withUTF8Buffer {
      _ = write(signalRestoreState.outputDescriptor, $0.baseAddress, $0.count)
    }
  }
  _exit(128 + signalNumber)
}

/// Puts a terminal into raw mode (no echo, no line editing, no signals from keys) and
/// guarantees the saved settings come back.
///
/// Restoring happens on ``restore()`` (call it from a `defer`, so it also runs when an error is
/// thrown), on deinit, and on SIGINT, SIGTERM and SIGHUP through handlers installed for the
/// duration. Ctrl-C does not raise SIGINT in raw mode (ISIG is off): it arrives as the byte
/// 0x03 and the survey treats it as cancel; the handlers cover `kill` and a closing terminal.
final class RawTerminalMode {
  /// The signals whose handlers restore the terminal before the process exits.
  static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  private let inputDescriptor: Int32
  private let savedSettings: termios
  private var previousHandlers: [(Int32, (@convention(c) (Int32) -> Void)?)] = []
  private var previousMask = sigset_t()
  private var isActive = false

  /// Saves the settings of the terminal on `input`, installs the signal handlers and switches
  /// to raw mode.
  ///
  /// - Parameters:
  ///   - input: the terminal's input descriptor, whose settings change.
  ///   - output: where the signal handler writes the sequence that shows the cursor again.
  /// - Throws: ``TerminalError`` when `input` is not a terminal or cannot be changed.
  init(input: Int32, output: Int32) throws {
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else {
      throw TerminalError.system("reading the terminal settings", errno)
    }
    inputDescriptor = input
    savedSettings = settings
    // The handlers' state is complete before any handler can run.
    signalRestoreState = SignalRestoreState(
      inputDescriptor: input, outputDescriptor: output, settings: settings)
    for signalNumber in Self.handledSignals {
      let previous = signal(signalNumber) { restoreTerminalAfterSignal($0) }
      previousHandlers.append((signalNumber, previous))
    }
    // A parent may start us with these signals blocked (threads of a Swift concurrency pool
    // block them, and the mask survives exec); the handlers would then never run.
    var handled = sigset_t()
    sigemptyset(&handled)
    for signalNumber in Self.handledSignals { sigaddset(&handled, signalNumber) }
    pthread_sigmask(SIG_UNBLOCK, &handled, &previousMask)
    var raw = Self.rawSettings(from: settings)
    guard tcsetattr(input, TCSANOW, &raw) == 0 else {
      let code = errno
      restoreSignalHandlers()
      throw TerminalError.system("switching the terminal to raw mode", code)
    }
    isActive = true
  }

  deinit {
    restore()
  }

  /// `settings` with echo, canonical line editing, key signals (ISIG), flow control and CR→NL
  /// translation off, reading one byte at a time. Output processing (OPOST) stays on.
  static func rawSettings(from settings: termios) -> termios {
    var raw = settings
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    return raw
  }

  /// Puts the saved settings back and the previous signal handlers with them; safe to call
  /// more than once.
  func restore() {
    guard isActive else { return }
    isActive = false
    var settings = savedSettings
    _ = tcsetattr(inputDescriptor, TCSANOW, &settings)
    restoreSignalHandlers()
  }

  private func restoreSignalHandlers() {
    pthread_sigmask(SIG_SETMASK, &previousMask, nil)
    for (signalNumber, handler) in previousHandlers {
      _ = signal(signalNumber, handler)
    }
    previousHandlers.removeAll()
  }
}
