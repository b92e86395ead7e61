import DispatchStorage

extension DispatchStore {
  /// Reads the files under `paths` and merges them into the store in one transaction: the
  /// files are parsed on a thread of their own while this one writes what is already parsed
  /// (see ``ImportSources/stream(_:options:send:)`` and ``importBatches(next:)``).
  ///
  /// - Throws: ``ImportError`` for a missing or unrecognized file, or the store's error;
  ///   nothing is imported then.
  /// - Parameter progress: called with the bytes read and the bytes there are, as a large
  ///   file (an Apple Health export) is written.
  @discardableResult
  public func importFiles(
    _ paths: [String], options: ImportOptions,
    progress: ((_ done: Int64, _ total: Int64) -> Void)? = nil
  ) throws -> ImportSummary {
    try BatchChannel<ImportBatch>.pipe(
      capacity: 2,
      produce: { send in try ImportSources.stream(paths, options: options, send: send) },
      consume: { next in
        try imports.importBatches(next: {
          let batch = try next()
          if let health = batch?.health, health.bytesTotal > 0 {
            progress?(health.bytesRead, health.bytesTotal)
          }
          return batch
        })
      })
  }
}
