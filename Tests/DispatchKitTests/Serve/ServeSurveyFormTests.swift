import DispatchCore
import DispatchServe
import DispatchStorage
import DispatchSupport
import DispatchTestSupport
import Foundation
import Testing

/// Filing through the survey page's forms, as a browser without JavaScript does: every
/// question type and number style, the review, CSRF, and a retry filed once.
@Suite(.serialized) struct ServeSurveyFormTests {
  /// A server whose store has the default questions and one of every other kind and style.
  static func serverWithEveryQuestion(baseURL: String? = nil) throws -> (
    ServeTestServer, [String: Question]
  ) {
    let serve = try ServeTestServer(baseURL: baseURL)
    let store = try DispatchStore(path: serve.storePath, access: .write)
    _ = try store.questions.seedDefaultQuestionsIfEmpty()
    let extra: [Question] = [
      Question(
        id: "Q-MOOD", prompt: "How do you feel <b>now</b>?", type: .multipleChoice,
        choices: ["Calm", "Tired, a bit", "Focused"]),
      Question(id: "Q-ATE", prompt: "When did you last eat?", type: .time),
      Question(id: "Q-HAPPY", prompt: "How happy?", type: .number, inputStyle: .slider),
      Question(id: "Q-ENERGY", prompt: "Energy?", type: .number, inputStyle: .scale),
      Question(id: "Q-STRESS", prompt: "Stress?", type: .number, inputStyle: .dial),
      Question(
        id: "Q-GLASSES", prompt: "Glasses of water?", type: .number, inputStyle: .stepper,
        defaultAnswer: "2"),
      Question(id: "Q-STEPS", prompt: "Flights of stairs?", type: .number, inputStyle: .tapCounter),
    ]
    for question in extra { _ = try store.questions.addQuestion(question) }
    let all = try store.questions.list()
    return (serve, Dictionary(all.map { ($0.prompt, $0) }, uniquingKeysWith: { a, _ in a }))
  }

