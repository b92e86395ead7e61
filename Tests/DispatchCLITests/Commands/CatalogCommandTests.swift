import DispatchTestSupport
import Foundation
import Testing

extension CLISandbox {
  /// `$XDG_DATA_HOME/dispatch/catalog-outbox`.
  var catalogOutbox: String { root + "/data/dispatch/catalog-outbox" }

  /// Writes a file inside the sandbox and returns its path.
  @discardableResult
  func write(_ text: String, to relativePath: String) throws -> String {
    let target = path(relativePath)
    try FileManager.default.createDirectory(
      atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    return target
  }

  /// The `.json` file names in a folder, sorted.
  func jsonFiles(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
      .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
  }
}

/// `dispatch catalog list|show|add|submit|flag` end to end (docs/catalog.md).
@Suite("catalog")
struct CatalogCommandTests {
  static let setFile = """
    {"id": "evening-review", "title": "Evening review", "summary": "Three questions at bedtime.",
     "tags": ["evening"], "questions": [
      {"prompt": "What went well today?", "type": "note", "tags": ["sleep"]},
      {"prompt": "How tired are you?", "type": "number", "inputStyle": "scale", "inputMin": 1, "inputMax": 5},
      {"prompt": "Did you exercise?", "type": "yesNo"}]}
    """

  @Test func `list shows the built-in sets, filtered by tag, and as JSON`() throws {
    let cli = try CLISandbox()
    let text = try cli.succeed(["catalog", "list"])
    let ids: [String] = text.stdoutLines.prefix(5).map { String($0.split(separator: " ")[0]) }
    #expect(ids == ["mood", "work", "sleep", "social", "ema-affect-context"])
    #expect(
      text.stdoutLines[0] == "mood                Mood check-in · 6 questions · mood, wellbeing")
    #expect(!cli.exists(cli.defaultStore))
    let tagged = try cli.succeed(["catalog", "list", "--tag", "research", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(tagged.stdout.utf8)) as? [String: Any])
    let sets = try #require(object["sets"] as? [[String: Any]])
    #expect(sets.map { $0["id"] as? String } == ["ema-affect-context"])
    #expect((sets.first?["questionCount"] as? NSNumber)?.intValue == 15)
    #expect(sets.first?["origin"] as? String == "built-in")
  }

