extension SearchView {
  /// Rebuilds the search index from the records in one transaction (`dispatch search
  /// --rebuild`). The index keeps itself in step with every write; this repairs a store that
  /// other tools edited, or a damaged index.
  ///
  /// - Returns: the number of records indexed.
  @discardableResult
  public func rebuildSearchIndex() throws -> Int {
    return try write { try $0.rebuildSearchIndex() }
  }
}

extension DispatchStore {
  /// Brings the search index up to date with changes made outside the store's transactions.
  func flushSearchIndex() throws {
    // Checked before writing: every writable open comes here, and most find nothing queued.
    guard try database.scalarInt("SELECT EXISTS (SELECT 1 FROM search_queue)") == 1 else {
      return
    }
    try write { try $0.flushSearchIndex() }
  }
}

extension StoreTransaction {
  /// Rebuilds the search index from the records in one transaction (`dispatch search
  /// --rebuild`). The index keeps itself in step with every write; this repairs a store that
  /// other tools edited, or a damaged index.
  ///
  /// - Returns: the number of records indexed.
  @discardableResult
  public func rebuildSearchIndex() throws -> Int {
    try SearchIndexer.rebuild(database)
  }

  /// Brings the search index up to date with changes made outside the store's transactions.
  func flushSearchIndex() throws {
    try SearchIndexer.flush(database)
  }
}
