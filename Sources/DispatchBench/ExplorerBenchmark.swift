import DispatchKit
import DispatchServe
import Foundation

extension BenchmarkSuite {
  /// The explorer's pages on the demo store with its Apple Health export (issue "17 · Explore
  /// in the browser"), each a whole round trip through `dispatch serve`'s HTTP server on
  /// loopback with a paired browser's cookie: the query page for relation queries (target
  /// < 100 ms), the count the page asks for as one types, the graph page (target < 150 ms) and
  /// the dashboard for the last 90 days (target < 500 ms).
  static let explorer = Benchmark(name: "explorer") { context in
    unsetenv("DISPATCH_NOW")
    let path = context.workspace.appendingPathComponent("explorer.sqlite").path
    let store = try DispatchStore(path: path, access: .write)
    // The history `dispatch demo` makes today, so "the last 90 days" of the dashboard hold
    // 90 days of it.
    let today = CivilTime(milliseconds: RunEnvironment.current.now().milliseconds, offsetSeconds: 0)
    guard let demo = DemoConfiguration(asOf: today.dateText) else {
      throw BenchFailure("no demo history as of \(today.dateText)")
    }
    _ = try DemoHistory.populate(store, configuration: demo, health: true)
    let environment = ServiceEnvironment(
      variables: [:], storePath: path, run: RunEnvironment.current)
    let server = try HTTPServer(
      address: ListenAddress(parsing: "127.0.0.1:0"), tls: nil, limits: HTTPServer.Limits(),
      handler: ServeApp(environment: environment, hasTLS: false))
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)"
    let link = try ServePairing.issue(in: store, baseURL: base, at: RunEnvironment.current.now())
    let secret = String(link.url.split(separator: "/").last ?? "")
    let client = HTTPClient()
    func send(
      _ method: String, _ path: String, _ headers: [(name: String, value: String)],
      _ body: String = ""
    ) throws -> HTTPResponse {
      guard let url = URL(string: base + path) else { throw BenchFailure("no URL for \(path)") }
      return try client.send(
        HTTPRequest(method: method, url: url, headers: headers, body: Array(body.utf8), timeout: 30)
      )
    }
    let paired = try send(
      "POST", "/pair", [("Content-Type", "application/x-www-form-urlencoded")], "secret=" + secret)
    guard let cookie = paired.header("Set-Cookie")?.split(separator: ";").first else {
      throw BenchFailure("pairing answered \(paired.status)")
    }
    let session = [(name: "Cookie", value: String(cookie))]
    let runs = context.quick ? 5 : 20
    /// Median and slowest of `runs` round trips, after one to warm the connection's cache.
    func timed(_ path: String) throws -> (median: Double, slowest: Double, bytes: Int) {
      let first = try send("GET", path, session)
      guard first.status == 200 else { throw BenchFailure("GET \(path) answered \(first.status)") }
      var samples: [Double] = []
      for _ in 0..<runs {
        let started = Date()
        _ = try send("GET", path, session)
        samples.append(Date().timeIntervalSince(started) * 1000)
      }
      samples.sort()
      return (samples[samples.count / 2], samples[samples.count - 1], first.body.count)
    }
    let relations = [
      "mood where rating <= 5 and within 30 minutes of heart rate where value > 90",
      "reports where within 1 hour after workout",
      "activity where within 30 minutes of heart rate where value > 100",
    ]
    var results: [BenchResult] = []
    /// A page's median round trip, with its slowest and its size.
    func page(_ name: String, _ path: String, size: String) throws {
      let page = try timed(path)
      results.append(
        BenchResult(
          name: "explorer: \(name)", value: page.median, unit: "ms",
          detail: String(
            format: "median of %d round trips, slowest %.1f ms; %d KiB ", runs, page.slowest,
            page.bytes / 1024) + size))
    }
    for query in relations {
      try page(
        "query page, \(query) (target < 100 ms)", "/query?q=" + URLText.percentEncoded(query),
        size: "of HTML")
      let count = try timed("/api/v1/query?limit=0&q=" + URLText.percentEncoded(query))
      results.append(
        BenchResult(
          name: "explorer: live count as one types, \(query)", value: count.median, unit: "ms",
          detail: String(format: "GET /api/v1/query?limit=0; slowest %.1f ms", count.slowest)))
    }
    for (name, parameters) in [
      ("heart rate per week", "q=heart%20rate&per=week"),
      ("mood per day against heart rate", "q=mood&per=day&vs=heart%20rate"),
    ] {
      try page(
        "graph page, \(name) (target < 150 ms)", "/graph?" + parameters, size: "with the SVG")
    }
    for (range, target) in [("90d", " (target < 500 ms)"), ("30d", ""), ("all", "")] {
      try page(
        "dashboard page, range \(range)\(target)", "/dashboard?range=" + range,
        size: "with its charts")
    }
    return results
  }
}
