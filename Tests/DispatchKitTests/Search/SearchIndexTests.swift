import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The index stays in step with every write: after each change its documents equal what a
/// fresh rebuild derives, and FTS5's own integrity check passes.
struct SearchIndexTests {
  let store: DispatchStore
  private let reportIDs = SequentialIDGenerator(prefix: "report")

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 0)), ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
  }

  @discardableResult
  private func file(doing: [String] = [], with people: [String] = [], note: String? = nil)
    throws -> String
  {
    let id = reportIDs.makeID()
    let doingResponse = Response(
      id: "\(id)-doing", questionID: nil, questionPrompt: "What are you doing?", options: doing,
      notes: note.map { [TokenValue(id: "\(id)-note", text: $0)] })
    let who = Response(
      id: "\(id)-who", questionID: nil, questionPrompt: "Who are you with?",
      tokens: people.enumerated().map { TokenValue(id: "\(id)-who-\($0)", text: $1) })
    try store.reports.file(
      Report(
        id: id, date: Instant(milliseconds: Int64(id.filter(\.isNumber)).map { $0 * 60_000 } ?? 0),
        timeZoneIdentifier: "UTC", utcOffsetSeconds: 3600, responses: [doingResponse, who]))
    return id
  }

  /// The documents as text, without their IDs (a rebuild may number them differently).
  private func documents() throws -> [String] {
    try store.database.rows(
      """
      SELECT record_type, record_id, date_ms, body, coalesce(parts, '') FROM search_documents
      ORDER BY record_type, record_id
      """
    ).map { row in (0..<5).map { row.string($0) ?? row.int64($0).map(String.init) ?? "-" } }
      .map { $0.joined(separator: "|") }
  }

  /// The documents match a fresh rebuild, the queue is empty, the FTS index agrees with them.
  private func expectConsistent(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let before = try documents()
    #expect(try store.database.scalarInt("SELECT count(*) FROM search_queue") == 0)
    try store.database.execute(
      "INSERT INTO search_index (search_index, rank) VALUES ('integrity-check', 1)")
    try store.search.rebuildSearchIndex()
    #expect(try documents() == before, sourceLocation: sourceLocation)
  }

  private func ids(_ text: String, _ options: SearchOptions = SearchOptions()) throws -> [String] {
    try store.search.run(text, options: options).map(\.recordID)
  }

  @Test func `filing, editing and deleting a report keep the index in step`() throws {
    let id = try file(doing: ["coffee"], note: "Café with the team")
    #expect(try ids("coffee") == [id])
    try expectConsistent()
    var report = try store.reports.report(matching: id)
    report.responses[0].options = ["tea"]
    try store.reports.file(report)
    #expect(try ids("coffee").isEmpty)
    #expect(try ids("tea") == [id])
    try expectConsistent()
    // A change written behind the store's back is caught by the triggers.
    try store.database.execute("UPDATE response_values SET text = 'espresso' WHERE text = 'tea'")
    #expect(try ids("espresso") == [id])
    try store.reports.removeReport(id: id)
    #expect(try ids("espresso").isEmpty)
    try expectConsistent()
  }

  @Test func `results carry the question, the local date and a marked snippet`() throws {
    let id = try file(doing: ["reading"], note: "a long walk by the river")
    let result = try #require(try store.search.run("walk").first)
    #expect(result.recordType == .report)
    #expect(result.recordID == id)
    #expect(result.question == "What are you doing?")
    #expect(result.localDateText == "1970-01-01T01:01:00+01:00")
    #expect(result.matches.map { $0.snippet.marked() } == ["a long «walk» by the river"])
  }

  @Test func `accents and case fold both ways`() throws {
    let id = try file(with: ["José"], note: "CRÈME brûlée")
    let reports = SearchOptions(types: [.report])
    #expect(try ids("jose", reports) == [id])
    #expect(try ids("JOSÉ", reports) == [id])
    #expect(try store.search.run("jose", options: SearchOptions(types: [.person])).count == 1)
    #expect(try ids("creme Brulee") == [id])
    #expect(try ids("cre*") == [id])
  }

  @Test func `phrases, prefixes, exclusions and types`() throws {
    let walk = try file(note: "long walk home")
    let rain = try file(note: "long walk in the rain")
    #expect(Set(try ids("walk")) == [walk, rain])
    #expect(try ids("walk -rain") == [walk])
    #expect(try ids("\"walk home\"") == [walk])
    #expect(try ids("\"home walk\"").isEmpty)
    #expect(try ids("wal*", SearchOptions(order: .newest)) == [rain, walk])
    #expect(try ids("walk", SearchOptions(types: [.person])).isEmpty)
    #expect(try ids("walk", SearchOptions(limit: 1)).count == 1)
  }

  @Test func `a person's old name finds answers under the new one, and merged names too`() throws {
    let bob = try file(with: ["Bob"])
    try store.people.renamePerson("bob", to: "Robert")
    let robert = try file(with: ["Robert"])
    let bobby = try file(with: ["Bobby"])
    #expect(Set(try ids("bob", SearchOptions(types: [.report]))) == [bob, robert])
    #expect(Set(try ids("ROBERT", SearchOptions(types: [.report]))) == [bob, robert])
    _ = try store.people.mergePeople(["Bobby"], into: "Robert")
    #expect(Set(try ids("bob", SearchOptions(types: [.report]))) == [bob, robert, bobby])
    #expect(try store.search.run("bobby", options: SearchOptions(types: [.person])).count == 1)
    try expectConsistent()
  }

  @Test func `malformed queries never fail`() throws {
    try file(note: "AND or NEAR")
    for text in [
      "\"unbalanced", "*", "**", "AND", "OR", "NOT", "NEAR(", "NEAR(a b", "a:b", "^start",
      "\"\"", "-", "-\"x", "(", ")", "{body}:x", "\u{0}", "'; DROP TABLE reports; --", "…",
    ] {
      _ = try store.search.run(text)
    }
    #expect(SearchQuery(parsing: "* -- ...").isEmpty)
    #expect(try ids("near").count == 1)
  }

  @Test func `a Reporter import and delete-all keep the index in step`() throws {
    let batch = try ReporterJSONImport.parse(
      try ReporterJSONFixtures.bytes("v1x-export.json"), path: "v1x-export.json",
      defaultTimeZone: "UTC")
    try store.imports.importBatches([batch])
    #expect(try store.database.scalarInt("SELECT count(*) FROM search_documents") ?? 0 > 0)
    try expectConsistent()
    try store.maintenance.deleteAll()
    #expect(try store.database.scalarInt("SELECT count(*) FROM search_documents") == 0)
    try expectConsistent()
    #expect(try store.search.rebuildSearchIndex() == 0)
  }
}
