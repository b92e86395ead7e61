import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// `dispatch reports list|show|edit|remove`.
@Suite("reports")
struct ReportsCommandTests {
  /// Files a quick answer at `instant` and returns the report's ID.
  @discardableResult
  private func fileAnswer(_ cli: CLISandbox, at instant: String, _ value: String = "yes") throws
    -> String
  {
    let result = try cli.succeed(
      ["answer", value, "--json"], environment: ["DISPATCH_NOW": instant])
    return try result.json(ReportJSON.self).id
  }

  @Test func listIsOldestFirstInTextAndJSON() throws {
    let cli = try CLISandbox()
    let middle = try fileAnswer(cli, at: "2026-03-02T12:00:00Z", "no")
    let newest = try fileAnswer(cli, at: "2026-03-03T12:00:00Z")
    let oldest = try fileAnswer(cli, at: "2026-03-01T07:05:00Z")
    let reports = try cli.reports()
    #expect(reports.map(\.id) == [oldest, middle, newest])
    #expect(
      reports.map(\.date) == [
        "2026-03-01T07:05:00.000Z", "2026-03-02T12:00:00.000Z", "2026-03-03T12:00:00.000Z",
      ])

    let text = try cli.succeed(["reports", "list"])
    #expect(
      text.stdoutLines == [
        "2026-03-01 07:05 +00:00  regular \(oldest.prefix(8))  Are you working?: Yes",
        "2026-03-02 12:00 +00:00  regular \(middle.prefix(8))  Are you working?: No",
        "2026-03-03 12:00 +00:00  regular \(newest.prefix(8))  Are you working?: Yes",
        "3 reports",
      ])
    #expect(text.stderr.isEmpty)
    #expect(try cli.succeed(["reports"]).stdout == text.stdout)
  }

  @Test func listHasNoDefaultLimit() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let count = 250
    do {
      let store = try DispatchStore(path: cli.defaultStore, access: .write)
      let composer = ReportComposer(store: store, environment: store.environment)
      let question = DefaultQuestions.all[1]
      let reports = (0..<count).map { index in
        composer.compose(
          kind: .regular, trigger: .manual, questions: [question],
          answers: [question.id: .options(["Yes"])],
          at: Instant(milliseconds: 1_772_000_000_000 + Int64(index) * 60_000), timeZone: "UTC")
      }
      try store.reports.fileAll(reports)
    }
    let reports = try cli.reports()
    #expect(reports.count == count)
    #expect(reports.map(\.date) == reports.map(\.date).sorted())
    let text = try cli.succeed(["reports", "list"])
    #expect(text.stdoutLines.count == count + 1)
    #expect(text.stdoutLines.last == "\(count) reports")
  }

  @Test func limitKeepsTheNewestOldestFirst() throws {
    let cli = try CLISandbox()
    var ids: [String] = []
    for day in 1...5 {
      ids.append(try fileAnswer(cli, at: "2026-03-0\(day)T12:00:00Z"))
    }
    #expect(try cli.reports(["--limit", "2"]).map(\.id) == Array(ids.suffix(2)))
    #expect(try cli.reports(["--limit", "10"]).map(\.id) == ids)
    let text = try cli.succeed(["reports", "list", "--limit", "1"])
    #expect(text.stdoutLines.count == 2)
    #expect(text.stdoutLines[0].contains(ids[4].prefix(8)))
    #expect(text.stdoutLines[1] == "1 report")
  }

  @Test(
    "--from and --to take local days and include the whole --to day",
    arguments: [
      (["--from", "2026-03-04", "--to", "2026-03-04"], [2, 3]),
      (["--from", "2026-03-04"], [2, 3, 4]),
      (["--to", "2026-03-03"], [0, 1]),
      (["--from", "2026-03-03", "--to", "2026-03-03"], [1]),
      (["--from", "2026-03-05", "--to", "2026-03-05"], [4]),
      (["--from", "2026-03-06"], []),
      (["--from", "2026-03-04T12:00:00Z"], [3, 4]),
      (["--from", "yesterday"], [2, 3, 4]),
      (["--from", "today", "--limit", "1"], [4]),
    ])
  func dateRange(options: [String], expected: [Int]) throws {
    let cli = try CLISandbox(now: "2026-03-05T12:00:00Z", timeZone: "America/New_York")
    // Local (New York, UTC−5) times: 03-02 23:59, 03-03 23:30, 03-04 00:30, 03-04 23:59,
    // 03-05 00:00.
    let instants = [
      "2026-03-03T04:59:00Z", "2026-03-04T04:30:00Z", "2026-03-04T05:30:00Z",
      "2026-03-05T04:59:59Z", "2026-03-05T05:00:00Z",
    ]
    let ids = try instants.map { try fileAnswer(cli, at: $0) }
    #expect(try cli.reports(options).map(\.id) == expected.map { ids[$0] })
  }

  @Test func textShowsLocalTimeOfTheFilingZone() throws {
    let cli = try CLISandbox(timeZone: "America/New_York")
    let id = try fileAnswer(cli, at: "2026-03-04T04:30:00Z")
    let text = try cli.succeed(["reports", "list"], environment: ["TZ": "UTC"])
    #expect(
      text.stdoutLines.first
        == "2026-03-03 23:30 -05:00  regular \(id.prefix(8))  Are you working?: Yes")
  }

  @Test func draftsAreListedOnlyWithDrafts() throws {
    let cli = try CLISandbox()
    let filed = try fileAnswer(cli, at: "2026-03-01T12:00:00Z")
    do {
      let store = try DispatchStore(path: cli.defaultStore, access: .write)
      var draft = ReportComposer(store: store, environment: store.environment).compose(
        kind: .regular, trigger: .notification, questions: [DefaultQuestions.all[1]],
        answers: [:], at: Instant(milliseconds: 1_772_600_000_000), timeZone: "UTC")
      draft.id = "DRAFT000-0000-4000-8000-000000000001"
      draft.isDraft = true
      try store.reports.file(draft)
    }
    #expect(try cli.reports().map(\.id) == [filed])
    let withDrafts = try cli.reports(["--drafts"])
    #expect(withDrafts.map(\.id) == [filed, "DRAFT000-0000-4000-8000-000000000001"])
    #expect(withDrafts.map(\.isDraft) == [false, true])
    let text = try cli.succeed(["reports", "list", "--drafts"])
    #expect(text.stdoutLines[1].contains("DRAFT000 draft"))
    #expect(try cli.succeed(["reports", "list"]).stdoutLines.count == 2)
  }

  @Test func emptyStore() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    #expect(
      try cli.succeed(["reports", "list"]).stdout
        == "No reports yet. File one with 'dispatch report'.\n")
    #expect(try cli.succeed(["reports", "list", "--json"]).stdout == "[]\n")
    #expect(
      try cli.succeed(["reports", "list", "--from", "today"]).stdout
        == "No reports in that range.\n")
  }

  @Test(
    "bad list options exit 64",
    arguments: [
      (["--from", "last tuesday"], "'last tuesday' is not a date for --from"),
      (["--to", "2026-13-45"], "'2026-13-45' is not a date for --to"),
      (["--limit", "0"], "'0' is not valid for --limit"),
      (["--limit", "ten"], "'ten' is not valid for --limit"),
    ])
  func badListOptions(options: [String], message: String) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.fail(["reports", "list"] + options, status: 64, message: message)
  }

  // MARK: - show

  @Test func showTextAndJSON() throws {
    let cli = try CLISandbox()
    try cli.succeed([
      "report", "-a", "Are you working?=yes", "-a", "What are you doing?=coding, email",
    ])
    let report = try #require(try cli.reports().first)
    let text = try cli.succeed(["reports", "show", String(report.id.prefix(6))])
    #expect(
      text.stdoutLines == [
        "Report \(report.id)",
        "  Filed     2026-03-04 10:00 (\(report.timeZone), +00:00) · 2026-03-04T10:00:00.000Z",
        "  Kind      regular · trigger manual",
        "",
        "  Are you working?", "    Yes",
        "  What are you doing?", "    coding, email",
        "  Where are you?", "    skipped",
        "  Who are you with?", "    skipped",
        "  How many coffees did you have today?", "    skipped",
        "  What did you learn today?", "    skipped",
      ])
    let json = try cli.succeed(["reports", "show", report.id, "--json"])
    #expect(json.stderr.isEmpty)
    #expect(try json.json(ReportJSON.self) == report)
  }

  @Test(
    "an unknown report exits 64",
    arguments: [
      (["show", "ZZZZZZZZ"], "no report has ID 'ZZZZZZZZ'"),
      (["show", "ZZZZZZZZ", "--json"], "no report has ID 'ZZZZZZZZ'"),
      (["edit", "ZZZZZZZZ", "-a", "Are you working?=no"], "no report has ID 'ZZZZZZZZ'"),
      (["remove", "ZZZZZZZZ", "--yes"], "no report has ID 'ZZZZZZZZ'"),
      (["show", "ABC"], "no report has ID 'ABC'"),
    ])
  func unknownReport(arguments: [String], message: String) throws {
    let cli = try CLISandbox()
    try cli.succeed(["answer", "yes"])
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(["reports"] + arguments, status: 64, message: message)
    #expect(cli.contents(cli.defaultStore) == before)
  }

  // MARK: - edit

  @Test func editChangesTheAnswerAndKeepsTheResponseID() throws {
    let cli = try CLISandbox()
    try cli.succeed([
      "report", "-a", "Are you working?=yes", "-a", "How many coffees did you have today?=1",
    ])
    let original = try #require(try cli.reports().first)
    let result = try cli.succeed([
      "reports", "edit", String(original.id.prefix(8)), "--answer", "Are you working?=no",
      "--answer", "What are you doing?=reading",
    ])
    #expect(result.stdout == "Updated report \(original.id.prefix(8)).\n")
    let edited = try #require(try cli.reports().first)
    #expect(edited.id == original.id)
    #expect(edited.date == original.date)
    #expect(edited.response("Are you working?")?.options == ["No"])
    #expect(edited.response("Are you working?")?.id == original.response("Are you working?")?.id)
    #expect(edited.response("What are you doing?")?.tokens == ["reading"])
    #expect(
      edited.response("What are you doing?")?.id == original.response("What are you doing?")?.id)
    #expect(
      edited.response("How many coffees did you have today?")
        == original.response("How many coffees did you have today?"))

    let json = try cli.succeed(["reports", "edit", original.id, "--kind", "wake", "--json"])
    #expect(try json.json(ReportJSON.self).kind == "wake")
    #expect(try cli.reports().first?.kind == "wake")
  }

  @Test(
    "a bad edit is refused and the report is unchanged",
    arguments: [
      ([], Int32(64), "nothing to change"),
      (["--answer", "Are you working?=maybe"], 65, "'maybe' is not an answer"),
      (["--answer", "Nope?=1"], 64, "no question matches 'Nope?'"),
      (["--answer", "Are you working?"], 64, "--answer needs PROMPT_OR_ID=VALUE"),
      (["--kind", "nap"], 64, "'nap' is not a survey kind"),
    ])
  func badEdits(options: [String], status: Int32, message: String) throws {
    let cli = try CLISandbox()
    let id = try fileAnswer(cli, at: "2026-03-01T12:00:00Z")
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(["reports", "edit", id] + options, status: status, message: message)
    #expect(cli.contents(cli.defaultStore) == before)
  }

  // MARK: - remove

  @Test func removeWithYes() throws {
    let cli = try CLISandbox()
    let kept = try fileAnswer(cli, at: "2026-03-01T12:00:00Z")
    let removed = try fileAnswer(cli, at: "2026-03-02T08:30:00Z")
    let result = try cli.succeed(["reports", "remove", String(removed.prefix(8)), "--yes"])
    #expect(result.stdout == "Removed the regular report of 2026-03-02 08:30.\n")
    #expect(try cli.reports().map(\.id) == [kept])
    try cli.fail(["reports", "show", removed], status: 64, message: "no report has ID")
    try cli.succeed(["reports", "remove", kept, "-y"])
    #expect(try cli.reports().isEmpty)
  }

  @Test func removeWithoutYesAndNoTerminalRemovesNothing() throws {
    let cli = try CLISandbox()
    let id = try fileAnswer(cli, at: "2026-03-01T12:00:00Z")
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(
      ["reports", "remove", id], status: 64, message: "needs --yes when not run from a terminal")
    try cli.fail(["reports", "remove", id], status: 64, message: "needs --yes", stdin: "y\n")
    #expect(cli.contents(cli.defaultStore) == before)
    #expect(try cli.reports().map(\.id) == [id])
  }
}
