import Foundation
import Testing

/// Every example in `--help`, the README and docs/ runs as pasted on the demo store and finds
/// something: exit 0 and output. The demo is built as of a fixed day, so relative dates
/// ("--from 7d", "the last week") cover the end of its history, as they do for a newcomer on
/// the day they build it.
@Suite("pasted examples")
struct PastedExamplesTests {
  /// The moment the demo is built and the examples run: a Friday afternoon in New York.
  static let now = "2026-11-20T15:30:00-05:00"

  /// Lines that cannot run in a test, each with the reason; everything else must succeed.
  static let exempt: [String: String] = [
    "dispatch daemon": "runs until stopped",
    "dispatch daemon run": "runs until stopped",
    "dispatch status --watch --format waybar": "runs until its reader closes the pipe",
    "dispatch serve": "listens until stopped",
    "dispatch serve --store ~/.local/share/dispatch/demo.sqlite": "listens until stopped",
    "dispatch serve start --listen 127.0.0.1:0 --json": "listens until stopped",
    "dispatch delete-all": "asks for confirmation on a terminal and refuses a pipe by design",
    "dispatch webhook test": "posts to the example's URL, which is not on this machine",
    "dispatch sync forget old-laptop-3f9a1c":
      "needs a sync folder with that second device; SyncCommandTests forgets one",
  ]

  /// Lines that succeed in silence by design, as cron expects of a job with nothing to do.
  static let quiet: Set<String> = ["dispatch daemon --once", "dispatch daemon run --once"]

  /// What an interactive example reads when pasted into a pipe: the answers a person would type.
  static let typed: [String: String] = [
    "dispatch report": "yes\ncoding\n",
    "dispatch stress": "3\n2\n\n\n",
  ]

  @Test func `every group of examples is found`() throws {
    let groups = try PastedExamples.all()
    let sources = Set(groups.map(\.source))
    #expect(sources.contains("README.md"))
    #expect(sources.contains("dispatch query --help"))
    #expect(groups.reduce(0) { $0 + $1.lines.count } > 300)
    #expect(PastedExamples.withoutComment("dispatch mood 7   # a '#' comment") == "dispatch mood 7")
    #expect(PastedExamples.withoutComment("dispatch search '#tag'") == "dispatch search '#tag'")
    #expect(!PastedExamples.isRunnable("dispatch reports show <ID from the list>"))
    #expect(PastedExamples.isRunnable("DISPATCH_NOW=2026-07-12T21:00:00Z dispatch status"))
    #expect(!PastedExamples.isRunnable("dispatch catalog show SET --json"))
    #expect(!PastedExamples.isRunnable("dispatch activity start|stop|status"))
    #expect(!PastedExamples.isRunnable("dispatch insights [--json]"))
    #expect(PastedExamples.isRunnable("dispatch search 'LOUD words'"))
    #expect(PastedExamples.codeLines("```\ndispatch a \\\n  --b c\n```\n") == ["dispatch a --b c"])
  }

  @Test(arguments: try PastedExamples.all())
  func `examples run as pasted on the demo store`(group: PastedExamples) throws {
    let world = try ExampleWorld.shared()
    let run = try world.freshRun()
    // Each group's copy of the demo and its files (about 26 MB) goes when the group is done.
    defer { try? FileManager.default.removeItem(atPath: run.folder) }
    for line in group.lines {
      if let reason = Self.exempt[PastedExamples.withoutComment(line)] {
        #expect(!reason.isEmpty)
        continue
      }
      let result = try run.shell(line, stdin: Self.typed[line])
      let redirected =
        line.contains(" > ") || line.contains(" -o ") || Self.quiet.contains(line)
      let failure = result.stderr.split(separator: "\n").last.map(String.init) ?? ""
      #expect(
        result.status == 0 && (redirected || !result.stdout.isEmpty),
        "EXAMPLE \(group.source) :: \(line) :: exit \(result.status) :: \(failure)")
    }
  }
}
