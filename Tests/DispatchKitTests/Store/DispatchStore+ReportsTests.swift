import DispatchKit
import Testing

@testable import DispatchStorage

/// Filing, selecting, finding and removing reports.
struct DispatchStoreReportsTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_510_722_810)),
        ids: SequentialIDGenerator()))
  }

  private func report(_ id: String, at milliseconds: Int64, isDraft: Bool = false) -> Report {
    Report(
      id: id, date: Instant(milliseconds: milliseconds), timeZoneIdentifier: "UTC",
      utcOffsetSeconds: 0, isDraft: isDraft,
      responses: [
        Response(
          id: "\(id)-r", questionID: "q", questionPrompt: "What are you doing?",
          tokens: [TokenValue(id: "\(id)-t", text: "work")])
      ])
  }

  private func count(_ table: String) throws -> Int {
    try store.database.scalarInt("SELECT count(*) FROM \(Database.quoteIdentifier(table))") ?? -1
  }

  // MARK: - Round trip

  @Test func `a report with every field and payload kind reads back equal`() throws {
    let full = ReportFixtures.everything
    try store.reports.file(full)
    let fetched = try store.reports.list()
    #expect(fetched == [full])
    let first = try #require(fetched.first)
    #expect(first.responses.map(\.id) == full.responses.map(\.id))
    #expect(first.responses.first { $0.id == "r8-empty-tokens" }?.tokens == [])
    #expect(first.responses.first { $0.id == "r7-skip" }?.isSkipped == true)
  }

  @Test func `filing runs in one transaction and binds every value`() throws {
    let recorder = SQLRecorder(store.database)
    try store.reports.file(ReportFixtures.everything)
    #expect(recorder.statements.first == "BEGIN IMMEDIATE TRANSACTION")
    // FTS5's own statements (on 'main'.…) write its pending terms while the commit runs.
    let own = recorder.statements.filter { !$0.contains("'main'.") }
    #expect(own.last == "COMMIT TRANSACTION")
    #expect(recorder.statements.filter { $0.contains("Café") || $0.contains("LFPB") }.isEmpty)
    #expect(recorder.unfinishedStatements.isEmpty)
  }

  @Test(arguments: [1, 30])
  func `reports load in a fixed number of queries`(count: Int) throws {
    try store.reports.fileAll(
      (0..<count).map { index in
        var report = ReportFixtures.everything
        report.id = "report-\(index)"
        report.responses = report.responses.map { response in
          var response = response
          response.id = "\(report.id)-\(response.id)"
          return response
        }
        return report
      })
    let recorder = SQLRecorder(store.database)
    #expect(try store.reports.list().count == count)
    // One report query, five context queries, three response queries, each child table's
    // one-step check for any row first (seven), inside BEGIN/COMMIT.
    #expect(recorder.statements.count == 18)
    #expect(recorder.unfinishedStatements.isEmpty)
  }

  @Test func `a report without context reads back without context`() throws {
    let bare = Report(
      id: "bare", date: Instant(milliseconds: -5), timeZoneIdentifier: "GMT-0400",
      utcOffsetSeconds: -14_400)
    try store.reports.file(bare)
    #expect(try store.reports.list() == [bare])
  }

  @Test func `filing a report again replaces its responses`() throws {
    var original = ReportFixtures.everything
    try store.reports.file(original)
    original.responses = [original.responses[0]]
    original.context = SensorContext()
    try store.reports.file(original)
    #expect(try store.reports.list() == [original])
    #expect(try count("responses") == 1)
    #expect(try count("report_photos") == 0)
    #expect(try count("response_locations") == 0)
  }

  // MARK: - Selections

  @Test(arguments: SelectionCase.all)
  func `a selection returns the matching reports oldest first`(_ test: SelectionCase) throws {
    try store.reports.fileAll([
      report("d", at: 4_000), report("a", at: 1_000), report("c", at: 3_000),
      report("b", at: 2_000), report("draft", at: 4_500, isDraft: true),
    ])
    #expect(try store.reports.list(test.selection).map(\.id) == test.expectedIDs)
    var streamed: [String] = []
    try store.reports.forEachReport(test.selection, pageSize: 2) { streamed.append($0.id) }
    #expect(streamed == test.expectedIDs)
  }

  @Test(arguments: [1, 2, 3, 7])
  func `paging visits every report once, ties in one instant included`(pageSize: Int) throws {
    let ids = ["e", "a", "d", "b", "c", "f"]
    try store.reports.fileAll(ids.map { report($0, at: $0 < "d" ? 1_000 : 2_000) })
    var streamed: [String] = []
    try store.reports.forEachReport(pageSize: pageSize) { streamed.append($0.id) }
    #expect(streamed == ["a", "b", "c", "d", "e", "f"])
  }

  // MARK: - Finding and removing

  @Test(arguments: [
    ("7A1B2C3D-0000-4000-8000-000000000001", "7A1B2C3D-0000-4000-8000-000000000001"),
    (" 7a1b2c3d-0000-4000-8000-000000000001 ", "7A1B2C3D-0000-4000-8000-000000000001"),
    ("7a1b2", "7A1B2C3D-0000-4000-8000-000000000001"),
    ("7A1C", "7A1C0000-0000-4000-8000-000000000002"),
    ("D8AF", "D8AF0000-0000-4000-8000-000000000003"),
  ])
  func `a report is found by its ID or a unique prefix`(reference: String, id: String) throws {
    try store.reports.fileAll(ReportFixtures.prefixed)
    #expect(try store.reports.report(matching: reference).id == id)
  }

  @Test(arguments: [
    ("7A1", "no report has ID '7A1'"),
    ("7A1B2C3D-1", "no report has ID '7A1B2C3D-1'"),
    ("7a1b2c3d-0000-4000-8000-000000000001x", "no report has ID"),
  ])
  func `an unknown or too short reference is an unknown report`(reference: String, text: String)
    throws
  {
    try store.reports.fileAll(ReportFixtures.prefixed)
    let error = #expect(throws: DispatchError.self) {
      try store.reports.report(matching: reference)
    }
    #expect(error?.kind == .unknownReference)
    #expect(error?.message.contains(text) == true)
    #expect(error?.message.contains("'dispatch reports list'") == true)
  }

  @Test func `an ambiguous prefix asks for more of the ID`() throws {
    try store.reports.fileAll(ReportFixtures.prefixed)
    let error = #expect(throws: DispatchError.self) { try store.reports.report(matching: "7A1B") }
    #expect(error?.kind == .unknownReference)
    #expect(error?.message.contains("'7A1B' matches several reports") == true)
  }

  @Test(arguments: [
    (DateBound?.some(.localDay(20_643)), DateBound?.none, ["paris-night"]),
    (nil, .localDay(20_643), ["new-york-evening"]),
    (.instant(Instant(milliseconds: 1_783_553_400_000)), nil, ["new-york-evening", "paris-night"]),
  ])
  func `a local day is read in each report's own zone`(
    from: DateBound?, to: DateBound?, expectedIDs: [String]
  ) throws {
    // 2026-07-08T23:30Z is 19:30 on the 8th in New York; 2026-07-09T01:00Z is 03:00 on the 9th
    // in Paris. Day 20 643 is 2026-07-09.
    try store.reports.fileAll([
      Report(
        id: "new-york-evening", date: Instant(milliseconds: 1_783_553_400_000),
        timeZoneIdentifier: "America/New_York", utcOffsetSeconds: -14_400),
      Report(
        id: "paris-night", date: Instant(milliseconds: 1_783_558_800_000),
        timeZoneIdentifier: "Europe/Paris", utcOffsetSeconds: 7_200),
    ])
    #expect(try store.reports.list(ReportSelection(from: from, to: to)).map(\.id) == expectedIDs)
  }

  @Test func `a draft is found by ID`() throws {
    try store.reports.file(report("draft-1", at: 10, isDraft: true))
    #expect(try store.reports.report(matching: "draft-1").isDraft)
  }

  @Test func `removing a report removes its responses and context rows`() throws {
    var kept = report("kept", at: 1)
    kept.context.photos = [Photo(id: "p")]
    try store.reports.fileAll([ReportFixtures.everything, kept])
    #expect(try count("responses") == ReportFixtures.everything.responses.count + 1)

    try store.reports.removeReport(id: ReportFixtures.everything.id)

    #expect(try store.reports.list() == [kept])
    #expect(try count("responses") == 1)
    #expect(try count("response_values") == 1)
    let contextTables = [
      "response_locations", "report_locations", "report_weather", "report_health",
      "report_state_of_mind",
    ]
    #expect(try contextTables.map(count) == [0, 0, 0, 0, 0])
    #expect(try count("report_photos") == 1)
  }

  @Test func `removing an unknown report is an unknown reference`() throws {
    let error = #expect(throws: DispatchError.self) { try store.reports.removeReport(id: "nope") }
    #expect(error?.kind == .unknownReference)
  }
}

