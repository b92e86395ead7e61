import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

@testable import DispatchFeatures
@testable import DispatchSupport

/// Publishing to a local fake ntfy server: the exact JSON, the buttons and their signed links,
/// the access token from its private file, and the errors, which never hold the token.
struct NtfyDelivererTests {
  let fixture: NtfyFixture

  init() throws {
    fixture = try NtfyFixture()
  }

  @Test func `a yes-no prompt is published as JSON with a survey link and Yes and No buttons`()
    throws
  {
    let how = try fixture.deliverer().deliver(NtfyFixture.yesNoPrompt)
    #expect(how == "ntfy")
    let request = try #require(fixture.server.received.last)
    #expect(request.method == "POST" && request.target == "/")
    #expect(request.headers["content-type"] == "application/json")
    #expect(request.headers["authorization"] == nil)
    let survey = "https://laptop.example:8421/prompt/prompt-20260708-1138"
    let act =
      "https://laptop.example:8421/api/v1/act?prompt=prompt-20260708-1138"
      + "&sig=lMqik24m_hncV_9EzTlJRp1ML5m26BqNwRlRnhr-s6Q"
    func button(_ label: String, _ action: String) -> String {
      #"{"action":"http","label":"\#(label)","url":"\#(act)","method":"POST","#
        + #""headers":{"Content-Type":"application/json"},"#
        + #""body":"{\"action\":\"\#(action)\"}","clear":true}"#
    }
    let expected =
      #"{"topic":"my-dispatch-7f3a","title":"Time to report","message":"Working?","#
      + #""click":"\#(survey)","actions":["#
      + #"{"action":"view","label":"Open survey","url":"\#(survey)","clear":true},"#
      + button("Yes", "yes") + "," + button("No", "no")
      + #"],"tags":["memo"],"priority":3}"#
    #expect(fixture.publishedText == expected)
    #expect(
      PromptActionKey.verify(
        prompt: "prompt-20260708-1138", signature: "lMqik24m_hncV_9EzTlJRp1ML5m26BqNwRlRnhr-s6Q",
        key: fixture.key))
  }

  @Test func `a prompt without a yes-no question gets a Snooze button`() throws {
    try fixture.deliverer().deliver(NtfyFixture.groupPrompt)
    let document = try JSONParser.parse(try #require(fixture.server.received.last).body)
    let actions = try #require(document.root.object?["actions"]?.array)
    #expect(actions.compactMap { $0.object?["label"]?.string } == ["Open survey", "Snooze"])
    let snooze = try #require(actions.last?.object)
    #expect(snooze["body"]?.string == #"{"action":"snooze"}"#)
    #expect(snooze["url"]?.string?.contains("prompt=gprompt-evening-20260708-2100&sig=") == true)
    #expect(document.root.object?["message"]?.string == "Evening")
  }

  @Test func `without serve-url there is no link and no button, and the text says where to answer`()
    throws
  {
    try fixture.deliverer(serveURL: nil).deliver(NtfyFixture.yesNoPrompt)
    #expect(
      fixture.publishedText
        == #"{"topic":"my-dispatch-7f3a","title":"Time to report","#
        + #""message":"Working?\nAnswer on your computer.","tags":["memo"],"priority":3}"#)
  }

  @Test func `a nag is published with high priority`() throws {
    try fixture.deliverer().deliver(.nag(parent: NtfyFixture.groupPrompt, number: 1))
    #expect(fixture.publishedText.hasSuffix(#""priority":4}"#))
  }

  @Test func `the access token from a private file is sent as a bearer token`() throws {
    let file = try fixture.tokenFile(mode: 0o600)
    try fixture.deliverer(tokenFile: file).deliver(NtfyFixture.yesNoPrompt)
    #expect(fixture.server.received.last?.headers["authorization"] == "Bearer " + NtfyFixture.token)
  }

  @Test(arguments: [0o644, 0o640, 0o604] as [mode_t])
  func `a token file others may read is refused, naming the file, and nothing is sent`(
    mode: mode_t
  ) throws {
    let file = try fixture.tokenFile(mode: mode)
    let error = try #require(throws: DispatchError.self) {
      try fixture.deliverer(tokenFile: file).deliver(NtfyFixture.yesNoPrompt)
    }
    #expect(error.message.contains("'\(file)'") && error.message.contains("chmod 600"))
    #expect(!error.message.contains(NtfyFixture.token))
    #expect(fixture.server.received.isEmpty)
  }

  @Test func `a refusal names the server and status, never the token or the topic`() throws {
    fixture.server.answer([500])
    let file = try fixture.tokenFile(mode: 0o600)
    let deliverer = try fixture.deliverer(tokenFile: file)
    let error = try #require(throws: DispatchError.self) {
      try deliverer.deliver(NtfyFixture.yesNoPrompt)
    }
    #expect(error.message == "the ntfy server http://127.0.0.1:\(fixture.server.port) answered 500")
    #expect(!error.message.contains(NtfyFixture.token) && !error.message.contains("my-dispatch"))
    #expect(!deliverer.summary.contains(NtfyFixture.token) && !deliverer.summary.contains("7f3a"))
  }

  @Test func `ntfy's own reason is quoted from its JSON error`() {
    let body = Array(#"{"code":40101,"http":401,"error":"unauthorized"}"#.utf8)
    #expect(NtfyDeliverer.reason(in: body) == "unauthorized")
    #expect(NtfyDeliverer.reason(in: Array("no".utf8)) == nil)
  }

  @Test func `a server that cannot be reached fails within the short timeout`() throws {
    let port = try WebhookReceiver.unusedPort()
    let deliverer = NtfyDeliverer(
      topic: try NtfyTopic(parsing: "http://127.0.0.1:\(port)/t"), tokenFile: nil, links: nil,
      transport: HTTPClient())
    #expect(throws: DispatchError.self) { try deliverer.deliver(NtfyFixture.yesNoPrompt) }
    let request = try deliverer.request(for: NtfyFixture.yesNoPrompt)
    #expect(request.timeout <= 5 && (request.totalTimeout ?? 99) <= 5)
  }
}
