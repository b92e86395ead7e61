import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch status --watch`: the status line printed again whenever it changes, sleeping in
/// between (docs/status-line.md#without-polling). It wakes when the store or its WAL is written
/// or replaced, and when the line's own time runs out (``StatusLine/nextChange``); it never
/// wakes on a timer faster than that, so an idle bar costs next to nothing.
struct StatusWatchLoop {
  let invocation: Invocation
  let format: StatusLine.Format
  /// The longest sleep without a wake-up: a focus period ending or a report from another zone's
  /// midnight changes the line without a write, and the line is cheap to check.
  static let longestSleep = 900.0
  /// How long to wait before trying again after the store could not be read (a restore
  /// replacing it, a writer holding a lock longer than the busy timeout).
  static let retryAfterError = 5.0

  func run() throws {
    Self.unblockStopSignals()
    let path = invocation.storePath
    let files = FileChangeWatch(paths: [path, path + "-wal"])
    var store = try invocation.openStore(.readOnly)
    var identity = Self.fileIdentity(path)
    var printed: String?
    var reportedError = false
    while true {
      let now = invocation.runEnvironment.now()
      var sleep = Self.retryAfterError
      do {
        let current = Self.fileIdentity(path)
        if current != identity {
          store = try invocation.openStore(.readOnly)
          identity = current
        }
        let line = try StatusService.statusLine(store, now: now)
        let text = line.renderLine(format)
        if text != printed {
          printed = text
          StatusCommand.write(text, format: format, to: invocation.stdout)
          guard invocation.stdout.flush() else { return }
        }
        reportedError = false
        // A little past the change, so the clock has surely reached it when we look.
        let untilChange = Double(line.nextChange.milliseconds - now.milliseconds) / 1000 + 0.2
        sleep = min(max(untilChange, 0.2), Self.longestSleep)
      } catch {
        // The first look reports like a plain `status`; later ones keep the last line on the
        // bar and say once on standard error why it is not being updated.
        guard printed != nil else { throw error }
        if !reportedError {
          invocation.stderr.line("dispatch: status --watch: \(error); trying again")
          invocation.stderr.flush()
          reportedError = true
        }
      }
      _ = files.wait(timeout: sleep)
    }
  }

  /// A watcher runs until it is stopped: a parent that started it from a thread with signals
  /// blocked (a test runner, some bars) would otherwise leave SIGTERM pending forever, since
  /// the mask is inherited across exec.
  private static func unblockStopSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// The store file's device and inode: a restore renames a new file into place, which an open
  /// connection would never see.
  private static func fileIdentity(_ path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { return "-" }
    return "\(info.st_dev):\(info.st_ino)"
  }
}
