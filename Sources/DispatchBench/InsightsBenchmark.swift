import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// The insights engines in process over 10,000 synthetic reports (about five a day, some
  /// 2,000 days): the global engine, the drill-in of the tokens question "What are you
  /// doing?" and the day-level engine. Target: each under 1 s. Store reads are left out: the
  /// figures are the engines' own.
  static let insights = Benchmark(name: "insights") { _ in
    let count = 10_000
    let questions = DefaultQuestions.all.filter { $0.appears(in: .regular) }
    let reports = SyntheticHistory.reports(count: count, questions: questions)
    guard let doing = questions.first(where: { $0.type == .tokens }) else { return [] }
    var globalCount = 0
    var drillRows = 0
    var dayTests = 0
    var dayCount = 0
    let globalSeconds = Stopwatch.median(runs: 5) {
      globalCount =
        InsightsEngine.compute(reports: reports, questions: questions, people: []).count
    }
    let drillSeconds = Stopwatch.median(runs: 5) {
      drillRows =
        DrillInEngine.compute(question: doing, reports: reports, questions: questions, people: [])
        .rows.count
    }
    let daySeconds = Stopwatch.median(runs: 5) {
      let result = DayLevelEngine.compute(reports: reports, questions: questions, people: [])
      dayTests = result.testCount
      dayCount = result.dayCount
    }
    return [
      BenchResult(
        name: "insights: global engine, \(count) reports", value: globalSeconds * 1000,
        unit: "ms", detail: "\(globalCount) insights; median of 5; target < 1 s"),
      BenchResult(
        name: "insights: drill-in of a tokens question, \(count) reports",
        value: drillSeconds * 1000, unit: "ms",
        detail: "\(drillRows) rows, BH over every p-value; median of 5; target < 1 s"),
      BenchResult(
        name: "insights: day-level engine, \(count) reports", value: daySeconds * 1000,
        unit: "ms",
        detail: "\(dayCount) days, \(dayTests) tests at lag 0 and 1; median of 5; target < 1 s"),
    ]
  }
}
