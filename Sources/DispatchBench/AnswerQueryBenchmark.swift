import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// Queries that test a tokens or people answer (`"Alice" in answer("Who are you with?")`) on
  /// stores of 1k, 10k and 100k synthetic reports, and on the demo with `dispatch query list`
  /// (which counts its pinned queries), beside the same count hand-written for the sqlite3
  /// shell. Targets: a people test under 20 ms on the demo and under 100 ms on 100k reports;
  /// `query list` under 100 ms.
  static let answerQueries = Benchmark(name: "answer tests") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    var results: [BenchResult] = []
    let sqlite = ProcessRunner.find("sqlite3")
    let sizes = context.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]
    for size in sizes {
      let path = context.workspace.appendingPathComponent("answers-\(size).sqlite").path
      let store = try SyntheticHistory.makeStore(at: path, count: size)
      let questions = try store.questions.list()
      guard let people = questions.first(where: { $0.type == .people }),
        let tokens = questions.first(where: { $0.type == .tokens })
      else { throw BenchFailure("the default questions lost their people or tokens question") }
      for (label, query, question, text) in [
        ("people", "reports where \"Alice\" in answer(\"\(people.prompt)\")", people, "alice"),
        ("tokens", "reports where \"gym\" in answer(\"\(tokens.prompt)\")", tokens, "gym"),
      ] {
        let sql = """
          SELECT count(DISTINCT r.report_id) FROM responses r
          JOIN response_values v ON v.response_id = r.id
          WHERE r.question_id = '\(question.id)' AND v.role = 'token' AND lower(v.text) = '\(text)';
          """
        results.append(
          try QueryBenchStore.measure(
            "\(label) answer test, \(size) reports", binary: binary, store: path, query: query,
            opened: store, sqlite: sqlite, sql: sql))
      }
    }
    // The demo: its people query, and `query list` with the demo's pinned queries.
    let demoPath = context.workspace.appendingPathComponent("answers-demo.sqlite").path
    let demo = try DispatchStore(path: demoPath, access: .write)
    _ = try DemoHistory.populate(demo)
    results.append(
      try QueryBenchStore.measure(
        "people answer test, the demo", binary: binary, store: demoPath,
        query: "reports where \"Maya\" in answer(\"Who are you with?\")", opened: demo,
        sqlite: nil, sql: nil))
    let list = try ChildMeter.median(runs: 5) {
      try ChildMeter.run(binary.path, ["query", "list", "--store", demoPath])
    }
    results.append(
      BenchResult(
        name: "query list, the demo (\(try demo.queries.savedQueries().count) saved queries)",
        value: list.seconds * 1000, unit: "ms",
        detail: "each saved query counted; process start to exit, median of 5"))
    return results
  }
}