  @Test func `show lists the questions and an unknown set suggests the closest`() throws {
    let cli = try CLISandbox()
    let shown = try cli.succeed(["catalog", "show", "sleep"])
    #expect(shown.stdoutLines[0] == "Sleep (sleep, version 1, en)")
    #expect(shown.stdoutLines.contains("  2. What time did you fall asleep?"))
    #expect(shown.stdoutLines.contains("     time · wake survey"))
    let json = try cli.succeed(["catalog", "show", "work", "--json"])
    #expect(
      json.stdout.contains(#""promptFingerprint": ""#)
        && json.stdout.contains(#""origin": "built-in""#))
    try cli.fail(
      ["catalog", "show", "slep"], status: 64,
      message: "no catalog set 'slep'; did you mean 'sleep'?")
    try cli.fail(["catalog", "show"], status: 64, message: "missing argument SET")
  }

  @Test func `add skips questions already asked and is idempotent`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let dry = try cli.succeed(["catalog", "add", "sleep", "--dry-run"])
    #expect(
      dry.stdoutLines.first
        == "Would add 6 questions from 'sleep'; skipped 1 you already ask. Nothing was changed.")
    let before = try cli.succeed(["questions", "list", "--json"]).stdout
    #expect(before == (try cli.succeed(["questions", "list", "--json"])).stdout)
    let added = try cli.succeed(["catalog", "add", "sleep"])
    #expect(added.stdoutLines.first == "Added 6 questions from 'sleep'; skipped 1 you already ask.")
    #expect(added.stdoutLines.last == "  = How did you sleep?")
    let again = try cli.succeed(["catalog", "add", "sleep", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
    #expect(
      (object["added"] as? [Any])?.isEmpty == true && (object["skipped"] as? [Any])?.count == 7)
    let listed = try cli.succeed(["questions", "list"]).stdout
    #expect(listed.contains("What time did you fall asleep?") && listed.contains("time · wake"))
  }

  @Test func `submit writes a validated submission from a file or from the user's questions`()
    throws
  {
    let cli = try CLISandbox()
    let file = try cli.write(Self.setFile, to: "evening.json")
    let result = try cli.succeed(["catalog", "submit", "evening.json", "--credit", "Ada L."])
    #expect(
      result.stdoutLines.last
        == "Send the file to the catalog's moderators. 4 more submissions are possible in the next 24 hours."
    )
    let names = cli.jsonFiles(in: cli.catalogOutbox + "/submissions")
    #expect(names.count == 1)
    let text = try String(
      contentsOfFile: cli.catalogOutbox + "/submissions/" + names[0], encoding: .utf8)
    #expect(
      text.contains(#""kind": "dispatch-catalog-submission""#)
        && text.contains(#""credit": "Ada L.""#))
    #expect(text.contains(#""submittedAt": "2026-03-04T10:00:00.000Z""#))
    _ = file
    try cli.succeed(["init"])
    let own = try cli.succeed([
      "catalog", "submit", "--set-from-questions", "Are you working?", "How did you sleep?",
      "--id", "basics", "--title", "Basics", "--summary", "Two defaults.", "--out", "mine.json",
      "--json",
    ])
    #expect(
      own.stdout.contains(#""set": "basics""#) && own.stdout.contains(#""remainingToday": 3"#))
    let mine = try String(contentsOfFile: cli.path("mine.json"), encoding: .utf8)
    #expect(mine.contains(#""prompt": "How did you sleep?""#) && mine.contains(#""wake""#))
  }

  @Test func `submit refuses invalid sets, missing files and a sixth submission in 24 hours`()
    throws
  {
    let cli = try CLISandbox()
    try cli.write(
      #"{"id":"x","title":"T","summary":"S","questions":[{"prompt":"P","type":"multipleChoice","choices":["a"]}]}"#,
      to: "bad.json")
    try cli.fail(
      ["catalog", "submit", "bad.json"], status: 65,
      message:
        "bad.json: set 'x' question 1 field 'choices': multiple choice needs 2 to 20 choices, not 1"
    )
    try cli.fail(
      ["catalog", "submit", "none.json"], status: 66,
      message: "cannot read the set file 'none.json'")
    try cli.fail(
      ["catalog", "submit", "--set-from-questions", "x"], status: 64,
      message: "needs --id, --title and --summary")
    try cli.write(Self.setFile, to: "evening.json")
    for minute in 0..<5 {
      try cli.succeed(
        ["catalog", "submit", "evening.json"],
        environment: ["DISPATCH_NOW": "2026-03-04T10:0\(minute):00Z"])
    }
    try cli.fail(
      ["catalog", "submit", "evening.json"], status: 75,
      message:
        "5 catalog submissions in the last 24 hours, the most allowed; try again after 2026-03-05T10:00:00Z",
      environment: ["DISPATCH_NOW": "2026-03-05T09:59:59Z"])
    #expect(cli.jsonFiles(in: cli.catalogOutbox + "/submissions").count == 5)
    try cli.succeed(
      ["catalog", "submit", "evening.json"], environment: ["DISPATCH_NOW": "2026-03-05T10:00:00Z"])
  }

  @Test func `flag writes a flag file and needs a reason`() throws {
    let cli = try CLISandbox()
    let result = try cli.succeed(["catalog", "flag", "work", "--reason", "Question 3 has a typo"])
    #expect(result.stdoutLines.first?.hasPrefix("Wrote flag ") == true)
    let names = cli.jsonFiles(in: cli.catalogOutbox + "/flags")
    let text = try String(contentsOfFile: cli.catalogOutbox + "/flags/" + names[0], encoding: .utf8)
    #expect(
      text.contains(#""setID": "work""#) && text.contains(#""reason": "Question 3 has a typo""#))
    try cli.fail(["catalog", "flag", "work"], status: 64, message: "missing --reason")
    try cli.fail(
      ["catalog", "flag", "work", "--reason", String(repeating: "r", count: 501)], status: 65,
      message: "the reason is longer than 500 characters")
  }

  @Test func `malformed index files give one line naming the file and the field`() throws {
    let cli = try CLISandbox()
    let head = #"{"formatVersion":1,"version":1,"generatedAt":"2026-07-01T00:00:00Z","sets":"#
    let truncated = try cli.write(head + #"[{"id":"a","title":"#, to: "truncated/index.json")
    try cli.fail(
      ["catalog", "list", "--source", "truncated"], status: 65,
      message: "\(truncated): not a catalog index: not valid JSON (unexpected end of input at byte")
    let wrong = try cli.write(
      head + #"[{"id":"a","title":5,"summary":"S","questions":[]}]}"#, to: "wrong.json")
    try cli.fail(
      ["catalog", "list", "--source", "wrong.json"], status: 65,
      message: "\(wrong): 2 problems: set 'a' field 'title': expected a string; set 'a' field "
        + "'questions': a set needs 1 to 100 questions")
    let unknown = try cli.write(
      head
        + #"[{"id":"a","title":"T","summary":"S","questions":[{"prompt":"P","type":"emoji"}]}]}"#,
      to: "unknown.json")
    try cli.fail(
      ["catalog", "show", "a", "--source", unknown], status: 65,
      message: "\(unknown): set 'a' question 1 field 'type': unknown type 'emoji'")
    try cli.fail(
      ["catalog", "list", "--source", "missing"], status: 66,
      message: "cannot read the catalog index")
    let nobody = "http://127.0.0.1:\(try WebhookReceiver.unusedPort())/index.json"
    try cli.fail(
      ["catalog", "list", "--source", nobody], status: 66,
      message: "cannot fetch '\(nobody)'")
  }

  @Test func `an http catalog is fetched, listed, and read from the cache once the server is gone`()
    throws
  {
    let cli = try CLISandbox()
    let index =
      #"{"formatVersion":1,"version":3,"generatedAt":"2026-07-01T00:00:00Z","sets":["#
      + #"{"id":"web-set","title":"From the web","summary":"S","questions":[{"prompt":"Hi?","type":"yesNo"}]}]}"#
    let receiver = try WebhookReceiver()
    receiver.answerRaw(
      Array(
        ("HTTP/1.1 200 OK\r\nContent-Length: \(index.utf8.count)\r\nConnection: close\r\n\r\n"
          + index).utf8))
    let url = "http://127.0.0.1:\(receiver.port)/index.json"
    let live = try cli.succeed(["catalog", "list", "--source", url])
    #expect(live.stdout.contains("web-set") && live.stderr.isEmpty)
    receiver.stop()
    let cached = try cli.succeed(["catalog", "list", "--source", url])
    #expect(cached.stdout.contains("web-set"))
    #expect(cached.stderr.contains("showing the copy cached at the last fetch"))
  }

  @Test func `the catalog-url setting takes absolute paths and URLs only`() throws {
    let cli = try CLISandbox()
    try cli.fail(
      ["settings", "set", "catalog-url", "relative/dir"], status: 65,
      message: "'relative/dir' is a relative path")
    try cli.fail(
      ["settings", "set", "catalog-url", "gopher://x"], status: 65,
      message: "uses a scheme the catalog cannot read")
    #expect(
      try cli.succeed(["settings", "set", "catalog-url", "https://example.org/c/"]).stdout
        == "catalog-url = https://example.org/c/\n")
    #expect(
      try cli.succeed(["settings", "set", "catalog-url", "none"]).stdout == "catalog-url = none\n")
    // A URL's credentials and query values are never echoed, on set or on get.
    let secret = "https://ana:hunter2@example.org/c/index.json?token=s3cret"
    for shown in [
      try cli.succeed(["settings", "set", "catalog-url", secret]).stdout,
      try cli.succeed(["settings", "get", "catalog-url"]).stdout,
      try cli.succeed(["settings"]).stdout,
    ] {
      #expect(shown.contains("example.org/c/index.json") && shown.contains("***"))
      #expect(!shown.contains("hunter2") && !shown.contains("s3cret"))
    }
  }
}
