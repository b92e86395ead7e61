import DispatchSupport

/// An error raised by the store: a SQLite failure, or a store file that cannot be used.
///
/// Bound values never appear in ``description``: they can hold a person's answers.
public struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
  /// What went wrong, in terms a caller can act on.
  public enum Kind: Sendable, Equatable {
    /// SQLite returned an error code while running a statement.
    case sqlite(code: Int32)
    /// The store file does not exist and the caller asked not to create it.
    case missingStore
    /// The file exists but cannot be opened or read.
    case unreadableStore
    /// The file is a SQLite database written by something other than Dispatch, or not SQLite.
    case notADispatchStore
    /// The store was migrated by a newer Dispatch than this one.
    case newerSchema
    /// The store's journal could not be switched to write-ahead logging.
    case walUnavailable
    /// A row did not hold the value a mapping expected.
    case corruptValue
    /// Another process is doing work this one must wait for (an import), for longer than
    /// this one waited.
    case busy
  }

  /// The category of the failure.
  public let kind: Kind
  /// A lowercase, one-line explanation.
  public let message: String
  /// The SQL being run, when the failure came from a statement.
  public let sql: String?

  /// Creates an error of the given kind.
  public init(_ kind: Kind, _ message: String, sql: String? = nil) {
    self.kind = kind
    self.message = message
    self.sql = sql
  }

  /// The primary SQLite result code, when the error came from SQLite.
  public var sqliteCode: Int32? {
    if case .sqlite(let code) = kind { return code & 0xFF }
    return nil
  }

  public var description: String {
    guard let sql else { return message }
    return "\(message) (while running '\(sql.prefix(120))')"
  }
}

extension StoreError: CategorizedError {
  public var category: FailureCategory {
    switch kind {
    case .missingStore, .unreadableStore: return .noInput
    case .notADispatchStore, .newerSchema, .corruptValue: return .dataError
    case .walUnavailable, .sqlite: return .failure
    case .busy: return .tryLater
    }
  }

  /// SQLite's own failures carry the statement that failed; the others are plain messages.
  public var failureMessage: String { category == .failure ? description : message }
}
