import DispatchCommandLine
import DispatchKit
import Foundation

/// The daemon's log (docs/daemon.md#the-daemons-log): one line per event on standard output,
/// written at once (a service's output goes to the journal, which must not wait for a buffer
/// to fill), each with the local time.
struct DaemonLog {
  let invocation: Invocation
  /// Problems already logged, so a lasting one is said once.
  private let problems = SaidProblems()

  init(invocation: Invocation) {
    self.invocation = invocation
  }

  private final class SaidProblems {
    var healthFolder: String?
  }

  func line(_ now: Instant, _ text: String, zone: TimeZone) {
    invocation.stdout.line(
      now.localDateText(in: zone) + " " + now.localTimeText(in: zone) + " " + text)
    invocation.stdout.flush()
  }

  /// What one pass did, a line per prompt, with the reason for each missed one. Returns
  /// whether it logged anything.
  @discardableResult
  func pass(_ pass: PromptDaemon.Pass, label: PromptLabel, now: Instant) -> Bool {
    var lines: [String] = []
    for id in pass.fired {
      lines.append("fired \(label.text(id)) [\(id)]" + partialFailure(id, label))
    }
    for id in pass.missed {
      lines.append("missed \(label.text(id)) [\(id)]" + (reason(id, label).map { ": \($0)" } ?? ""))
    }
    for id in pass.expired {
      lines.append(
        "expired \(label.text(id)) [\(id)]" + (reason(id, label).map { ": \($0)" } ?? ""))
    }
    if !pass.held.isEmpty {
      let count = pass.held.count
      lines.append(
        "held \(count) \(count == 1 ? "prompt" : "prompts") due now: "
          + (pass.heldBy.map { "the focus '\($0)' is on" } ?? "do not disturb is on"))
    }
    for text in lines { line(now, text, zone: label.zone) }
    return !lines.isEmpty
  }

  /// What a look at the places saw and prompted. Returns whether it logged anything.
  func placeLook(_ look: PlaceWatch.Look, label: PromptLabel, now: Instant) -> Bool {
    let lines = look.events + outcomeLines(look.outcome, label)
    for text in lines { line(now, text, zone: label.zone) }
    return !lines.isEmpty
  }

  /// What a look at the health folder imported and prompted; a folder that cannot be read is
  /// said once, not every minute. Returns whether it logged anything.
  func healthFolder(_ look: HealthFolderWatch.Look, label: PromptLabel, now: Instant) -> Bool {
    var lines: [String] = []
    if look.problem != problems.healthFolder, let problem = look.problem { lines.append(problem) }
    problems.healthFolder = look.problem
    for file in look.imported {
      lines.append(
        "imported \(file.file) from the health folder: added "
          + ImportCommand.addedText(file.summary))
    }
    lines += look.failures.map {
      "could not import \($0.file) from the health folder: \($0.reason)"
    }
    lines += outcomeLines(look.outcome, label, cause: " for a workout that just ended")
    for text in lines { line(now, text, zone: label.zone) }
    return !lines.isEmpty
  }

  /// A line per prompt an event fired or planned, and per group it skipped.
  private func outcomeLines(
    _ outcome: EventTrigger.Outcome, _ label: PromptLabel, cause: String = ""
  ) -> [String] {
    outcome.fired.map { "fired \(label.text($0)) [\($0)]\(cause)" + partialFailure($0, label) }
      + outcome.pending.map { "planned \(label.text($0)) [\($0)]\(cause)" }
      + outcome.skipped.map { "did not prompt \($0)" }
  }

  /// The detail of a prompt's last event (late, superseded, delivery failed: …).
  private func reason(_ id: String, _ label: PromptLabel) -> String? {
    (try? label.store.prompts.promptEvents(id).last?.detail) ?? nil
  }

  /// ` (ntfy failed: …)` when some notifiers failed to deliver a prompt the others delivered
  /// (docs/daemon.md#several-notifiers); empty otherwise.
  private func partialFailure(_ id: String, _ label: PromptLabel) -> String {
    guard let record = try? label.store.prompts.promptRecord(id),
      let failures = record.delivery.flatMap(MultiDeliverer.failures(in:))
    else { return "" }
    return " (\(failures))"
  }

  /// `next: a random prompt at 15:26`, or that nothing is planned in the days looked at.
  func next(_ pass: PromptDaemon.Pass, label: PromptLabel, now: Instant, prefix: String) {
    let text = pass.nextPrompt.map { label.text($0) } ?? "no prompt planned for today or tomorrow"
    line(now, prefix + text, zone: label.zone)
  }
}

/// SIGINT and SIGTERM end the daemon's sleep, so it logs its stop and exits cleanly.
final class StopSignals: @unchecked Sendable {
  // @unchecked: the semaphore is thread-safe and `name` is guarded by `lock`.
  private let semaphore = DispatchSemaphore(value: 0)
  private var sources: [any DispatchSourceSignal] = []
  private let lock = NSLock()
  private var name: String?

  init() {
    for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [weak self] in self?.received(name) }
      source.resume()
      sources.append(source)
    }
  }

  private func received(_ signal: String) {
    lock.lock()
    if name == nil { name = signal }
    lock.unlock()
    semaphore.signal()
  }

  /// Sleeps up to `seconds`, or until ``wake()``; the signal's name when one ended the sleep.
  func sleep(_ seconds: TimeInterval) -> String? {
    guard semaphore.wait(timeout: .now() + seconds) == .success else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return name
  }

  /// Ends the current (or next) sleep early without stopping: something changed.
  func wake() {
    semaphore.signal()
  }
}

/// `nmcli monitor` running beside the daemon while it watches places: every line it prints
/// (a connection came or went) wakes the daemon for a look at once, instead of at the next
/// minute. Without NetworkManager the daemon just looks every minute.
final class NetworkMonitor {
  private let process = Process()

  /// Starts the monitor when `nmcli` is on `searchPath`; nil otherwise.
  init?(searchPath: String?, wake: @escaping @Sendable () -> Void) {
    let folders = (searchPath ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    guard
      let nmcli = folders.map({ $0 + "/nmcli" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return nil }
    process.executableURL = URL(fileURLWithPath: nmcli)
    process.arguments = ["monitor"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    output.fileHandleForReading.readabilityHandler = { handle in
      if handle.availableData.isEmpty {
        handle.readabilityHandler = nil
      } else {
        wake()
      }
    }
    do { try process.run() } catch { return nil }
  }

  deinit {
    if process.isRunning { process.terminate() }
  }
}
