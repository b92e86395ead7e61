import DispatchKit
import DispatchServe
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension BenchmarkSuite {
  /// `dispatch serve` under load (issue "16 · Answer from anywhere"): 50 clients at once file
  /// 10,000 reports through `POST /api/v1/reports` as fast as they can, each with its own
  /// client ID, one connection per request: throughput (target > 1,000 reports/s on two
  /// cores), latency, the store's count afterwards (none lost, none twice), and a
  /// `dispatch report` from the terminal filed while the load runs (target < 1 s). Then the
  /// latency at a steady 500 reports/s (target p99 < 50 ms).
  static let serve = Benchmark(name: "serve") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    unsetenv("DISPATCH_NOW")
    let path = context.workspace.appendingPathComponent("serve.sqlite").path
    let store = try DispatchStore(path: path, access: .write)
    try store.questions.seedDefaultQuestionsIfEmpty()
    let token = try ServeTokens.issue(named: "bench", in: store, at: RunEnvironment.current.now())
      .secret
    let started = context.workspace.appendingPathComponent("serve.json").path
    let pid = try ChildMeter.spawn(
      binary.path,
      [binary.path, "serve", "--listen", "127.0.0.1:0", "--json", "--store", path],
      stdout: started)
    defer {
      kill(pid, SIGTERM)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    let port = try waitForPort(started)
    guard let reportsURL = URL(string: "http://127.0.0.1:\(port)/api/v1/reports") else {
      throw BenchFailure("no URL for port \(port)")
    }
    let clients = 50
    let total = context.quick ? 2_000 : 10_000
    let latencies = LatencyLog()
    let failures = LatencyLog()
    let serverCPU = try ProcessCPU.seconds(of: pid)
    let ownCPU = ProcessCPU.ownSeconds()
    let wall = Date()
    // One thread per client: concurrentPerform would run only as many as there are cores.
    runThreads(clients) { client in
      let http = HTTPClient()
      for index in stride(from: client, to: total, by: clients) {
        let body = """
          {"id": "bench-\(String(format: "%06d", index))", "answers": {"Are you working?": \
          \(index % 2 == 0), "What are you doing?": ["coding", "tea"], \
          "How many coffees did you have today?": \(index % 4)}}
          """
        let request = HTTPRequest(
          method: "POST", url: reportsURL,
          headers: [("Authorization", "Bearer " + token), ("Content-Type", "application/json")],
          body: Array(body.utf8), timeout: 30)
        let sent = Date()
        let response = try? http.send(request)
        if response?.status == 201 {
          latencies.add(Date().timeIntervalSince(sent))
        } else {
          failures.add(Double(response?.status ?? -1))
        }
      }
    }
    let seconds = Date().timeIntervalSince(wall)
    let serverCPUPerReport = (try ProcessCPU.seconds(of: pid) - serverCPU) / Double(total)
    let clientCPUPerReport = (ProcessCPU.ownSeconds() - ownCPU) / Double(total)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let ids = try store.reports.list().map(\.id)
    let filed = ids.count
    let distinct = Set(ids.filter { $0.hasPrefix("bench-") }).count
    let terminal = try terminalReportUnderLoad(
      binary: binary.path, store: path, url: reportsURL, token: token)
    let steady = latencyAtSteadyRate(
      url: reportsURL, token: token, clients: clients, rate: Self.steadyRate,
      total: context.quick ? 1_000 : 5_000)
    let sorted = latencies.values.sorted()
    func percentile(_ share: Double) -> Double { Self.percentile(share, of: sorted) }
    return [
      BenchResult(
        name: "serve: \(total) reports by \(clients) clients (target > 1,000/s)",
        value: Double(sorted.count) / seconds, unit: "reports/s",
        detail: String(
          format: "%.2f s; %d filed (%d distinct client IDs), %d failed requests%@",
          seconds, filed, distinct, failures.values.count, failureSummary(failures.values))),
      BenchResult(
        name: "serve: server CPU per report, clients flat out", value: serverCPUPerReport * 1000,
        unit: "ms",
        detail: String(
          format:
            "user + system of the server's threads; the load generator, on the same cores, "
            + "used %.2f ms per report; the %d cores for the server alone: about %.0f reports/s",
          clientCPUPerReport * 1000, cores, Double(cores) / serverCPUPerReport)),
      BenchResult(
        name: "serve: request latency p50, clients flat out", value: percentile(0.5) * 1000,
        unit: "ms", detail: "POST /api/v1/reports, a new connection each"),
      BenchResult(
        name: "serve: request latency p99, clients flat out", value: percentile(0.99) * 1000,
        unit: "ms", detail: "each client sends again as soon as it has its answer"),
      BenchResult(
        name: "serve: latency p50 at a steady \(Int(Self.steadyRate)) reports/s",
        value: Self.percentile(0.5, of: steady.latencies) * 1000, unit: "ms",
        detail: "\(clients) clients on a fixed schedule, from each request's scheduled time"),
      BenchResult(
        name: "serve: latency p99 at a steady \(Int(Self.steadyRate)) reports/s (target < 50 ms)",
        value: Self.percentile(0.99, of: steady.latencies) * 1000, unit: "ms",
        detail: String(
          format: "%d answered 201, %d failed%@", steady.latencies.count, steady.failures.count,
          failureSummary(steady.failures))),
      BenchResult(
        name: "serve: dispatch report while 50 clients file (target < 1 s)", value: terminal,
        unit: "s", detail: "dispatch report --answer … --no-sensors, process start to exit"),
    ]
  }

  /// The offered load of the steady run: half the throughput target, far more than any study's
  /// phones send.
  static let steadyRate = 500.0

  /// The value below which `share` of `sorted` lies.
  private static func percentile(_ share: Double, of sorted: [Double]) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]
  }

  /// Latencies when `clients` together send `rate` reports a second on a fixed schedule
  /// (request `k` at `k / rate` seconds), each measured from its scheduled time, so that an
  /// answer that comes late and delays the client's next request counts against both (no
  /// "coordinated omission"). Flat out, 50 clients that each wait for their answer see a
  /// latency of 50 / throughput on average whatever the server does; a steady rate shows what
  /// one phone waits while the others file.
  private static func latencyAtSteadyRate(
    url: URL, token: String, clients: Int, rate: Double, total: Int
  ) -> (latencies: [Double], failures: [Double]) {
    let latencies = LatencyLog()
    let failures = LatencyLog()
    let start = Date().addingTimeInterval(0.1)
    runThreads(clients) { client in
      let http = HTTPClient()
      for index in stride(from: client, to: total, by: clients) {
        let scheduled = start.addingTimeInterval(Double(index) / rate)
        let wait = scheduled.timeIntervalSinceNow
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        let body =
          #"{"id": "steady-"# + String(format: "%06d", index)
          + #"", "answers": {"Are you working?": true}}"#
        let response = try? http.send(
          HTTPRequest(
            method: "POST", url: url,
            headers: [("Authorization", "Bearer " + token), ("Content-Type", "application/json")],
            body: Array(body.utf8), timeout: 30))
        if response?.status == 201 {
          latencies.add(Date().timeIntervalSince(scheduled))
        } else {
          failures.add(Double(response?.status ?? -1))
        }
      }
    }
    return (latencies.values.sorted(), failures.values)
  }

  /// The port `dispatch serve --json` printed.
  private static func waitForPort(_ path: String) throws -> Int {
    let started = Date()
    while Date().timeIntervalSince(started) < 30 {
      if let data = FileManager.default.contents(atPath: path),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let port = object["port"] as? Int
      {
        return port
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw BenchFailure("dispatch serve printed no port in 30 s")
  }

  /// Times `dispatch report` from the terminal while 50 clients post to the server.
  private static func terminalReportUnderLoad(
    binary: String, store: String, url: URL, token: String
  ) throws -> Double {
    let stop = LatencyLog()
    let load = Thread {
      runThreads(50) { _ in
        let http = HTTPClient()
        while stop.values.isEmpty {
          let body = #"{"answers": {"Are you working?": true}}"#
          _ = try? http.send(
            HTTPRequest(
              method: "POST", url: url,
              headers: [("Authorization", "Bearer " + token)], body: Array(body.utf8)))
        }
      }
      stop.add(-1)
    }
    load.start()
    Thread.sleep(forTimeInterval: 1)
    let started = Date()
    let (status, _) = try ChildMeter.spawnAndWait(
      binary,
      [binary, "report", "--answer", "Are you working?=no", "--no-sensors", "--store", store],
      stdout: "/dev/null")
    let seconds = Date().timeIntervalSince(started)
    stop.add(0)
    while stop.values.count < 2 { Thread.sleep(forTimeInterval: 0.01) }
    guard status == 0 else { throw BenchFailure("dispatch report exited \(status >> 8)") }
    return seconds
  }
}

/// `" (503 ×12, no answer ×3)"`: the failed requests by status; empty without any.
private func failureSummary(_ statuses: [Double]) -> String {
  guard !statuses.isEmpty else { return "" }
  let counts = Dictionary(grouping: statuses, by: { Int($0) }).mapValues(\.count)
  let parts = counts.sorted { $0.key < $1.key }.map { status, count in
    (status < 0 ? "no answer" : String(status)) + " ×\(count)"
  }
  return " (" + parts.joined(separator: ", ") + ")"
}

/// Runs `body(0..<count)` on `count` threads at once and waits for all of them.
private func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let done = DispatchGroup()
  for index in 0..<count {
    done.enter()
    let thread = Thread {
      body(index)
      done.leave()
    }
    thread.start()
  }
  done.wait()
}

/// Numbers gathered by many threads.
private final class LatencyLog: @unchecked Sendable {
  // @unchecked: `stored` is read and changed only under `lock`.
  private let lock = NSLock()
  private var stored: [Double] = []

  func add(_ value: Double) {
    lock.lock()
    stored.append(value)
    lock.unlock()
  }

  var values: [Double] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
