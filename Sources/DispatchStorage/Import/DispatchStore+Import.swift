import DispatchCore

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

  /// Merges batches as `next` hands them over, until it returns nil, in one transaction (see
  /// ``importBatches(_:)``). Several consecutive batches may come from one file (a long file
  /// read in chunks); the summary lists the file once. An error `next` throws rolls everything
  /// back.
  @discardableResult
  public func importBatches(next: () throws -> ImportBatch?) throws -> ImportSummary {
    // A long history is one transaction; with SQLite's default 2 MB page cache its pages spill
    // to the log and are read back again and again. 32 MB keeps most of a decade of reports in memory.
    let previous = try database.scalarInt("PRAGMA cache_size") ?? -2000
    try database.execute("PRAGMA cache_size = -32768")
    defer { try? database.execute("PRAGMA cache_size = \(previous)") }
    return try write { try $0.importBatches(next: next) }
  }
}

extension StoreTransaction {
  /// Merges batches as `next` hands them over, until it returns nil, in this transaction (see
  /// ``DispatchStore/importBatches(_:)``). Several consecutive batches may come from one file (a long file
  /// read in chunks); the summary lists the file once. An error `next` throws rolls everything
  /// back.
  @discardableResult
  public func importBatches(next: () throws -> ImportBatch?) throws -> ImportSummary {
    let db = database
    var merge = try ImportMerge(db: db, now: environment.now())
    while let batch = try next() {
      try merge.apply(batch)
    }
    try merge.finish()
    return merge.summary
  }
}
