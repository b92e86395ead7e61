import DispatchKit
import Foundation

/// Every benchmark, in the order they run.
enum BenchmarkSuite {
  /// The import benchmark goes first, before anything that grows this process.
  static let all: [Benchmark] = [
    reporterImportExport, atrackerImport, healthImport, queries, answerQueries, storeWrite,
    reportsListJSON, planYear, render, insights, dashboard, status, statusWatch, search, sensors,
    serve, filingTogether, surveyPage, explorer, sync, syncthing,
  ]

  /// Filing N reports (seven responses each, with context) in one transaction.
  static let storeWrite = Benchmark(name: "store write") { context in
    let count = context.reportCount
    let store = try DispatchStore(
      path: context.workspace.appendingPathComponent("write.sqlite").path, access: .write)
    try store.questions.seedDefaultQuestionsIfEmpty()
    let questions = try store.questions.list().filter { $0.appears(in: .regular) }
    let reports = SyntheticHistory.reports(count: count, questions: questions)
    let seconds = try Stopwatch.time { try store.reports.fileAll(reports) }
    return [
      BenchResult(
        name: "store write: \(count) reports, one transaction", value: seconds, unit: "s",
        detail: String(
          format: "%.0f reports/s, 7 responses each, vocabulary rebuilt once",
          Double(count) / seconds))
    ]
  }

  /// `dispatch reports list --json` over an N-report store, against the sqlite3 shell dumping
  /// the same rows as JSON.
  static let reportsListJSON = Benchmark(name: "reports list --json") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    let count = context.reportCount
    let path = context.workspace.appendingPathComponent("list.sqlite").path
    _ = try SyntheticHistory.makeStore(at: path, count: count)
    let output = context.workspace.appendingPathComponent("list.json")
    let seconds = try Stopwatch.median(runs: 3) {
      try ProcessRunner.run(binary, ["reports", "list", "--json", "--store", path], stdout: output)
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
    var result = BenchResult(
      name: "dispatch reports list --json, \(count) reports", value: seconds, unit: "s",
      detail: "\(bytes / 1_048_576) MiB of JSON, median of 3 runs")
    if let sqlite = ProcessRunner.find("sqlite3") {
      // The peer: the sqlite3 shell printing the same reports and responses as JSON rows.
      let query = """
        SELECT r.*, s.question_prompt, s.numeric_text,
          (SELECT group_concat(text, '|') FROM response_values v WHERE v.response_id = s.id)
        FROM reports r JOIN responses s ON s.report_id = r.id ORDER BY r.date_ms, s.position
        """
      result.peerName = "sqlite3 -json"
      result.peerValue = try Stopwatch.median(runs: 3) {
        try ProcessRunner.run(sqlite, ["-json", path, query], stdout: output)
      }
    }
    return [result]
  }
}