extension DispatchStoreReportsTests {
  /// A report selection and the IDs it must return.
  struct SelectionCase: Sendable, CustomTestStringConvertible {
    let id: String
    let selection: ReportSelection
    let expectedIDs: [String]

    var testDescription: String { id }

    static let all: [SelectionCase] = [
      SelectionCase(id: "everything filed", selection: .init(), expectedIDs: ["a", "b", "c", "d"]),
      SelectionCase(
        id: "from is inclusive", selection: .init(from: .instant(Instant(milliseconds: 2_000))),
        expectedIDs: ["b", "c", "d"]),
      SelectionCase(
        id: "to is exclusive", selection: .init(to: .instant(Instant(milliseconds: 3_000))),
        expectedIDs: ["a", "b"]),
      SelectionCase(
        id: "from and to",
        selection: .init(
          from: .instant(Instant(milliseconds: 1_500)), to: .instant(Instant(milliseconds: 3_500))),
        expectedIDs: ["b", "c"]),
      SelectionCase(
        id: "newest two, oldest first", selection: .init(limit: 2), expectedIDs: ["c", "d"]),
      SelectionCase(
        id: "limit within a range",
        selection: .init(to: .instant(Instant(milliseconds: 3_500)), limit: 2),
        expectedIDs: ["b", "c"]),
      SelectionCase(
        id: "drafts included", selection: .init(includeDrafts: true),
        expectedIDs: ["a", "b", "c", "d", "draft"]),
      SelectionCase(
        id: "newest with drafts", selection: .init(includeDrafts: true, limit: 2),
        expectedIDs: ["d", "draft"]),
      SelectionCase(id: "by ID", selection: .init(id: "c"), expectedIDs: ["c"]),
      SelectionCase(id: "a draft needs drafts", selection: .init(id: "draft"), expectedIDs: []),
      SelectionCase(id: "limit zero", selection: .init(limit: 0), expectedIDs: []),
      SelectionCase(
        id: "empty range",
        selection: .init(
          from: .instant(Instant(milliseconds: 5_000)), to: .instant(Instant(milliseconds: 1_000))),
        expectedIDs: []),
    ]
  }
}
