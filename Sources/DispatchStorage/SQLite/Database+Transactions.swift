import Foundation

/// Closure-scoped transactions and savepoints.
extension Database {
  /// How a top-level transaction takes its locks (https://sqlite.org/lang_transaction.html).
  public enum TransactionKind: String, Sendable {
    case deferred = "DEFERRED"
    case immediate = "IMMEDIATE"
    case exclusive = "EXCLUSIVE"
  }

  /// Runs `body` in a write transaction: IMMEDIATE at the top level, a savepoint when nested.
  ///
  /// Commits when `body` returns, rolls back when it throws, and rethrows the first error.
  public func write<T>(_ body: (Database) throws -> T) throws -> T {
    if isInTransaction {
      return try inSavepoint(body)
    }
    return try inTransaction(.immediate, body)
  }

  /// Runs `body` in a read transaction, so every query in it sees one snapshot.
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    if isInTransaction {
      return try body(self)
    }
    return try inTransaction(.deferred, body)
  }

  /// Runs `body` in a top-level transaction of the given kind.
  public func inTransaction<T>(_ kind: TransactionKind, _ body: (Database) throws -> T) throws
    -> T
  {
    precondition(!isInTransaction, "a transaction is already open; use inSavepoint")
    try execute("BEGIN \(kind.rawValue) TRANSACTION")
    let result: T
    do {
      result = try body(self)
      // Read transactions stay reads; what they leave waiting is done by the next write.
      if kind != .deferred, let willCommit { try willCommit(self) }
    } catch {
      rollbackQuietly("ROLLBACK TRANSACTION")
      throw error
    }
    do {
      try execute("COMMIT TRANSACTION")
    } catch {
      rollbackQuietly("ROLLBACK TRANSACTION")
      throw error
    }
    return result
  }

  /// Commits the open top-level write transaction (after ``willCommit``), sleeps `pause` so
  /// a writer waiting in another process takes the lock, and opens another IMMEDIATE
  /// transaction: how a long writer makes way without giving up its work.
  public func makeWay(pausing pause: TimeInterval) throws {
    precondition(isInTransaction, "makeWay needs an open write transaction")
    if let willCommit { try willCommit(self) }
    try execute("COMMIT TRANSACTION")
    usleep(useconds_t(pause * 1_000_000))
    try execute("BEGIN IMMEDIATE TRANSACTION")
  }

  /// Runs `body` inside a savepoint that is released on return and rolled back on error.
  public func inSavepoint<T>(_ body: (Database) throws -> T) throws -> T {
    try execute("SAVEPOINT dispatch")
    do {
      let result = try body(self)
      try execute("RELEASE SAVEPOINT dispatch")
      return result
    } catch {
      // Rolling back to a savepoint keeps it open; releasing it afterwards closes it.
      rollbackQuietly("ROLLBACK TRANSACTION TO SAVEPOINT dispatch")
      rollbackQuietly("RELEASE SAVEPOINT dispatch")
      throw error
    }
  }

  /// Rolls back without replacing the error that caused the rollback.
  private func rollbackQuietly(_ sql: String) {
    guard isInTransaction else { return }
    try? executeScript(sql)
  }
}
