import DispatchCore
import DispatchServe
import DispatchServices
import DispatchStorage
import DispatchSupport
import DispatchTestSupport
import Foundation
import Testing

/// `dispatch serve`'s API as a client meets it: tokens, filing once, and every limit a hostile
/// client runs into.
@Suite(.serialized) struct ServeAPITests {
  @Test func withoutAValidTokenNothingOfTheStoreIsReachable() throws {
    let serve = try ServeTestServer()
    for token: String? in [nil, "", "dsp_wrong", serve.token + "x"] {
      let response = try serve.request("GET", "/api/v1/status", token: .some(token))
      #expect(response.status == 401)
      #expect(response.header("WWW-Authenticate") == "Bearer realm=\"dispatch\"")
      #expect(
        try ServeTestServer.object(response)["error"] as? String == "a valid bearer token is needed"
      )
    }
    let status = try serve.request("GET", "/api/v1/status")
    #expect(status.status == 200)
    #expect(try ServeTestServer.object(status)["todayCount"] as? Int == 0)
    #expect(status.header("Cache-Control") == "no-store")
    #expect(status.header("X-Content-Type-Options") == "nosniff")
  }

  @Test func aRevokedTokenNoLongerOpensTheAPI() throws {
    let serve = try ServeTestServer()
    #expect(try serve.request("GET", "/api/v1/reports").status == 200)
    let store = try DispatchStore(path: serve.storePath, access: .write)
    try store.credentials.revoke(serve.tokenID)
    #expect(try serve.request("GET", "/api/v1/reports").status == 401)
  }

  @Test func aReportWithAClientIDIsFiledOnceHoweverOftenItIsSent() throws {
    let serve = try ServeTestServer()
    let body =
      #"{"id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "answers": {"How many coffees did you have today?": 7, "Are you working?": true, "What are you doing?": ["reading", "tea"]}}"#
    let first = try serve.request("POST", "/api/v1/reports", body: body)
    #expect(first.status == 201)
    #expect(
      try ServeTestServer.object(first)["id"] as? String == "3F2504E0-4F89-11D3-9A0C-0305E82C3301")
    let retry = try serve.request("POST", "/api/v1/reports", body: body)
    #expect(retry.status == 200)
    #expect(try ServeTestServer.object(retry)["duplicate"] as? Bool == true)
    let reports = try DispatchStore(path: serve.storePath, access: .read).reports.list()
    #expect(reports.count == 1)
    let report = try #require(reports.first)
    #expect(report.id == "3F2504E0-4F89-11D3-9A0C-0305E82C3301")
    let answered = report.responses.filter { !$0.isSkipped }
    #expect(answered.count == 3)
    #expect(
      answered.first { $0.questionPrompt == "What are you doing?" }?.tokens?.map(\.text) == [
        "reading", "tea",
      ])
    // Listed through the API too, newest first.
    let listed = try ServeTestServer.object(try serve.request("GET", "/api/v1/reports?limit=5"))
    #expect((listed["reports"] as? [[String: Any]])?.count == 1)
  }

  @Test(arguments: [
    (#"not json"#, 400, "the body is not JSON"),
    (#"[1]"#, 400, "the body must be a JSON object"),
    (#"{"answers": 3}"#, 400, "\"answers\" must be an object"),
    (#"{"answers": {"No such question": "1"}}"#, 404, "No such question"),
    (#"{"answers": {"How many coffees did you have today?": "lots"}}"#, 400, "lots"),
    (
      #"{"answers": {"How many coffees did you have today?": {"a": 1}}}"#, 400,
      "must be text, a number"
    ),
    (
      #"{"id": "short", "answers": {"How many coffees did you have today?": 5}}"#, 400,
      "\"id\" must be 8 to 64"
    ),
    (
      #"{"id": "../../etc/passwd", "answers": {"How many coffees did you have today?": 5}}"#, 400,
      "\"id\""
    ),
    (#"{"answers": {}}"#, 400, "no answers given"),
  ])
  func badReportsAreRefusedWithTheReasonAndNothingIsFiled(
    body: String, status: Int, reason: String
  ) throws {
    let serve = try ServeTestServer()
    let response = try serve.request("POST", "/api/v1/reports", body: body)
    #expect(response.status == status)
    let message = try ServeTestServer.object(response)["error"] as? String ?? ""
    #expect(message.contains(reason), "\(message)")
    #expect(try DispatchStore(path: serve.storePath, access: .read).reports.list().isEmpty)
  }

  @Test func aBodyOverOneMebibyteIs413AndNotKept() throws {
    let serve = try ServeTestServer()
    let padding = String(repeating: "x", count: 2 << 20)
    let response = try serve.request(
      "POST", "/api/v1/reports", body: #"{"answers": {"What did you learn today?": "\#(padding)"}}"#
    )
    #expect(response.status == 413)
    #expect(try DispatchStore(path: serve.storePath, access: .read).reports.list().isEmpty)
  }

  @Test func pathsOutsideTheAPIAndUnknownRoutesAre404() throws {
    let serve = try ServeTestServer()
    let escaped = try serve.raw(
      Array("GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
    #expect(escaped.text.hasPrefix("HTTP/1.1 404"))
    #expect(!escaped.text.contains("root:"))
    #expect(try serve.request("GET", "/api/v1/../../etc/passwd").status == 404)
    #expect(try serve.request("GET", "/api/v1/nothing").status == 404)
    #expect(try serve.request("DELETE", "/api/v1/reports").status == 405)
  }

  @Test func aClientThatStopsSendingIsDropped() throws {
    var limits = HTTPServer.Limits()
    limits.idleTimeoutSeconds = 1
    let serve = try ServeTestServer(limits: limits)
    let started = Date()
    // Half a request head, then silence: the server closes the connection itself.
    let slow = try serve.raw(
      Array("GET /api/v1/status HTTP/1.1\r\nHost: x\r\n".utf8), waitingUpTo: 8)
    #expect(slow.closed)
    #expect(Date().timeIntervalSince(started) < 7)
    #expect(try serve.request("GET", "/api/v1/status").status == 200)
  }

  @Test func repeatedBadTokensAreRefusedForAWhile() throws {
    let serve = try ServeTestServer()
    for _ in 0..<10 {
      #expect(try serve.request("GET", "/api/v1/status", token: .some("dsp_guess")).status == 401)
    }
    let refused = try serve.request("GET", "/api/v1/status")
    #expect(refused.status == 429)
    #expect(refused.header("Retry-After") == "60")
  }

  @Test func httpsWorksWithTheGivenCertificate() throws {
    let folder = try TemporaryDirectory()
    guard let pair = TestCertificate.make(in: folder.path) else {
      Issue.record("openssl is needed for the HTTPS test (CI installs it)")
      return
    }
    let tls = HTTPServer.TLSMaterial(
      certificatePEM: try String(contentsOfFile: pair.certificate, encoding: .utf8),
      keyPEM: try String(contentsOfFile: pair.key, encoding: .utf8))
    let serve = try ServeTestServer(tls: tls)
    let response = try serve.request(
      "GET", "/api/v1/status", client: HTTPClient(caFile: pair.certificate), scheme: "https")
    #expect(response.status == 200)
    #expect(throws: (any Error).self) {
      _ = try serve.request("GET", "/api/v1/status", client: HTTPClient(), scheme: "https")
    }
  }

  @Test func listenAddressesParseAndSayWhatIsWrong() throws {
    #expect(try ListenAddress(parsing: "127.0.0.1:8421").isLoopback)
    #expect(try ListenAddress(parsing: "[::1]:0").isLoopback)
    #expect(try !ListenAddress(parsing: "0.0.0.0:80").isLoopback)
    #expect(try ListenAddress(parsing: "[::1]:8421").description == "[::1]:8421")
    for bad in ["localhost:80", "127.0.0.1", "127.0.0.1:99999", "[::1]8421", "1.2.3:80"] {
      #expect(throws: DispatchError.self) { try ListenAddress(parsing: bad) }
    }
  }
}

/// The prompt a phone shows, and its one-tap answer.
@Suite(.serialized) struct ServePromptTests {
  @Test func withoutAnOpenPromptTheRegularSurveyIsOffered() throws {
    let serve = try ServeTestServer()
    let current = try ServeTestServer.object(try serve.request("GET", "/api/v1/prompt"))
    #expect(current["prompt"] is NSNull)
    let prompts = (current["questions"] as? [[String: Any]])?.compactMap { $0["prompt"] as? String }
    #expect(prompts?.first == "Are you working?")
    #expect(prompts?.contains("How did you sleep?") == false)
  }

  @Test func aQuickAnswerFilesTheFirstYesNoQuestion() throws {
    let serve = try ServeTestServer()
    let answered = try serve.request("POST", "/api/v1/answer", body: #"{"value": true}"#)
    #expect(answered.status == 201)
    let report = try #require(
      try DispatchStore(path: serve.storePath, access: .read).reports.list().first)
    #expect(report.trigger == .quickAnswer)
    #expect(report.responses.count == 1)
    #expect(report.responses.first?.questionPrompt == "Are you working?")
    #expect(try ServeTestServer.object(answered)["id"] as? String == report.id)
    let missing = try serve.request(
      "POST", "/api/v1/answer", body: #"{"question": "Are you working?"}"#)
    #expect(missing.status == 400)
    #expect(try serve.request("GET", "/api/v1/answer").status == 405)
  }
}

/// Group commit (``FilingQueue``): many clients filing at once, each report once.
@Suite struct ServeConcurrentFilingTests {
  @Test func clientsFilingAtOnceFileEveryReportOnceEvenWhenEachIsSentTwice() throws {
    let serve = try ServeTestServer()
    let clients = 12
    let perClient = 10
    let statuses = LockedList<Int>()
    let (base, token) = (serve.base, serve.token)
    DispatchQueue.concurrentPerform(iterations: clients * 2) { index in
      // Two threads send the same client's reports, so every ID arrives twice at once.
      let client = index % clients
      let http = HTTPClient()
      for number in 0..<perClient {
        let id = String(format: "client-%02d-report-%02d", client, number)
        let body =
          #"{"id": "\#(id)", "answers": {"How many coffees did you have today?": \#(number)}}"#
        let request = HTTPRequest(
          method: "POST", url: URL(string: base + "/api/v1/reports")!,
          headers: [("Authorization", "Bearer " + token), ("Content-Type", "application/json")],
          body: Array(body.utf8), timeout: 30)
        statuses.append((try? http.send(request))?.status ?? -1)
      }
    }
    let reports = try DispatchStore(path: serve.storePath, access: .read).reports.list()
    #expect(reports.count == clients * perClient)
    #expect(Set(reports.map(\.id)).count == clients * perClient)
    #expect(statuses.values.filter { $0 == 201 }.count == clients * perClient)
    #expect(statuses.values.filter { $0 == 200 }.count == clients * perClient)
    let report = try #require(reports.first { $0.id == "client-03-report-07" })
    let coffees = report.responses.first { $0.questionPrompt.contains("coffees") }?.numericValue
    #expect(coffees == 7)
  }
}

/// Values appended from many threads.
final class LockedList<Element>: @unchecked Sendable {
  // @unchecked: `stored` is read and changed only under `lock`.
  private let lock = NSLock()
  private var stored: [Element] = []

  func append(_ value: Element) {
    lock.lock()
    stored.append(value)
    lock.unlock()
  }

  var values: [Element] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
