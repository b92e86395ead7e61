import DispatchTestSupport
import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// Under `--json` standard output holds exactly one JSON document and nothing else
/// (docs/cli.md#output-conventions).
@Suite("--json output")
struct JSONOutputTests {
  /// A command line for every command that accepts `--json`; `ID` stands for a report's ID.
  static let jsonCommandLines: [[String]: [String]] = [
    ["init"]: ["init"],
    ["demo"]: ["demo", "--store", "demo.sqlite"],
    ["report"]: ["report", "-a", "Are you working?=yes"],
    ["wake"]: ["wake", "-a", "How did you sleep?=OK"],
    ["sleep"]: ["sleep"],
    ["answer"]: ["answer", "no"],
    ["questions", "list"]: ["questions", "list"],
    ["questions", "add"]: ["questions", "add", "Mood?", "--type", "number"],
    ["questions", "edit"]: ["questions", "edit", "Are you working?", "--prompt", "Working?"],
    ["reports", "list"]: ["reports", "list"],
    ["reports", "show"]: ["reports", "show", "ID"],
    ["reports", "edit"]: ["reports", "edit", "ID", "-a", "Are you working?=no"],
    ["plan"]: ["plan", "--days", "2"],
    ["settings", "get"]: ["settings", "get"],
    ["compliance"]: ["compliance"],
    ["focus", "status"]: ["focus", "status"],
    ["sensors", "list"]: ["sensors", "list"],
    ["sensors", "test"]: ["sensors", "test"],
    ["sensors", "places", "list"]: ["sensors", "places", "list"],
    ["trigger"]: ["trigger", "arrival", "--place", "Home"],
    ["groups", "list"]: ["groups", "list"],
    ["groups", "show"]: ["groups", "show"],
    ["groups", "add"]: ["groups", "add", "Work", "--every", "3", "--question", "Are you working?"],
    ["import"]: ["import", "questions.json"],
    ["backup", "now"]: ["backup", "now"],
    ["backup", "list"]: ["backup", "list"],
    ["delete-all"]: ["delete-all", "--yes"],
    ["mood"]: ["mood", "7"],
    ["fatigue"]: ["fatigue", "3"],
    ["activity", "list"]: ["activity", "list"],
    ["activity", "status"]: ["activity", "status"],
    ["med", "list"]: ["med", "list"],
    ["med", "doses"]: ["med", "doses"],
    ["lost"]: ["lost", "keys"],
    ["context", "list"]: ["context", "list"],
    ["checkin", "preset", "list"]: ["checkin", "preset", "list"],
    ["checkin", "remind", "list"]: ["checkin", "remind", "list"],
    ["is-weekday"]: ["is-weekday", "2026-03-04"],
    ["stress"]: ["stress", "--overall", "5", "--note", "fine"],
    ["stress", "list"]: ["stress", "list"],
    ["stress", "compare"]: [
      "stress", "compare", "--before", "2026-02-20", "--after", "2026-03-04",
    ],
    ["stress", "summary"]: ["stress", "summary", "--since", "2026-02-01"],
    ["stress", "stressors"]: ["stress", "stressors"],
    ["health", "types"]: ["health", "types"],
    ["health", "show"]: ["health", "show", "steps"],
    ["health", "workouts"]: ["health", "workouts"],
    ["health", "summaries"]: ["health", "summaries"],
    ["health", "profile"]: ["health", "profile"],
    ["health", "activity-levels"]: ["health", "activity-levels"],
    ["query"]: ["query", "reports where kind = regular"],
    ["insights"]: ["insights"],
    ["digest"]: ["digest", "--period", "month"],
    ["chart"]: ["chart", "Are you working?"],
    ["graph"]: ["graph", "reports", "--per", "day"],
    ["compare-weeks"]: ["compare-weeks"],
    ["webhook", "status"]: ["webhook", "status"],
    ["webhook", "test"]: ["webhook", "test"],
    ["webhook", "flush"]: ["webhook", "flush"],
    ["status"]: ["status"],
    ["people", "list"]: ["people", "list"],
    ["people", "show"]: ["people", "show", "Maya"],
    ["people", "contacts"]: ["people", "contacts"],
    ["people", "suggest"]: ["people", "suggest", "ma"],
    ["catalog", "list"]: ["catalog", "list"],
    ["catalog", "show"]: ["catalog", "show", "sleep"],
    ["catalog", "add"]: ["catalog", "add", "sleep", "--dry-run"],
    ["catalog", "submit"]: [
      "catalog", "submit", "--set-from-questions", "Are you working?", "--id", "mine", "--title",
      "Mine", "--summary", "One question.", "--out", "mine.json",
    ],
    ["catalog", "flag"]: ["catalog", "flag", "work", "--reason", "A typo"],
    ["search"]: ["search", "Maya"],
    ["serve", "token", "new"]: ["serve", "token", "new", "phone"],
    ["serve", "sessions"]: ["serve", "sessions"],
    ["serve", "pair"]: ["serve", "pair"],
    ["sync"]: ["sync"],
    ["sync", "status"]: ["sync", "status"],
  ]

  /// JSON commands that run until stopped, whose JSON another suite reads while they run.
  static let runUntilStopped: Set<[String]> = [["serve", "start"]]

  @Test func everyJSONCommandIsCovered() {
    let paths = allCommandPaths.filter { commandSpec(at: $0)?.supportsJSON == true }
    #expect(Set(paths).subtracting(Self.runUntilStopped) == Set(Self.jsonCommandLines.keys))
  }

  /// Every command line, with `--json` after it and before it; the demo (half a minute in a
  /// debug build) only after it: where the flag stands is the parser's, not the command's.
  static let jsonRuns: [([String], Bool)] = jsonCommandLines.values
    .sorted { $0.joined() < $1.joined() }
    .flatMap { line in (line.first == "demo" ? [false] : [false, true]).map { (line, $0) } }

  @Test("standard output is one JSON document, standard error is empty", arguments: jsonRuns)
  func onlyJSON(arguments: [String], flagFirst: Bool) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let id = try cli.succeed(["answer", "yes", "--json"]).json(ReportJSON.self).id
    try cli.succeed(["report", "-a", "Who are you with?=Maya"])
    let line = arguments.map { $0 == "ID" ? id : $0 }
    // The webhook commands send to a receiver of this process.
    let receiver = line.first == "webhook" ? try WebhookReceiver() : nil
    if let receiver {
      try cli.succeed(["webhook", "set", "http://127.0.0.1:\(receiver.port)/hook"])
    }
    if line.first == "sync" {
      try cli.succeed(["sync", "setup", "--folder", cli.path("Sync"), "--device-name", "desk"])
    }
    try Data(#"{"questions":[{"prompt":"Mood?","type":"number"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: cli.path("questions.json")))
    let result = try cli.succeed(flagFirst ? ["--json"] + line : line + ["--json"])
    // With no findings `insights --json` prints [] and says why on standard error
    // (docs/insights.md#insights-and-the-digest).
    if line != ["insights"] { #expect(result.stderr.isEmpty, "\(result)") }
    #expect(result.stdout.hasSuffix("\n"))
    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    #expect(document is [Any] || document is [String: Any])
    withExtendedLifetime(receiver) {}
  }
}
