import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// `DispatchStore.search` over N synthetic reports with varied notes (issue "8 · Search":
  /// under 20 ms over 100k reports): a common word, a rare word, a prefix, and a person's old
  /// name that expands through the registry. `DISPATCH_BENCH_SEARCH_REPORTS` overrides N for
  /// a small smoke run.
  static let search = Benchmark(name: "search") { context in
    let count =
      ProcessInfo.processInfo.environment["DISPATCH_BENCH_SEARCH_REPORTS"].flatMap { Int($0) }
      ?? context.reportCount
    let path = context.workspace.appendingPathComponent("search.sqlite").path
    let store = try DispatchStore(path: path, access: .write)
    try store.questions.seedDefaultQuestionsIfEmpty()
    let questions = try store.questions.list().filter { $0.appears(in: .regular) }
    let reports = SearchText.withNotes(SyntheticHistory.reports(count: count, questions: questions))
    let indexing = try Stopwatch.time { try store.reports.fileAll(reports) }
    // Answers keep saying "Bob"; the registry now calls him Robert.
    _ = try store.people.renamePerson("Bob", to: "Robert")
    let queries: [(label: String, text: String)] = [
      ("common word", "walk"), ("rare word", SearchText.rareWord), ("prefix", "mus*"),
      ("person by old name", "bob"), ("phrase and exclusion", "\"long walk\" -rain"),
    ]
    var results = [
      BenchResult(
        name: "search: filing \(count) reports with their index", value: indexing, unit: "s",
        detail: String(format: "%.0f reports/s, one transaction", Double(count) / indexing))
    ]
    for query in queries {
      var found = 0
      let seconds = try Stopwatch.median(runs: 21) {
        found = try store.search.run(query.text).count
      }
      results.append(
        BenchResult(
          name: "search: \(query.label) '\(query.text)', \(count) reports", value: seconds * 1000,
          unit: "ms", detail: "median of 21 searches, \(found) results (limit 20)"))
    }
    return results
  }
}

/// Deterministic free text for the search benchmark: each report gets a note of six to
/// twelve words, common words often, a long tail of rarer ones, and one rare word in three
/// reports.
enum SearchText {
  static let rareWord = "zeppelin"
  static let common = [
    "walk", "long", "coffee", "rain", "work", "tired", "happy", "music", "lunch", "friends",
    "meeting", "sunny", "reading", "train", "quiet", "museum", "dinner", "phone", "garden",
    "late",
  ]

  static func withNotes(_ reports: [Report]) -> [Report] {
    var random = SplitMix64(seed: 7)
    return reports.enumerated().map { index, report in
      var report = report
      var words: [String] = []
      for _ in 0..<(6 + Int(random.next() % 7)) {
        let pick = random.next()
        words.append(
          pick % 3 == 0 ? "tail\(pick % 20_000)" : common[Int(pick % UInt64(common.count))])
      }
      if index % max(1, reports.count / 3) == 1 { words.append(rareWord) }
      report.responses.append(
        Response(
          id: report.id + "-search", questionID: nil, questionPrompt: "Anything else?",
          notes: [TokenValue(id: report.id + "-search-n", text: words.joined(separator: " "))]))
      return report
    }
  }
}
