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

/// `deleteAll()` wipes every record in one transaction and keeps settings and the event log
/// (docs/import-export.md#dispatch-delete-all).
struct DeleteAllTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_607_520_000)),
        ids: SequentialIDGenerator()))
    _ = try DemoHistory.populate(store)
    try store.reports.file(ReportFixtures.everything)
    // A person known by other names, which the demo's answers do not produce.
    try store.database.write { db in
      try Person(
        id: "P-SENTINEL", displayName: "Zebediah Quarrington",
        alternateNames: ["Zeb Q", "Captain Sentinel"]
      ).save(db)
    }
    try store.settings.setSetting(SettingKey.awake, "false")
    try store.settings.logEvent("test", detail: "before")
  }

  /// Row counts of every table in the main schema, shadow tables included.
  private func tableCounts() throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for row in try store.database.rows(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    {
      let name = try row.requiredString(0)
      counts[name] =
        try store.database.scalarInt("SELECT count(*) FROM \(Database.quoteIdentifier(name))")
        ?? 0
    }
    return counts
  }

  @Test func emptiesEveryRecordTableAndKeepsSettings() throws {
    let before = try tableCounts()
    let counts = try store.maintenance.counts()
    #expect(counts.reports > 100 && counts.people > 0 && counts.promptGroups > 0)
    for table in [
      "report_locations", "report_weather", "report_photos", "report_health", "response_values",
      "response_locations", "person_alternate_names", "vocabulary",
    ] {
      #expect(before[table, default: 0] > 0, "fixture leaves \(table) empty")
    }

    let summary = try store.maintenance.deleteAll()

    let after = try tableCounts()
    // An empty FTS5 index still holds its version and structure records in these two shadow
    // tables; its documents (search_index_docsize) and terms (search_index_idx) are checked.
    let ftsBookkeeping: Set<String> = ["search_index_config", "search_index_data"]
    for (table, count) in after
    where !MaintenanceView.tablesKeptByDeleteAll.contains(table) && !ftsBookkeeping.contains(table)
    {
      #expect(count == 0, "\(table) still holds \(count) rows")
    }
    #expect(before["search_documents", default: 0] > 0)
    #expect(after["schema_migrations"] == before["schema_migrations"])
    #expect(after["settings"] == before["settings"])
    #expect(try store.settings.setting(SettingKey.awake) == "false")
    #expect(summary.reports == counts.reports + counts.drafts)
    #expect(summary.questions == counts.questions)
    #expect(summary.responses == counts.responses)
    #expect(summary.people == counts.people)
    #expect(summary.promptGroups == counts.promptGroups)
    #expect(summary.vocabulary == before["vocabulary"])
    #expect(summary.rowsByTable["report_health"] == before["report_health"])
    #expect(try store.isEmpty())
  }

  @Test func logsTheWipeWithCountsOnly() throws {
    let summary = try store.maintenance.deleteAll()
    let events = try store.database.rows("SELECT kind, detail FROM event_log ORDER BY id")
    #expect(events.map { $0.string(0) } == ["test", "deleteAll"])
    #expect(
      events.last?.string(1)
        == "reports \(summary.reports), responses \(summary.responses), questions \(summary.questions), prompt groups \(summary.promptGroups), people \(summary.people), vocabulary \(summary.vocabulary)"
    )
  }

  @Test func aFailureRollsEverythingBack() throws {
    let before = try tableCounts()
    // `vocabulary` sorts after the report tables, so the failure comes after they were emptied.
    try store.database.executeScript(
      "CREATE TEMP TRIGGER refuse BEFORE DELETE ON main.vocabulary BEGIN SELECT RAISE(ABORT, 'refused'); END"
    )
    #expect(throws: StoreError.self) { try store.maintenance.deleteAll() }
    #expect(try tableCounts() == before)
    #expect(!store.database.isInTransaction)
  }

  @Test func emptiesFullTextTablesAndSkipsTheirShadowTables() throws {
    try store.database.executeScript(
      """
      CREATE VIRTUAL TABLE plain_index USING fts5(body);
      INSERT INTO plain_index (body) VALUES ('alpha beta'), ('gamma');
      CREATE VIRTUAL TABLE question_index USING fts5(prompt, content = 'questions', content_rowid = 'rowid');
      INSERT INTO question_index (rowid, prompt) SELECT rowid, prompt FROM questions;
      """)
    try store.maintenance.deleteAll()
    #expect(try store.database.scalarInt("SELECT count(*) FROM plain_index") == 0)
    #expect(try store.database.scalarInt("SELECT count(*) FROM plain_index_content") == 0)
    // The external-content index is consistent with its (now empty) content table.
    try store.database.execute(
      "INSERT INTO question_index (question_index) VALUES ('integrity-check')")
    #expect(
      try store.database.scalarInt(
        "SELECT count(*) FROM question_index WHERE question_index MATCH 'you'")
        == 0)
  }

  @Test func anEmptyStoreDeletesNothing() throws {
    let fresh = try DispatchStore()
    let summary = try fresh.maintenance.deleteAll()
    #expect(summary.totalRows == 0)
  }
}
