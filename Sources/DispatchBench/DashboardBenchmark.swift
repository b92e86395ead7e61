import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// The dashboard of the full demo store (1,338 reports, moods, activities, eight weeks of
  /// Apple Health): `dispatch dashboard -o FILE` from process start to exit, and the page
  /// built in process. Target: under 2 s.
  static let dashboard = Benchmark(name: "dashboard") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    let path = context.workspace.appendingPathComponent("demo.sqlite").path
    let store = try DispatchStore(path: path, access: .write)
    _ = try DemoHistory.populate(store, health: true)
    let page = context.workspace.appendingPathComponent("dashboard.html").path
    var bytes = 0
    let inProcess = try Stopwatch.median(runs: 3) {
      bytes =
        DashboardPage.html(try store.dashboardData(now: RunEnvironment.current.now())).utf8.count
    }
    let cli = try Stopwatch.median(runs: 3) {
      try ProcessRunner.run(binary, ["dashboard", "-o", page, "--store", path])
    }
    return [
      BenchResult(
        name: "dashboard: the full demo store, dispatch dashboard -o FILE", value: cli, unit: "s",
        detail: String(
          format:
            "%d KiB page; in process %.2f s; median of 3, process start to exit; target < 2 s",
          bytes / 1024, inProcess))
    ]
  }
}
