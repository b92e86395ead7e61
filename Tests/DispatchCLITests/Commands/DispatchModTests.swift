import Foundation
import Testing

extension CLISandbox {
  /// The `dispatch-mod` binary built next to `dispatch`.
  static let modExecutable = Bundle.main.bundleURL.appendingPathComponent("dispatch-mod")

  /// Runs `dispatch-mod` in the sandbox.
  @discardableResult
  func mod(_ arguments: [String], now: String = "2026-03-05T12:00:00Z") throws -> CLIResult {
    try run(arguments, environment: ["DISPATCH_NOW": now], executable: Self.modExecutable)
  }
}

/// `dispatch-mod` end to end: submit → list → approve → publish → `dispatch catalog list`.
@Suite("dispatch-mod")
struct DispatchModTests {
  /// Submits `CatalogCommandTests.setFile` (or `text`) and copies the file into `mod/submissions`.
  static func submit(
    _ cli: CLISandbox, _ text: String = CatalogCommandTests.setFile, name: String,
    at now: String = "2026-03-04T10:00:00Z"
  ) throws -> String {
    try cli.write(text, to: name + ".json")
    try cli.succeed(
      ["catalog", "submit", name + ".json", "--out", "mod/submissions/\(name).json"],
      environment: ["DISPATCH_NOW": now])
    let submission = try String(
      contentsOfFile: cli.path("mod/submissions/\(name).json"), encoding: .utf8)
    let id = try #require(submission.split(separator: "\"").drop { $0 != "id" }.dropFirst(2).first)
    return String(id)
  }

  @Test func `submit, list, approve, publish, then dispatch reads the new index`() throws {
    let cli = try CLISandbox()
    let id = try Self.submit(cli, name: "evening")
    let listed = try cli.mod(["list", "--folder", "mod"])
    #expect(listed.status == 0, "\(listed)")
    #expect(listed.stdoutLines.first == "Pending submissions (1), oldest first:")
    #expect(
      listed.stdoutLines[1].hasPrefix(
        "  \(id.prefix(8))  evening-review  'Evening review'  3 questions  by "))
    #expect(listed.stdoutLines.last == "No open flags.")

    let approved = try cli.mod([
      "approve", String(id.prefix(6)), "--tags", "evening,reflection", "--folder", "mod",
    ])
    #expect(
      approved.status == 0
        && approved.stdout.hasPrefix("Approved \(id.prefix(8)): set 'evening-review'"))
    let published = try cli.mod(["publish", "--folder", "mod"])
    #expect(
      published.stdout.hasPrefix(
        "Published index version 1 to \(cli.path("mod"))/index.json: 1 set"))
    let index = try String(contentsOfFile: cli.path("mod/index.json"), encoding: .utf8)
    #expect(index.contains(#""approvedAt": "2026-03-05T12:00:00.000Z""#))
    #expect(
      try cli.mod(["validate", "mod/index.json"]).stdout
        == "mod/index.json: a valid catalog index, version 1, with 1 set and 3 questions.\n")

    try cli.succeed(["settings", "set", "catalog-url", cli.path("mod")])
    let catalog = try cli.succeed(["catalog", "list", "--tag", "reflection"])
    #expect(
      catalog.stdoutLines.first
        == "evening-review  Evening review · 3 questions · evening, reflection · \(cli.path("mod"))"
    )
    try cli.succeed(["catalog", "add", "evening-review"])
    #expect(try cli.succeed(["questions", "list"]).stdout.contains("What went well today?"))
  }

  @Test func `duplicates and floods are marked, duplicates refused unless allowed`() throws {
    let cli = try CLISandbox()
    let first = try Self.submit(cli, name: "one")
    let second = try Self.submit(
      cli, CatalogCommandTests.setFile.replacingOccurrences(of: "evening-review", with: "other"),
      name: "two",
      at: "2026-03-04T11:00:00Z")
    try cli.write(
      #"{"kind":"dispatch-catalog-flag","id":"f1","setID":"mood","reason":"Rude","flaggedAt":"2026-03-05T00:00:00Z"}"#,
      to: "mod/flags/f1.json")
    let listed = try cli.mod(["list", "--folder", "mod", "--flood-threshold", "1"])
    #expect(
      listed.stdout.contains(
        "⚠️ DUPLICATE of pending \(first.prefix(8)): question 1 'What went well today?'"))
    #expect(listed.stdout.contains("2 pending  ⚠️ FLOOD (more than 1)"))
    #expect(listed.stdout.contains("  f1  set 'mood' v1  2026-03-05T00:00:00Z  'Rude'"))
    #expect(try cli.mod(["approve", first, "--folder", "mod"]).status == 0)
    let refused = try cli.mod(["approve", second, "--folder", "mod"])
    #expect(refused.status == 65 && refused.stdout.isEmpty)
    #expect(
      refused.stderr
        == "dispatch-mod: submission \(second.prefix(8)): question 1 'What went well today?' duplicates set 'evening-review' (and 2 more); pass --allow-duplicate to approve it anyway\n"
    )
    #expect(try cli.mod(["approve", second, "--allow-duplicate", "--folder", "mod"]).status == 0)
  }

  @Test func `reject, validate and usage errors`() throws {
    let cli = try CLISandbox()
    let id = try Self.submit(cli, name: "one")
    #expect(try cli.mod(["reject", id, "--folder", "mod"]).status == 64)
    let rejected = try cli.mod(["reject", id, "--reason", "Too personal", "--folder", "mod"])
    #expect(
      rejected.stdout
        == "Rejected \(id.prefix(8)) (set 'evening-review'); kept in rejected/ with the reason.\n")
    #expect(cli.jsonFiles(in: cli.path("mod/rejected")) == ["one.json"])
    try cli.write(
      #"{"id":"A","title":"T","summary":"S","questions":[{"prompt":"P","type":"vibe"}]}"#,
      to: "bad.json")
    let invalid = try cli.mod(["validate", "bad.json"])
    #expect(invalid.status == 65 && invalid.stderr == "dispatch-mod: bad.json: 2 problems\n")
    #expect(
      invalid.stdoutLines.first
        == "bad.json: set 'A' question 1 field 'type': unknown type 'vibe'; use one of tokens, multipleChoice, yesNo, location, people, number, note, time"
    )
    #expect(try cli.mod(["validate", "nothing.json"]).status == 66)
    let unknown = try cli.mod(["lst"])
    #expect(
      unknown.status == 64
        && unknown.stderr
          == "dispatch-mod: unknown command 'lst'; did you mean 'list'? (see 'dispatch-mod help')\n"
    )
    #expect(try cli.mod(["approve", "zzz", "--folder", "mod"]).status == 64)
    let stray = try cli.mod(["list", "mod"])
    #expect(
      stray.status == 64
        && stray.stderr.hasPrefix(
          "dispatch-mod: 'list' does not take 'mod'; name the folder with --folder")
    )
    #expect(
      try cli.mod(["help"]).stdout.hasPrefix(
        "dispatch-mod: moderate a Dispatch question-set catalog"))
    #expect(
      try cli.mod(["publish", "--folder", "mod"]).stdout.hasPrefix("Nothing approved to publish"))
  }
}
