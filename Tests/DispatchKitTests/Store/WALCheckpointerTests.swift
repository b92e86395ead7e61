import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// The server's writer leaves its checkpoints to a thread of its own
/// (docs/serve.md#many-phones-at-once).
@Suite struct WALCheckpointerTests {
  /// Removed with the suite instance, with every store made in it.
  private let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  private func temporaryStore() throws -> (path: String, store: DispatchStore) {
    let path = folder.file("store-\(UUID().uuidString).sqlite")
    let store = try DispatchStore(path: path, access: .write)
    // Creating the store leaves 200-odd pages in the log: start from an empty one.
    try store.database.execute("CREATE TABLE filler (blob BLOB)")
    _ = try store.database.rows("PRAGMA wal_checkpoint(TRUNCATE)")
    return (path, store)
  }

  /// Commits `count` rows of 15 KB, one per transaction: three pages of the log each (the
  /// row's overflow page, the table's page and the schema's).
  private func writePages(_ count: Int, to store: DispatchStore) throws {
    for _ in 0..<count {
      try store.database.write { db in
        try db.execute("INSERT INTO filler VALUES (zeroblob(15000))")
      }
    }
  }

  @Test func `the watched connection stops checkpointing by itself`() throws {
    let (_, store) = try temporaryStore()
    #expect(try store.database.scalarInt("PRAGMA wal_autocheckpoint") == 1_000)
    let checkpointer = WALCheckpointer(watching: store)
    defer { checkpointer.stop() }
    // SQLite reports 0 once a log hook other than its own is installed.
    #expect(try store.database.scalarInt("PRAGMA wal_autocheckpoint") == 0)
  }

  @Test func `commits past the threshold are copied into the store file by the thread`() throws {
    let (path, store) = try temporaryStore()
    let checkpointer = WALCheckpointer(watching: store, threshold: 8)
    defer { checkpointer.stop() }
    try writePages(2, to: store)
    #expect(checkpointer.checkpointsRun == 0, "woken by 6 pages, before the threshold")
    // The third row makes 9 pages: the thread wakes and copies at least those three rows.
    try writePages(4, to: store)
    #expect(checkpointer.waitForCheckpoints(1, timeout: 10))
    // The file alone, without its log, holds the rows copied.
    let file = try Database(path: path, mode: .inspect)
    #expect(try file.scalarInt("SELECT count(*) FROM filler") ?? 0 >= 3)
  }

  @Test func `commits while a checkpoint runs, or fewer than the threshold after it, wake nothing`()
    throws
  {
    let (_, store) = try temporaryStore()
    let checkpointer = WALCheckpointer(watching: store, threshold: 40)
    defer { checkpointer.stop() }
    // The fourteenth row makes 42 pages and wakes the thread: at most the fifteenth is not
    // copied, whether it commits before that checkpoint starts or while it runs.
    try writePages(15, to: store)
    #expect(checkpointer.waitForCheckpoints(1, timeout: 10))
    // Thirty pages more: fewer than forty not copied.
    try writePages(10, to: store)
    #expect(!checkpointer.waitForCheckpoints(2, timeout: 0.5))
  }

  @Test func `a raised flag is seen once per look, and only while fresh`() throws {
    let (path, store) = try temporaryStore()
    var waiting = try #require(store.waitingWriters(lookingEvery: 0))
    let before = waiting.areWaiting()
    WriterWaiting(storePath: path).raise()
    let raised = waiting.areWaiting()
    var slow = try #require(store.waitingWriters(lookingEvery: 3_600))
    let tooSoon = slow.areWaiting()
    WriterWaiting(storePath: path).lower()
    let lowered = waiting.areWaiting()
    #expect(!before)
    #expect(raised)
    #expect(!tooSoon, "looked again before its time")
    #expect(!lowered)
  }
}