  @Test func theFormOffersEveryTypeAsItsWidgetWithTextEscaped() throws {
    let (serve, _) = try Self.serverWithEveryQuestion()
    let browser = ServeWebClient(serve)
    try browser.pair()
    let page = try browser.get("/")
    #expect(page.status == 200)
    #expect(page.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
    let html = ServeWebClient.text(page)
    #expect(html.contains("How do you feel &lt;b&gt;now&lt;/b&gt;?"))
    #expect(!html.contains("<b>now</b>"))
    #expect(!html.contains("<script>"))
    #expect(html.contains("type=\"radio\" name=\"q.Q-ENERGY\" value=\"5\""))
    #expect(html.contains("type=\"checkbox\" name=\"q.Q-MOOD\" value=\"2\""))
    #expect(
      html.contains(
        "type=\"range\" id=\"i8\" name=\"q.Q-HAPPY\" min=\"0\" max=\"10\" step=\"1\" value=\"5\""))
    #expect(html.contains("type=\"time\""))
    #expect(
      html.contains("name=\"q.Q-GLASSES\" inputmode=\"decimal\" min=\"0\" step=\"1\" value=\"2\""))
    #expect(html.contains("class=\"tap\""))
    #expect(
      html.contains("<label for=\"i0\">") || html.contains("<legend>Are you working?</legend>"))
    #expect(ServeWebClient.hidden("csrf", in: page)?.isEmpty == false)
  }

  @Test func aSurveyIsReviewedThenFiledOnceWithEveryAnswer() throws {
    let (serve, questions) = try Self.serverWithEveryQuestion()
    let browser = ServeWebClient(serve)
    try browser.pair()
    let page = try browser.get("/")
    let csrf = try #require(ServeWebClient.hidden("csrf", in: page))
    let id = try #require(ServeWebClient.hidden("id", in: page))
    func field(_ prompt: String) -> String { "q." + (questions[prompt]?.id ?? prompt) }
    let answers: [(String, String)] = [
      ("csrf", csrf), ("id", id), ("prompt", ""), ("answered_at", ""),
      (field("Are you working?"), "yes"),
      (field("What are you doing?"), "reading, tea"),
      (field("Where are you?"), "Home"),
      (field("Who are you with?"), "Maya"),
      (field("How many coffees did you have today?"), "3"),
      (field("What did you learn today?"), "Forms work\nwithout scripts"),
      (field("How do you feel <b>now</b>?"), "1"), (field("How do you feel <b>now</b>?"), "2"),
      (field("When did you last eat?"), "07:30"), ("yesterday.Q-ATE", "1"),
      (field("How happy?"), "7"),
      (field("Energy?"), "4"),
      (field("Stress?"), "5"), ("skip.Q-STRESS", "1"),
      (field("Glasses of water?"), ""),
      (field("Flights of stairs?"), "3"),
    ]
    let review = try browser.post("/review", ordered: answers)
    #expect(review.status == 200)
    let text = ServeWebClient.text(review)
    #expect(text.contains("<dd>Calm, Tired, a bit</dd>"))
    #expect(text.contains("<dd>07:30 yesterday</dd>"))
    #expect(text.contains("<dd>2</dd>"))  // the stepper's default, as in the terminal
    #expect(try DispatchStore(path: serve.storePath, access: .read).reports.list().isEmpty)
    let filed = try browser.post("/file", ordered: answers)
    #expect(filed.status == 303)
    #expect(filed.header("Location") == "/filed/" + id)
    #expect(ServeWebClient.text(try browser.get("/filed/" + id)).contains("is filed"))
    // The browser sends the form again (a reload, a double tap): still one report.
    #expect(try browser.post("/file", ordered: answers).status == 303)
    let reports = try DispatchStore(path: serve.storePath, access: .read).reports.list()
    #expect(reports.count == 1)
    let report = try #require(reports.first)
    #expect(report.id == id)
    func response(_ prompt: String) -> Response? {
      report.responses.first { $0.questionID == questions[prompt]?.id }
    }
    #expect(response("How do you feel <b>now</b>?")?.options == ["Calm", "Tired, a bit"])
    #expect(response("When did you last eat?")?.time?.dayOffset == -1)
    #expect(response("How happy?")?.number == "7")
    #expect(response("Stress?")?.isSkipped == true)
    #expect(response("Glasses of water?")?.number == "2")
    #expect(
      response("What did you learn today?")?.notes?.first?.text == "Forms work\nwithout scripts")
    #expect(response("Who are you with?")?.tokens?.map(\.text) == ["Maya"])
  }

  @Test func aWrongAnswerComesBackWithTheProblemAndTheAnswersKept() throws {
    let (serve, _) = try Self.serverWithEveryQuestion()
    let browser = ServeWebClient(serve)
    try browser.pair()
    let page = try browser.get("/")
    let csrf = try #require(ServeWebClient.hidden("csrf", in: page))
    let response = try browser.post(
      "/review",
      ordered: [("csrf", csrf), ("q.Q-HAPPY", "70"), ("q.Q-ATE", "25:99")])
    #expect(response.status == 400)
    let html = ServeWebClient.text(response)
    #expect(html.contains("role=\"alert\""))
    #expect(html.contains("value=\"70\""))
  }

  @Test func formsWithoutTheSessionsCSRFTokenOrFromAnotherSiteAreRefused() throws {
    let (serve, _) = try Self.serverWithEveryQuestion()
    let browser = ServeWebClient(serve)
    try browser.pair()
    let csrf = try #require(ServeWebClient.hidden("csrf", in: try browser.get("/")))
    let answer = ("q.Q-HAPPY", "7")
    #expect(try browser.post("/file", ordered: [answer]).status == 403)
    #expect(try browser.post("/file", ordered: [("csrf", "forged"), answer]).status == 403)
    let crossSite = try browser.post(
      "/file", ordered: [("csrf", csrf), answer], headers: [("Origin", "https://evil.example")])
    #expect(crossSite.status == 403)
    // Another browser's token does not work in this one's session.
    let other = ServeWebClient(serve)
    try other.pair()
    let otherCSRF = try #require(ServeWebClient.hidden("csrf", in: try other.get("/")))
    #expect(otherCSRF != csrf)
    #expect(try browser.post("/file", ordered: [("csrf", otherCSRF), answer]).status == 403)
    // Without a session at all: the pairing page, never the store.
    let stranger = ServeWebClient(serve)
    #expect(try stranger.post("/file", ordered: [("csrf", csrf), answer]).status == 401)
    #expect(try DispatchStore(path: serve.storePath, access: .read).reports.list().isEmpty)
    #expect(try browser.post("/file", ordered: [("csrf", csrf), answer]).status == 303)
  }

  @Test func behindAProxyTheForwardedHostOrTheBaseURLIsThisServersOrigin() throws {
    let (serve, _) = try Self.serverWithEveryQuestion(baseURL: "https://laptop.tailnet.ts.net/")
    let browser = ServeWebClient(serve)
    try browser.pair()
    // The phone reaches it over HTTPS, so the cookie is never sent in the clear.
    #expect(browser.pairingCookie?.hasSuffix("; Secure") == true)
    let csrf = try #require(ServeWebClient.hidden("csrf", in: try browser.get("/")))
    let answer = [("csrf", csrf), ("q.Q-HAPPY", "1")]
    let viaBase = try browser.post(
      "/file", ordered: answer, headers: [("Origin", "https://laptop.tailnet.ts.net")])
    #expect(viaBase.status == 303)
    let forwarded = try browser.post(
      "/file", ordered: answer,
      headers: [("Origin", "https://dispatch.example"), ("X-Forwarded-Host", "dispatch.example")])
    #expect(forwarded.status == 303)
    let elsewhere = try browser.post(
      "/file", ordered: answer, headers: [("Origin", "https://laptop.tailnet.ts.net.evil")])
    #expect(elsewhere.status == 403)
    let crossSite = try browser.post(
      "/file", ordered: answer, headers: [("Sec-Fetch-Site", "cross-site")])
    #expect(crossSite.status == 403)
  }

  @Test func answersKeptOfflineAreDatedWhenTheyWereGiven() throws {
    let (serve, _) = try Self.serverWithEveryQuestion()
    let browser = ServeWebClient(serve)
    try browser.pair()
    let csrf = try #require(ServeWebClient.hidden("csrf", in: try browser.get("/")))
    let answered = SystemWallClock().now().adding(seconds: -2 * 3600)
    let fields = [
      ("csrf", csrf), ("id", "offline-0001-abcd"), ("answered_at", String(answered.milliseconds)),
      ("q.Q-HAPPY", "6"),
    ]
    let json = [(name: "Accept", value: "application/json")]
    let first = try browser.post("/file", ordered: fields, headers: json)
    #expect(first.status == 201)
    #expect(try ServeTestServer.object(first)["id"] as? String == "offline-0001-abcd")
    let again = try browser.post("/file", ordered: fields, headers: json)
    #expect(again.status == 200)
    #expect(try ServeTestServer.object(again)["duplicate"] as? Bool == true)
    let reports = try DispatchStore(path: serve.storePath, access: .read).reports.list()
    #expect(reports.count == 1)
    #expect(reports.first?.date == answered)
    #expect(reports.first?.isBackdated == false)
    let tooOld = SystemWallClock().now().adding(seconds: -40 * 86_400)
    let stale = try browser.post(
      "/file",
      ordered: [
        ("csrf", csrf), ("id", "offline-0002-abcd"), ("answered_at", String(tooOld.milliseconds)),
        ("q.Q-HAPPY", "6"),
      ], headers: json)
    #expect(stale.status == 400)
    #expect(
      try ServeTestServer.object(stale)["error"] as? String
        == "the answer time is more than 30 days ago")
  }

  @Test func thePagesScriptUsesTheAPIWithItsSessionAndCSRFHeader() throws {
    let (serve, _) = try Self.serverWithEveryQuestion()
    let browser = ServeWebClient(serve)
    try browser.pair()
    let csrf = try #require(ServeWebClient.hidden("csrf", in: try browser.get("/")))
    #expect(try browser.get("/api/v1/status").status == 200)
    let body = Array(#"{"answers": {"How happy?": 8}}"#.utf8)
    let json = [(name: "Content-Type", value: "application/json")]
    #expect(try browser.send("POST", "/api/v1/reports", body: body, headers: json).status == 403)
    let sent = try browser.send(
      "POST", "/api/v1/reports", body: body, headers: json + [("X-CSRF-Token", csrf)])
    #expect(sent.status == 201)
  }

  @Test func signingOutEndsTheSession() throws {
    let (serve, _) = try Self.serverWithEveryQuestion()
    let browser = ServeWebClient(serve)
    try browser.pair()
    let csrf = try #require(ServeWebClient.hidden("csrf", in: try browser.get("/")))
    let out = try browser.post("/signout", ["csrf": csrf])
    #expect(out.status == 303)
    #expect(out.header("Set-Cookie")?.contains("Max-Age=0") == true)
    #expect(try browser.get("/").status == 401)
  }

  @Test func theAppsFilesAreServedAndNothingElse() throws {
    let serve = try ServeTestServer()
    let browser = ServeWebClient(serve)
    for (path, type) in [
      ("/app.js", "text/javascript"), ("/sw.js", "text/javascript"), ("/app.css", "text/css"),
      ("/manifest.webmanifest", "application/manifest+json"), ("/icon.svg", "image/svg+xml"),
    ] {
      let response = try browser.get(path)
      #expect(response.status == 200)
      #expect(response.header("Content-Type")?.hasPrefix(type) == true)
    }
    let manifest = try ServeTestServer.object(try browser.get("/manifest.webmanifest"))
    #expect(manifest["start_url"] as? String == "/")
    #expect(try browser.get("/etc/passwd").status == 404)
    let raw = try serve.raw(
      Array("GET /../app.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
    #expect(!raw.text.contains("serviceWorker"))
  }
}
