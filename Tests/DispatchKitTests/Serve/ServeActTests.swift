import DispatchCore
import DispatchFeatures
import DispatchServe
import DispatchStorage
import DispatchSupport
import DispatchTestSupport
import Foundation
import Testing

/// A push notification's buttons (`POST /api/v1/act`) and the survey link it opens
/// (`/prompt/ID`): signed for one prompt, nothing else.
@Suite(.serialized) struct ServeActTests {
  /// A server whose store has the default questions and a prompt that fired a minute ago.
  static func serverWithFiredPrompt(_ id: String = "random-2026-12-05-1") throws -> (
    ServeTestServer, DispatchStore
  ) {
    let serve = try ServeTestServer()
    let store = try DispatchStore(path: serve.storePath, access: .write)
    _ = try store.questions.seedDefaultQuestionsIfEmpty()
    let now = SystemWallClock().now()
    var fired = PromptRecord(
      identifier: id, source: "random", due: now.adding(seconds: -60), timeZoneIdentifier: "UTC",
      utcOffsetSeconds: 0, state: .fired)
    fired.firedAt = now.adding(seconds: -60)
    try store.prompts.recordPrompt(fired, event: "fired")
    return (serve, store)
  }

  @Test func aSignedYesFilesAQuickAnswerForItsPromptOnly() throws {
    let (serve, store) = try Self.serverWithFiredPrompt()
    let key = try PromptActionKey.key(in: store)
    let prompt = "random-2026-12-05-1"
    let signature = PromptActionKey.signature(prompt: prompt, key: key)
    let path = "/api/v1/act?prompt=\(prompt)&sig=\(signature)"
    // No token needed, and a token is not enough without the signature.
    let forged = try serve.request(
      "POST", "/api/v1/act?prompt=\(prompt)&sig=AAAA", body: #"{"action": "yes"}"#)
    #expect(forged.status == 401)
    let otherPrompt = try serve.request(
      "POST", "/api/v1/act?prompt=random-other&sig=\(signature)", body: #"{"action": "yes"}"#,
      token: .some(nil))
    #expect(otherPrompt.status == 401)
    #expect(
      try serve.request("POST", path, body: #"{"action": "maybe"}"#, token: .some(nil)).status
        == 400)
    #expect(try serve.request("GET", path, token: .some(nil)).status == 405)
    let acted = try serve.request("POST", path, body: #"{"action": "yes"}"#, token: .some(nil))
    #expect(acted.status == 200)
    let object = try ServeTestServer.object(acted)
    #expect(object["prompt"] as? String == prompt)
    let reports = try store.reports.list()
    #expect(reports.count == 1)
    #expect(object["report"] as? String == reports.first?.id)
    #expect(reports.first?.responses.first?.options == ["Yes"])
    #expect(try store.prompts.promptRecord(prompt)?.state == .answered)
  }

  @Test func snoozeFromThePhoneLogsASnooze() throws {
    let (serve, store) = try Self.serverWithFiredPrompt()
    let prompt = "random-2026-12-05-1"
    let signature = PromptActionKey.signature(
      prompt: prompt, key: try PromptActionKey.key(in: store))
    let snoozed = try serve.request(
      "POST", "/api/v1/act?prompt=\(prompt)&sig=\(signature)", body: #"{"action": "snooze"}"#,
      token: .some(nil))
    #expect(snoozed.status == 200)
    #expect(try ServeTestServer.object(snoozed)["snoozedUntil"] is String)
    #expect(try store.reports.list().isEmpty)
  }

  @Test func theLinkOfANotificationOpensThatPromptsSurveyAndFilingAnswersIt() throws {
    let (serve, store) = try Self.serverWithFiredPrompt()
    let browser = ServeWebClient(serve)
    try browser.pair()
    let home = try browser.get("/")
    #expect(ServeWebClient.text(home).contains("Prompt of "))
    let page = try browser.get("/prompt/random-2026-12-05-1")
    #expect(page.status == 200)
    #expect(ServeWebClient.hidden("prompt", in: page) == "random-2026-12-05-1")
    let csrf = try #require(ServeWebClient.hidden("csrf", in: page))
    let working = try #require(try store.questions.list().first { $0.type == .yesNo })
    let filed = try browser.post(
      "/file",
      ordered: [("csrf", csrf), ("prompt", "random-2026-12-05-1"), ("q." + working.id, "no")])
    #expect(filed.status == 303)
    let report = try #require(try store.reports.list().first)
    #expect(report.trigger == .notification)
    #expect(try store.prompts.promptRecord("random-2026-12-05-1")?.state == .answered)
    let again = try browser.get("/prompt/random-2026-12-05-1")
    #expect(ServeWebClient.text(again).contains("Already answered"))
    #expect(try browser.get("/prompt/nothing-here").status == 404)
  }
}
