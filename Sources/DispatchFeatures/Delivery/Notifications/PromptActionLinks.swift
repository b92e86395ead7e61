import DispatchCore
import Foundation

/// The links a phone notification carries to `dispatch serve` (the `serve-url` setting): the
/// survey page of a prompt, and the signed address its buttons post to
/// (docs/daemon.md#push-to-a-phone-with-ntfy).
public struct PromptActionLinks: Sendable, Equatable {
  /// The `serve-url` setting without a trailing slash, e.g. `https://laptop.tailnet.ts.net:8421`.
  public let serveURL: String
  let key: [UInt8]

  /// Links under `serveURL`, signed with `key` (``PromptActionKey/key(in:)``).
  public init(serveURL: String, key: [UInt8]) {
    var base = Substring(serveURL)
    while base.hasSuffix("/") { base = base.dropLast() }
    self.serveURL = String(base)
    self.key = key
  }

  /// `<serve-url>/prompt/<ID>`: the prompt's survey, where a tap on the notification goes.
  public func survey(prompt: String) -> String {
    serveURL + "/prompt/" + WebAddress.encoded(prompt)
  }

  /// `<serve-url>/api/v1/act?prompt=<ID>&sig=<signature>`: acts on this prompt only, without a
  /// session, for as long as the store keeps its action key.
  public func act(prompt: String) -> String {
    serveURL + "/api/v1/act?prompt=" + WebAddress.encoded(prompt) + "&sig="
      + PromptActionKey.signature(prompt: prompt, key: key)
  }
}
