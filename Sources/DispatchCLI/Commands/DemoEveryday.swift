import DispatchCommandLine
import DispatchKit
import Foundation

/// What the demo summary shows of the everyday conveniences: the status line as it read when
/// the demo history ends, the people most mentioned, and what a catalog set would add.
struct DemoEveryday {
  let build: DemoBuild

  init(_ build: DemoBuild) {
    self.build = build
  }

  /// Lines for the text summary.
  var lines: [String] {
    [
      "  Status line ('dispatch status'), as at \(build.statusMoment): " + build.statusLine.long,
      "  People ('dispatch people'): "
        + build.people.prefix(5).map { "\($0.displayName) (\($0.usageCount))" }.joined(
          separator: ", ")
        + (build.people.count > 5 ? ", …" : ""),
      "  Question sets ('dispatch catalog list'): \(build.starterSets.count) built in; 'catalog add "
        + "sleep' would add \(build.sleepSet.added.count) questions and skip "
        + "\(build.sleepSet.skipped.count) "
        + "the demo already asks",
      "  Search ('dispatch search \"oat milk\"'): \(build.search.count) records; the best: "
        + (build.search.first.map { result in
          [
            result.localDateText,
            result.matches.first.map { match in
              (match.question.map { $0 + ": " } ?? "") + match.snippet.marked()
            },
          ].compactMap { $0 }.joined(separator: " ")
        } ?? "none"),
      DemoSensorCoverage(coverage: build.coverage, places: build.places).line,
    ]
  }

  /// Members added to the JSON summary.
  var jsonMembers: [(String, JSONValue)] {
    [("status", build.statusLine.json)]
  }
}
