import DispatchCore
import Foundation

/// Merging imported records into the store.
extension ImportsView {
  /// Merges parsed files into the store in one transaction and counts what changed.
  ///
  /// Idempotent: merging the same batches again adds nothing and counts every record as
  /// `unchanged`. Atomic: on any error (or if the process dies) the store is as before.
  /// Importing never seeds the default questions.
  @discardableResult
  public func importBatches(_ batches: [ImportBatch]) throws -> ImportSummary {
    var remaining = batches.makeIterator()
    return try importBatches(next: { remaining.next() })
  }

  /// Merges batches as `next` hands them over, until it returns nil (see
  /// ``importBatches(_:)``). Several consecutive batches may come from one file (a long file
  /// read in chunks); the summary lists the file once. An error `next` throws undoes
  /// everything.
  ///
  /// While only Apple Health batches have arrived, the import makes way for a process waiting
  /// to write (a person filing a report): it commits what it has, lets that write in and goes
  /// on, under an ``ImportJournal`` that undoes it all if it then fails or dies.
  @discardableResult
  public func importBatches(next: () throws -> ImportBatch?) throws -> ImportSummary {
    // A long history is one transaction; with SQLite's default 2 MB page cache its pages spill
    // to the log and are read back again and again. 32 MB keeps most of a decade of reports in memory.
    let previous = try database.scalarInt("PRAGMA cache_size") ?? -2000
    try database.execute("PRAGMA cache_size = -32768")
    defer { try? database.execute("PRAGMA cache_size = \(previous)") }
    // This connection's own waits must not ask itself to make way.
    let flag = database.busyWait?.flag
    database.busyWait?.flag = nil
    defer { database.busyWait?.flag = flag }
    var way: ImportWay? =
      database.path == ":memory:"
      ? nil
      : ImportWay(
        waiting: WaitingWriters(
          flag: flag ?? WriterWaiting(storePath: database.path), lookEvery: ImportWay.lookEvery))
    let waitLimit = database.busyWait?.limit ?? 0
    let started = Date()
    while true {
      do {
        return try write { try $0.importBatches(next: next, makingWay: &way) }
      } catch is ImportJournal.AnotherImportRuns {
        // Nothing was read yet: wait for the other import, as for its lock.
        guard Date().timeIntervalSince(started) < waitLimit else {
          throw StoreError(
            .busy, "another dispatch import is running; run this one when it has finished")
        }
        usleep(250_000)
      } catch {
        if let journal = way?.journal {
          // If this fails too, the next process that opens the store undoes it.
          try? write { try journal.undo($0.database) }
        }
        throw error
      }
    }
  }
}

/// How one import makes way for other writers: the writers it looks for, and the journal it
/// opened the first time it made way.
struct ImportWay {
  var waiting: WaitingWriters
  /// How often the import looks at the flag: a waiting report is in within about this long.
  static let lookEvery: TimeInterval = 0.25
  var journal: ImportJournal?

  init(waiting: WaitingWriters) {
    self.waiting = waiting
  }
}

extension StoreTransaction {
  /// Merges batches as `next` hands them over, until it returns nil, in this transaction (see
  /// ``DispatchStore/importBatches(_:)``). Several consecutive batches may come from one file (a long file
  /// read in chunks); the summary lists the file once. An error `next` throws rolls everything
  /// back.
  @discardableResult
  public func importBatches(next: () throws -> ImportBatch?) throws -> ImportSummary {
    var way: ImportWay?
    return try importBatches(next: next, makingWay: &way)
  }

  /// The merge of ``importBatches(next:)``, making way as `way` says when it is given.
  func importBatches(next: () throws -> ImportBatch?, makingWay way: inout ImportWay?) throws
    -> ImportSummary
  {
    let db = database
    let marks = try way.map { _ in
      try ImportJournal.undoAbandoned(db, refusingLive: true)
      return try ImportJournal.marks(db)
    }
    var merge = try ImportMerge(db: db, now: environment.now())
    while let batch = try next() {
      try merge.apply(batch)
      guard let marks, merge.wroteOnlyHealth, way?.waiting.areWaiting() == true else { continue }
      if way?.journal == nil {
        way?.journal = try ImportJournal.begin(
          db, marks: marks, files: merge.summary.files.map(\.path), now: environment.now())
      }
      try db.makeWay(pausing: WaitingWriters.pause)
    }
    try merge.finish()
    try way?.journal?.end(db)
    return merge.summary
  }
}
