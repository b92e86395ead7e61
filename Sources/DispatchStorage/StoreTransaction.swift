import DispatchCore

/// One write transaction on a store: the handle every change goes through.
///
/// `store.write { tx in … }` opens it and commits when the closure returns, or rolls back
/// everything when it throws. The write methods of the store's views
/// (`store.reports.file(report)`) are shorthands that open a transaction for that one change; a workflow that makes several
/// changes, which must all happen or none, makes them on one handle. A transaction never
/// opens inside another: that is a programming error, caught at once, rather than a savepoint
/// that silently commits half a workflow with the outer one.
public final class StoreTransaction {
  /// The store this transaction writes to; its read methods see the uncommitted changes.
  public let store: DispatchStore
  let database: Database
  /// While ``fileReportsTogether(_:)`` runs: what the reports filed so far change in the
  /// vocabulary, adjusted once at its end.
  var pendingVocabulary: VocabularyIndex.Change?
  /// While sync applies other devices' changes, which are not noted to send back.
  var isApplyingSyncChanges = false

  init(store: DispatchStore, database: Database) {
    self.store = store
    self.database = database
  }

  /// The store's run environment, for the rows the store stamps itself.
  var environment: RunEnvironment { store.environment }
}

@available(*, unavailable, message: "a transaction is used on its store's thread")
extension StoreTransaction: Sendable {}

extension DispatchStore {
  /// Runs `body` in one IMMEDIATE write transaction: commits when it returns, rolls back when
  /// it throws, and rethrows the first error.
  ///
  /// - Precondition: no transaction is open on this store (pass the handle down instead).
  public func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
    precondition(
      !database.isInTransaction,
      "store.write inside a transaction: pass the open StoreTransaction down instead")
    return try database.inTransaction(.immediate) { db in
      try body(StoreTransaction(store: self, database: db))
    }
  }
}
