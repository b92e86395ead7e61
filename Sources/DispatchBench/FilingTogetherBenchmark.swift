import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// What a report filed through the server costs in process (the group commit behind
  /// `dispatch serve`): composing it (``ReportFiling/compose(_:)``, on the request's thread),
  /// and storing it by how many are stored together (``ReportFiling/fileTogether(_:)``, one
  /// thread at a time). The same three answers as the serve benchmark, each with a client ID,
  /// on a store that starts empty.
  static let filingTogether = Benchmark(name: "filing together") { context in
    unsetenv("DISPATCH_NOW")
    let total = context.quick ? 1_000 : 4_000
    var results: [BenchResult] = []
    for batch in [1, 8, 64] {
      let path = context.workspace.appendingPathComponent("together-\(batch).sqlite").path
      let store = try DispatchStore(path: path, access: .write)
      try store.questions.seedDefaultQuestionsIfEmpty()
      let filing = ReportFiling(
        store: store,
        environment: ServiceEnvironment(
          variables: [:], storePath: path, run: RunEnvironment.current))
      var composing = 0.0
      var storing = 0.0
      for first in stride(from: 0, to: total, by: batch) {
        let clients = (first..<min(total, first + batch)).map { index in
          ClientReport(
            request: SurveyRequest(
              kind: .regular, trigger: .manual, sensors: .off,
              reportID: "together-\(String(format: "%06d", index))"),
            answers: { _ in
              [
                ("Are you working?", index % 2 == 0 ? "yes" : "no"),
                ("What are you doing?", "coding, tea"),
                ("How many coffees did you have today?", String(index % 4)),
              ]
            })
        }
        var started = Date()
        let composed = try clients.compactMap { try filing.compose($0) }
        composing += Date().timeIntervalSince(started)
        started = Date()
        let outcomes = filing.fileTogether(composed).outcomes
        storing += Date().timeIntervalSince(started)
        for outcome in outcomes { _ = try outcome.get() }
      }
      results.append(
        BenchResult(
          name: "filing together: storing, \(batch) per transaction",
          value: storing * 1000 / Double(total), unit: "ms/report",
          detail: String(
            format: "%d reports; composing them took %.3f ms each", total,
            composing * 1000 / Double(total))))
    }
    return results
  }
}
