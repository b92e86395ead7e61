import Foundation
import Testing

/// `dispatch diagnostics`: counts and status, never content
/// (docs/import-export.md#dispatch-diagnostics).
@Suite("diagnostics")
struct DiagnosticsCommandTests {
  /// Every prompt, choice, answer, token, person and place of the store, as
  /// `questions list --json` and `reports list --json` show them.
  private func contentStrings(_ cli: CLISandbox, store: String) throws -> Set<String> {
    var strings: Set<String> = []
    for question in try cli.questions(store: store) {
      strings.insert(question.prompt)
      strings.formUnion(question.choices)
    }
    for report in try cli.reports(["--store", store]) {
      for response in report.responses {
        strings.insert(response.prompt)
        strings.formUnion(response.options ?? [])
        strings.formUnion(response.tokens ?? [])
        if let location = response.location { strings.insert(location) }
      }
    }
    return strings
  }

  @Test func aDemoStoreDumpHasCountsAndNoContent() throws {
    let cli = try CLISandbox()
    // A copy of the demo the pasted examples run on: building another takes half a minute.
    let store = cli.path("demo.sqlite")
    try FileManager.default.copyItem(atPath: try ExampleWorld.shared().demoStore, toPath: store)
    try cli.succeed([
      "--store", store, "report", "--answer", "What are you doing?=zebrasentinel, quokkasentinel",
      "--answer", "Who are you with?=Xanthippe Sentinel", "--answer",
      "Where are you?=Sentinelville",
    ])
    let reports = try cli.reports(["--store", store])
    let questions = try cli.questions(store: store)
    let strings = try contentStrings(cli, store: store)
    #expect(strings.contains("zebrasentinel"))
    #expect(strings.contains("Xanthippe Sentinel"))
    #expect(strings.contains("Sentinelville"))
    #expect(strings.count > 50)

    // The demo makes no automatic backups: one asked for, so the dump has a file to count.
    try cli.succeed(["backup", "now", "--store", store])
    let result = try cli.succeed(["diagnostics", "--store", store])
    let dump = result.stdout
    #expect(dump.hasPrefix("Dispatch diagnostics\nGenerated: 2026-03-04T10:00:00.000Z\n"))
    #expect(dump.contains("\n  Reports: \(reports.count)\n"))
    #expect(dump.contains("\n  Questions: \(questions.count)\n"))
    #expect(dump.contains("\n  Folder: \(cli.root)/data/dispatch/backups/demo\n"))
    #expect(dump.contains("  Files: 1 (this installation: 1)"))
    // Whole words only: enum raw values in the dump (the trigger `workoutEnd`) may contain an
    // answer ("workout") without showing it. Sensor names ("photos unavailable") are Dispatch's
    // own words, whatever the answers say.
    let sensorNames: Set<String> = [
      "battery", "connectivity", "location", "weather", "photos", "sound", "focus", "media",
      "device",
    ]
    let leaks = strings.filter { text in
      guard text.count >= 3, text.contains(where: \.isLetter), !sensorNames.contains(text) else {
        return false
      }
      let pattern =
        "(?<![A-Za-z0-9])" + NSRegularExpression.escapedPattern(for: text) + "(?![A-Za-z0-9])"
      return dump.range(of: pattern, options: .regularExpression) != nil
    }
    #expect(leaks.isEmpty, "diagnostics shows store content: \(leaks.sorted())")
  }

  @Test func itOnlyReadsTheStore() throws {
    let cli = try CLISandbox()
    try cli.succeed(["report", "--answer", "Are you working?=yes"])
    let before = try #require(cli.contents(cli.defaultStore))
    let dump = try cli.succeed(["diagnostics"]).stdout
    #expect(dump.contains("  Automatic: on"))
    #expect(dump.contains("  Files: 1 (this installation: 1)"))
    #expect(dump.contains("  backup — dispatch-backup-"))
    #expect(cli.contents(cli.defaultStore) == before)
  }

  @Test func aMissingStoreExits66() throws {
    let cli = try CLISandbox()
    try cli.fail(["diagnostics"], status: 66, message: "no store")
    #expect(!cli.exists(cli.defaultStore))
  }
}

extension CLISandbox {
  /// `questions list --json` of another store, decoded.
  func questions(store: String) throws -> [QuestionJSON] {
    try succeed(["questions", "list", "--json", "--store", store]).json([QuestionJSON].self)
  }
}
