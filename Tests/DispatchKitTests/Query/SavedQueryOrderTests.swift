import DispatchKit
import Testing

/// Pinned queries keep the order their owner gives them (`dispatch query move`, the query
/// page's Up and Down), and graphs are saved for the dashboard by name.
struct SavedQueryOrderTests {
  private func store(pinning names: [String]) throws -> DispatchStore {
    let store = try DispatchStore()
    for name in names + ["unpinned"] {
      try store.queries.saveQuery(name: name, expression: "reports")
    }
    for name in names { try store.queries.setQueryPinned(name, true) }
    return store
  }

  private func order(_ store: DispatchStore) throws -> [String] {
    try store.queries.savedQueries().map { ($0.isPinned ? "📌" : "") + $0.name }
  }

  @Test func `a query pinned later goes last, and a move renumbers the pinned ones`() throws {
    let store = try self.store(pinning: ["zeta", "alpha", "mid"])
    #expect(try order(store) == ["📌zeta", "📌alpha", "📌mid", "unpinned"])
    try store.queries.movePinnedQuery("MID", to: 1)
    #expect(try order(store) == ["📌mid", "📌zeta", "📌alpha", "unpinned"])
    try store.queries.movePinnedQuery("mid", to: 99)
    #expect(try order(store) == ["📌zeta", "📌alpha", "📌mid", "unpinned"])
    // Unpinned and pinned again: last, whatever its place before.
    try store.queries.setQueryPinned("zeta", false)
    try store.queries.setQueryPinned("zeta", true)
    #expect(try order(store) == ["📌alpha", "📌mid", "📌zeta", "unpinned"])
    // Pinning a pinned query again keeps its place.
    try store.queries.setQueryPinned("alpha", true)
    #expect(try order(store).first == "📌alpha")
    #expect(try store.queries.pinnedQuerySummaries().map(\.query.name) == ["alpha", "mid", "zeta"])
  }

  @Test func `moving an unpinned or unknown query, or to position 0, is refused`() throws {
    let store = try self.store(pinning: ["one"])
    #expect(throws: DispatchError.self) { try store.queries.movePinnedQuery("unpinned", to: 1) }
    #expect(throws: DispatchError.self) { try store.queries.movePinnedQuery("one", to: 0) }
    #expect(throws: DispatchError.self) { try store.queries.movePinnedQuery("nothing", to: 1) }
    do {
      try store.queries.movePinnedQuery("unpinned", to: 1)
    } catch let error as DispatchError {
      #expect(
        error.message == "'unpinned' is not pinned; pin it first: dispatch query pin unpinned")
    }
  }

  @Test func `a store pinned before there was an order numbers its pinned queries by name`() throws
  {
    let db = try Database()
    var before = Migrator()
    let all = StoreSchema.migrator.migrations
    for migration in all.prefix(while: { $0.name != "0016-explorer" }) {
      before.register(migration.name, sql: migration.sql)
    }
    try before.migrate(db)
    for (name, pinned) in [("b", 1), ("a", 1), ("c", 0), ("D", 1)] {
      try db.execute(
        "INSERT INTO saved_queries (name, name_key, expression, is_pinned, created_ms) VALUES (?, ?, 'reports', ?, 0)",
        [name, name.lowercased(), pinned])
    }
    try StoreSchema.migrator.migrate(db)
    let rows = try db.rows("SELECT name, pin_order FROM saved_queries ORDER BY name_key")
    #expect(rows.map { "\($0.string(0) ?? "")\($0.int(1) ?? -1)" } == ["a1", "b2", "c0", "D3"])
  }

  @Test func `graphs are saved by name, replaced in place, listed in order and removed`() throws {
    let store = try DispatchStore()
    try store.queries.saveGraph(name: "weeks", parameters: "q=mood&per=week")
    try store.queries.saveGraph(name: "days", parameters: "q=mood&per=day")
    try store.queries.saveGraph(name: "WEEKS", parameters: "q=mood&per=month")
    #expect(
      try store.queries.savedGraphs().map { "\($0.name) \($0.parameters)" } == [
        "WEEKS q=mood&per=month", "days q=mood&per=day",
      ])
    #expect(throws: DispatchError.self) {
      try store.queries.saveGraph(name: " ", parameters: "q=mood")
    }
    #expect(throws: DispatchError.self) { try store.queries.removeSavedGraph("nope") }
    try store.queries.removeSavedGraph("weeks")
    #expect(try store.queries.savedGraphs().map(\.name) == ["days"])
  }
}
