/// Merging imported records into the store.
extension DispatchStore {
  /// Merges parsed files into the store in one transaction and counts what changed.
  ///
  /// Idempotent: merging the same batches again adds nothing and counts every record as
  /// `unchanged`. Atomic: on any error (or if the process dies) the store is as before.
  /// Importing never seeds the default questions.
  public func importBatches(_ batches: [ImportBatch]) throws -> ImportSummary {
    try database.write { db in
      var merge = try ImportMerge(db: db)
      for batch in batches {
        try merge.apply(batch)
      }
      try merge.finish()
      return merge.summary
    }
  }
}
