import CSQLite
import DispatchKit

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Records the SQL a connection runs, through `sqlite3_trace_v2`, as GRDB's `sqlQueries` does.
///
/// The text is the statement as prepared (`sqlite3_sql`), so bound values never appear: a test
/// can check both which statements ran and that no value was spliced into them.
final class SQLRecorder {
  /// The statements run since the recorder started or was last cleared, in order.
  private(set) var statements: [String] = []
  private let database: Database

  init(_ database: Database) {
    self.database = database
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_trace_v2(
      database.handle, UInt32(SQLITE_TRACE_STMT),
      { _, context, statement, _ in
        guard let context, let statement,
          let text = sqlite3_sql(OpaquePointer(statement))
        else { return 0 }
        let recorder = Unmanaged<SQLRecorder>.fromOpaque(context).takeUnretainedValue()
        recorder.statements.append(String(cString: text))
        return 0
      }, context)
  }

  deinit {
    sqlite3_trace_v2(database.handle, 0, nil, nil)
  }

  /// Forgets what was recorded so far.
  func clear() {
    statements.removeAll()
  }

  /// The prepared statements of the connection that are part-way through their rows.
  ///
  /// Cached statements stay prepared on purpose; one left mid-step would hold a read snapshot.
  var unfinishedStatements: [String] {
    var result: [String] = []
    var statement = sqlite3_next_stmt(database.handle, nil)
    while let current = statement {
      if sqlite3_stmt_busy(current) != 0, let text = sqlite3_sql(current) {
        result.append(String(cString: text))
      }
      statement = sqlite3_next_stmt(database.handle, current)
    }
    return result
  }
}
