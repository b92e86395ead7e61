import DispatchCommandLine
import DispatchKit
import Foundation

/// How `dispatch` keeps a person's answers when the store cannot take them, and files them
/// on the next run (``WriteSpool``).
extension Invocation {
  /// How long a command waits for another process's write lock before giving up: longer
  /// than any import holds it (a 3-million-sample Apple Health import writes for ~18 s).
  /// `DISPATCH_LOCK_WAIT` (seconds) changes it, for scripts that would rather fail fast.
  static let lockWait: TimeInterval = 600

  /// The lock wait of this run.
  var lockWait: TimeInterval {
    guard let text = environment["DISPATCH_LOCK_WAIT"], let seconds = Double(text),
      seconds.isFinite, seconds >= 0
    else { return Self.lockWait }
    return min(seconds, 86_400)
  }

  /// Waits for locks on `store`, saying so on a terminal, and files what earlier runs kept.
  func prepare(_ store: DispatchStore, access: DispatchStore.Access) {
    let stderr = self.stderr
    let isTerminal = terminal.stderrIsTTY
    store.waitForLocks(upTo: lockWait) {
      guard isTerminal else { return }
      stderr.line("dispatch: waiting for another dispatch process (an import?) to finish…")
      stderr.flush()
    }
    guard access != .readOnly, environment[WriteSpool.replayVariable] == nil else { return }
    let spool = WriteSpool(storePath: storePath)
    guard !spool.waiting().isEmpty,
      let executable = Bundle.main.executablePath ?? CommandLine.arguments.first
    else { return }
    let replay = spool.replay(executable: executable, environment: environment)
    if !replay.filed.isEmpty {
      let count = replay.filed.count
      stderr.line(
        "dispatch: filed \(count) kept \(count == 1 ? "command" : "commands") from when the "
          + "store was busy")
    }
    for path in replay.unreadable {
      stderr.line(
        "dispatch: a kept command could not be read (damaged or not Dispatch's) and was set "
          + "aside as '\(path)'")
    }
    for (entry, message) in replay.failed {
      stderr.line(
        "dispatch: a kept '\(entry.arguments.prefix(2).joined(separator: " "))' from "
          + "\(entry.givenAt) could not be filed and stays in '\(spool.folder)': \(message)")
    }
  }

  /// The error to print for a failed command: a person's answers that could not be written
  /// are kept in the spool, and the command exits 75 saying where.
  static func keepingAnswers(_ invocation: Invocation, _ error: any Error) -> any Error {
    guard WriteSpool.keeps(path: invocation.parsed.path, error: error) else {
      return (error as? KeptAnswers)?.underlying ?? error
    }
    if invocation.environment[WriteSpool.replayVariable] != nil {
      return CLIError(.tryLater, "the store is still busy; the answers stay kept")
    }
    let extra = (error as? KeptAnswers)?.answerArguments ?? []
    let entry = WriteSpool.Entry(
      arguments: WriteSpool.withoutStore(invocation.parsed.arguments) + extra,
      givenAt: invocation.runEnvironment.now().iso8601,
      zone: invocation.runEnvironment.zoneIdentifier)
    let original = (error as? KeptAnswers)?.underlying ?? error
    guard let file = try? WriteSpool(storePath: invocation.storePath).keep(entry) else {
      // Nowhere to keep them either (the disk is full): the write's own error says why.
      return original
    }
    let reason =
      (original as? StoreError)?.isDiskFull == true
      ? "the disk is full" : "another dispatch process kept the store busy"
    return CLIError(
      .tryLater,
      "\(reason); your answers are kept in '\(file)' and the next dispatch command files them")
  }
}
