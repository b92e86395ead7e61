import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Delivers prompts to a phone through ntfy (https://ntfy.sh or a server of your own): one
/// `POST` per prompt, the JSON of ``NtfyMessage`` (docs/daemon.md#push-to-a-phone-with-ntfy).
///
/// The daemon waits for the answer, so the request is short: a server that does not answer
/// within ``timeoutSeconds`` fails this delivery instead of stalling the daemon's loop. The
/// access token, when one is set, is read from its file at each delivery and never appears in
/// an error or the summary.
public final class NtfyDeliverer: PromptDeliverer {
  /// The longest a delivery may take, connecting included.
  public static let timeoutSeconds: Double = 5

  public let topic: NtfyTopic
  /// The file holding the access token; nil: publish without one.
  public let tokenFile: String?
  /// Where the notification's tap and buttons lead; nil: no tap, no buttons.
  public let links: PromptActionLinks?
  let transport: any HTTPTransport

  public init(
    topic: NtfyTopic, tokenFile: String?, links: PromptActionLinks?, transport: any HTTPTransport
  ) {
    self.topic = topic
    self.tokenFile = tokenFile
    self.links = links
    self.transport = transport
  }

  /// The deliverer the settings ask for: `ntfy-url`, `ntfy-token-file` and `serve-url` (with
  /// the store's ``PromptActionKey`` for the buttons). The token file is read once here, so a
  /// daemon with an unusable one refuses to start rather than fail at the first prompt.
  ///
  /// - Throws: ``DispatchError`` when `ntfy-url` is not set or the token file is unusable.
  public static func configured(
    by settings: ScheduleSettings, store: DispatchStore, transport: any HTTPTransport
  ) throws -> NtfyDeliverer {
    guard let url = settings.ntfyURL else {
      throw DispatchError(
        .invalidValue,
        "the notifier includes 'ntfy' but no ntfy-url is set; "
          + "'dispatch settings set ntfy-url https://ntfy.sh/TOPIC'")
    }
    if let file = settings.ntfyTokenFile { _ = try NtfyTokenFile.read(file) }
    let links = try settings.serveURL.map {
      PromptActionLinks(serveURL: $0, key: try PromptActionKey.key(in: store))
    }
    return NtfyDeliverer(
      topic: try NtfyTopic(parsing: url), tokenFile: settings.ntfyTokenFile, links: links,
      transport: transport)
  }

  /// How prompts are delivered, for the daemon's start line: the server, never the topic or
  /// the token.
  public var summary: String {
    "ntfy to \(topic.server)" + (tokenFile == nil ? "" : " with an access token")
      + (links == nil
        ? ", without buttons (no serve-url)" : ", with Open survey and Yes/No or Snooze buttons")
  }

  public func deliver(_ notification: PromptNotification) throws -> String {
    let response: HTTPResponse
    do {
      response = try transport.send(try request(for: notification))
    } catch let error as HTTPError {
      throw DispatchError(.failure, "ntfy server \(topic.server): \(error.message)")
    }
    guard response.isSuccess else {
      throw DispatchError(
        .failure,
        "the ntfy server \(topic.server) answered \(response.status)"
          + (Self.reason(in: response.body).map { ": " + $0 } ?? ""))
    }
    return "ntfy"
  }

  /// The publishing request: JSON to the server's root, with the bearer token when one is set.
  func request(for notification: PromptNotification) throws -> HTTPRequest {
    var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
    if let tokenFile {
      headers.append(("Authorization", "Bearer " + (try NtfyTokenFile.read(tokenFile))))
    }
    let body = NtfyMessage.json(for: notification, topic: topic.topic, links: links)
    return HTTPRequest(
      method: "POST", url: topic.publishURL, headers: headers,
      body: Array(JSONWriter.string(body, style: .compact).utf8), timeout: Self.timeoutSeconds,
      totalTimeout: Self.timeoutSeconds)
  }

  /// ntfy's own explanation of a refusal (`{"error": "unauthorized", …}`), one short line;
  /// nil when the body is not ntfy's JSON. It never holds the token, which ntfy does not echo.
  static func reason(in body: [UInt8]) -> String? {
    guard let document = try? JSONParser.parse(body),
      let text = document.root.object?["error"]?.string, !text.isEmpty
    else { return nil }
    let line = String(text.prefix { !$0.isNewline })
    return line.count <= 120 ? line : String(line.prefix(119)) + "…"
  }
}
