import DispatchKit
import DispatchServe
import Foundation

extension BenchmarkSuite {
  /// The survey page's server time on the demo store (issue "16 · Answer from anywhere",
  /// target < 2 ms): `GET /` for a paired browser, answered by the server's handler in this
  /// process (session check, the open prompt, the questions, the vocabulary's suggestions, the
  /// HTML), and `POST /review` of a filled form. The network and libmicrohttpd are left out:
  /// they are the same for every page.
  static let surveyPage = Benchmark(name: "survey page") { context in
    unsetenv("DISPATCH_NOW")
    let path = context.workspace.appendingPathComponent("survey-page.sqlite").path
    let store = try DispatchStore(path: path, access: .write)
    _ = try DemoHistory.populate(store, health: false)
    let environment = ServiceEnvironment(
      variables: [:], storePath: path, run: RunEnvironment.current)
    let app = ServeApp(environment: environment, hasTLS: false)
    let link = try ServePairing.issue(
      in: store, baseURL: "http://127.0.0.1:8421", at: RunEnvironment.current.now())
    let secret = String(link.url.split(separator: "/").last ?? "")
    let paired = app.respond(
      to: ServerRequest(method: "POST", path: "/pair", body: Array("secret=\(secret)".utf8)))
    guard let cookie = paired.headers["Set-Cookie"]?.split(separator: ";").first else {
      throw BenchFailure("pairing answered \(paired.status)")
    }
    let headers = ["cookie": String(cookie)]
    let page = app.respond(to: ServerRequest(method: "GET", path: "/", headers: headers))
    guard page.status == 200 else { throw BenchFailure("GET / answered \(page.status)") }
    let html = String(decoding: page.body, as: UTF8.self)
    func hidden(_ name: String) -> String {
      guard let start = html.range(of: "name=\"\(name)\" value=\"") else { return "" }
      let rest = html[start.upperBound...]
      return String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)])
    }
    let question = try store.questions.list().first {
      $0.type == .yesNo && $0.appears(in: .regular)
    }
    let form = "csrf=\(hidden("csrf"))&id=&prompt=\(hidden("prompt"))&q.\(question?.id ?? "")=yes"
    let runs = context.quick ? 200 : 1_000
    func timed(_ request: ServerRequest, expecting status: Int) throws -> [Double] {
      var samples: [Double] = []
      for _ in 0..<runs {
        let started = Date()
        let response = app.respond(to: request)
        samples.append(Date().timeIntervalSince(started) * 1000)
        guard response.status == status else {
          throw BenchFailure("\(request.method) \(request.path) answered \(response.status)")
        }
      }
      return samples.sorted()
    }
    let get = try timed(
      ServerRequest(method: "GET", path: "/", headers: headers), expecting: 200)
    let review = try timed(
      ServerRequest(method: "POST", path: "/review", headers: headers, body: Array(form.utf8)),
      expecting: 200)
    func summary(_ samples: [Double]) -> String {
      String(
        format: "p50 %.3f ms, p99 %.3f ms over %d requests", samples[samples.count / 2],
        samples[min(samples.count - 1, samples.count * 99 / 100)], samples.count)
    }
    return [
      BenchResult(
        name: "survey page: GET / on the demo store, server time (target < 2 ms)",
        value: get[get.count / 2], unit: "ms",
        detail: "\(summary(get)); \(page.body.count / 1024) KiB of HTML"),
      BenchResult(
        name: "survey page: POST /review, server time", value: review[review.count / 2],
        unit: "ms", detail: summary(review)),
    ]
  }
}
