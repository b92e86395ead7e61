import DispatchKit
import DispatchTestSupport
import Foundation

@testable import DispatchFeatures
@testable import DispatchSupport

/// An ntfy server on 127.0.0.1 (the webhook receiver, which records every request) and the
/// files and notifications the ntfy tests use.
struct NtfyFixture {
  let server: WebhookReceiver
  let folder: TemporaryDirectory
  /// Bytes 0x00…0x1f.
  let key = (0..<32).map { UInt8($0) }
  static let serveURL = "https://laptop.example:8421"
  static let token = "tk_AgQdq7mVBoFD37zQVN29RhuMzNIz2"

  init() throws {
    server = try WebhookReceiver()
    folder = try TemporaryDirectory()
  }

  /// The topic URL on the fake server.
  var ntfyURL: String { "http://127.0.0.1:\(server.port)/my-dispatch-7f3a" }

  func deliverer(serveURL: String? = serveURL, tokenFile: String? = nil) throws -> NtfyDeliverer {
    NtfyDeliverer(
      topic: try NtfyTopic(parsing: ntfyURL), tokenFile: tokenFile,
      links: serveURL.map { PromptActionLinks(serveURL: $0, key: key) },
      transport: HTTPClient())
  }

  /// A file holding the token, with `mode`.
  func tokenFile(mode: mode_t) throws -> String {
    let path = folder.file("ntfy-token-\(UUID().uuidString)")
    try Data((Self.token + "\n").utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, mode)
    return path
  }

  /// A main prompt whose survey starts with a yes/no question.
  static let yesNoPrompt = PromptNotification.main(
    promptID: "prompt-20260708-1138", yesNoQuestion: ("Working?", ["Yes", "No"]))

  /// A group prompt: Report now and Snooze, no quick answers.
  static let groupPrompt = PromptNotification.group(
    promptID: "gprompt-evening-20260708-2100", groupName: "Evening", firstPrompt: nil)

  /// The body of the only request the server received, as text.
  var publishedText: String {
    server.received.last.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
  }
}
