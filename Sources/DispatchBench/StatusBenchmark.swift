import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// `dispatch status` on the demo store, process start to exit, beside `/bin/true` and
  /// `dispatch --version` in the same run (issue "8 · Search, status line, …": under 10 ms).
  /// The runs interleave so drifting machine speed hits every command alike.
  static let status = Benchmark(name: "status") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    let (path, instant, store) = try statusDemoStore(context, name: "status.sqlite")
    defer { unsetenv("DISPATCH_NOW") }
    let library = try Stopwatch.median(runs: 201) { _ = try store.statusSnapshot(now: instant) }
    var commands: [(label: String, program: String, arguments: [String])] = [
      ("/bin/true", "/bin/true", []),
      ("dispatch --version", binary.path, ["--version"]),
      ("dispatch status", binary.path, ["status", "--store", path]),
      (
        "dispatch status --format json", binary.path,
        ["status", "--format", "json", "--store", path]
      ),
    ]
    // A second build to compare in the same interleaved run, e.g. one made with
    // `swift build -c release --static-swift-stdlib --build-path .build-static`.
    if let other = ProcessInfo.processInfo.environment["DISPATCH_BENCH_STATIC_BINARY"] {
      commands += [
        ("static dispatch --version", other, ["--version"]),
        ("static dispatch status", other, ["status", "--store", path]),
      ]
    }
    var samples = [[Double]](repeating: [], count: commands.count)
    for _ in 0..<(context.quick ? 21 : 101) {
      for (index, command) in commands.enumerated() {
        samples[index].append(
          try Stopwatch.time {
            let (status, _) = try ChildMeter.spawnAndWait(
              command.program, [command.program] + command.arguments, stdout: "/dev/null")
            guard status == 0 else { throw BenchFailure("\(command.label) exited \(status >> 8)") }
          })
      }
    }
    func percentile(_ values: [Double], _ fraction: Double) -> Double {
      let sorted = values.sorted()
      return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] * 1000
    }
    let trueMedian = percentile(samples[0], 0.5)
    var results: [BenchResult] = []
    for index in 1..<commands.count {
      var result = BenchResult(
        name: "\(commands[index].label), demo store (1,338 reports)",
        value: percentile(samples[index], 0.5), unit: "ms",
        detail: String(
          format: "median of %d runs, p90 %.1f ms, min %.1f ms", samples[index].count,
          percentile(samples[index], 0.9), percentile(samples[index], 0)))
      result.peerName = "/bin/true"
      result.peerValue = trueMedian
      results.append(result)
    }
    results.append(
      BenchResult(
        name: "status snapshot in-process (DispatchStore.statusSnapshot)", value: library * 1000,
        unit: "ms", detail: "median of 201 calls: the queries and the plan, no process start"))
    return results
  }

  /// The demo store at the moment its history ends (a streak of 189 days and reports today,
  /// the slowest case for the streak's widening window), with `DISPATCH_NOW` pinned there for
  /// the commands the benchmark starts.
  static func statusDemoStore(_ context: BenchContext, name: String) throws
    -> (path: String, now: Instant, store: DispatchStore)
  {
    let now = "2026-07-12T22:00:00-04:00"
    setenv("DISPATCH_NOW", now, 1)
    let path = context.workspace.appendingPathComponent(name).path
    guard let instant = Instant.parseISO8601(now)?.instant else {
      throw BenchFailure("bad instant")
    }
    let store = try DispatchStore(
      path: path, access: .write, environment: RunEnvironment(now: instant))
    _ = try DemoHistory.populate(store, health: false)
    return (path, instant, store)
  }
}
