import DispatchServices
import DispatchStorage
import Foundation

/// Group commit for the server's filings (docs/serve.md#many-phones-at-once): each request
/// composes its report on its own thread and connection, then the reports composed at the same
/// time are stored together, in one write transaction, by one of those threads while the
/// others wait for their outcome.
///
/// SQLite has one writer at a time. Filed one by one, 50 phones queue behind each other, each
/// paying for its own transaction, and each commit by one connection makes the others read
/// their pages again. Filed together through one connection, a transaction carries everything
/// that queued up while the previous one ran, and that connection's cache stays warm.
final class FilingQueue: @unchecked Sendable {
  // @unchecked: `waiting`, `isFiling` and each entry's `outcome` are read and changed only
  // under `condition`; `writer` is used only by the thread that set `isFiling`.
  private let condition = NSCondition()
  private var waiting: [Entry] = []
  private var isFiling = false
  private var writer: Writer?
  /// How often the filing thread looks for one: a terminal's report waits about this long
  /// more.
  static let lookForWritersEvery: TimeInterval = 0.05
  private let open: () throws -> DispatchStore
  private let environment: ServiceEnvironment
  /// The most reports one transaction files, so one batch never holds the lock for long.
  static let batchLimit = 128

  /// The connection that stores, opened at the first filing, with what keeps it storing.
  private struct Writer {
    let store: DispatchStore
    /// Copies the log into the store file on a thread of its own, so that the thread filing
    /// never stops for it.
    let checkpointer: WALCheckpointer
    /// Another process waiting to write (`dispatch report` in a terminal): batches follow
    /// each other so closely that, without a pause, its tries would hardly ever find the lock
    /// free.
    var waitingWriters: WaitingWriters?
  }

  private final class Entry {
    let report: ComposedReport
    var outcome: Result<ClientFilingOutcome, any Error>?

    init(_ report: ComposedReport) { self.report = report }
  }

  init(environment: ServiceEnvironment, open: @escaping () throws -> DispatchStore) {
    self.environment = environment
    self.open = open
  }

  deinit { writer?.checkpointer.stop() }

  /// A queue writing to the store at `environment.storePath` through a connection of its own.
  convenience init(environment: ServiceEnvironment) {
    let path = environment.storePath
    let run = environment.run
    self.init(environment: environment) {
      try DispatchStore(path: path, access: .write, environment: run)
    }
  }

  /// Composes `report` with `store` (a connection of the request's own), then stores it with
  /// whatever else is waiting, and returns what became of it.
  ///
  /// - Throws: what filing it threw (``DispatchError`` for answers that do not fit, a store
  ///   error when the transaction failed).
  func file(_ client: ClientReport, composingWith store: DispatchStore) throws
    -> ClientFilingOutcome
  {
    guard let report = try ReportFiling(store: store, environment: environment).compose(client)
    else { return .duplicate(id: client.request.reportID ?? "") }
    let entry = Entry(report)
    condition.lock()
    waiting.append(entry)
    while true {
      if let outcome = entry.outcome {
        condition.unlock()
        return try outcome.get()
      }
      guard !isFiling else {
        condition.wait()
        continue
      }
      isFiling = true
      let batch = Array(waiting.prefix(Self.batchLimit))
      waiting.removeFirst(batch.count)
      condition.unlock()
      let outcomes = fileTogether(batch.map(\.report))
      condition.lock()
      for (item, outcome) in zip(batch, outcomes) { item.outcome = outcome }
      isFiling = false
      condition.broadcast()
    }
  }

  /// The writer, opened at the first filing, its checkpoints left to a thread of their own.
  private func openWriter() throws -> Writer {
    let store = try open()
    return Writer(
      store: store, checkpointer: WALCheckpointer(watching: store),
      waitingWriters: store.waitingWriters(lookingEvery: Self.lookForWritersEvery))
  }

  /// Runs on the one thread that is filing.
  private func fileTogether(_ reports: [ComposedReport])
    -> [Result<ClientFilingOutcome, any Error>]
  {
    do {
      var current = try writer ?? openWriter()
      if current.waitingWriters?.areWaiting() == true {
        Thread.sleep(forTimeInterval: WaitingWriters.pause)
      }
      writer = current
      let filed = ReportFiling(store: current.store, environment: environment).fileTogether(
        reports)
      for warning in filed.warnings {
        FileHandle.standardError.write(Data("dispatch: warning: \(warning)\n".utf8))
      }
      return filed.outcomes
    } catch {
      return reports.map { _ in .failure(error) }
    }
  }
}
