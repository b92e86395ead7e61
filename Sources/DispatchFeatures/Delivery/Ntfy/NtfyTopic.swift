import DispatchCore
import Foundation

/// Where prompts are published: an ntfy server and a topic, as the `ntfy-url` setting names
/// them (`https://ntfy.sh/my-dispatch-7f3a`).
///
/// On a public server the topic is as good as a password (anyone who knows it can read the
/// prompts), so messages and the daemon's log name only the server.
public struct NtfyTopic: Sendable, Equatable {
  /// `scheme://host[:port]`, without the topic.
  public let server: String
  /// Where ntfy takes messages published as JSON: the server's root.
  public let publishURL: URL
  /// The topic: 1 to 64 letters, digits, `-` or `_`, as ntfy accepts.
  public let topic: String

  /// The server and topic of an `ntfy-url` value.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` for anything but http(s)://host[:port]/topic.
  public init(parsing text: String) throws(DispatchError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let components = try WebAddress.components(trimmed, setting: "ntfy-url")
    let segments = components.path.split(separator: "/", omittingEmptySubsequences: true)
    guard segments.count == 1, let topic = segments.first.map(String.init) else {
      throw DispatchError(
        .invalidValue,
        "the ntfy-url must name the server and one topic, e.g. https://ntfy.sh/my-dispatch-7f3a")
    }
    guard topic.count <= 64,
      topic.unicodeScalars.allSatisfy({
        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
      })
    else {
      throw DispatchError(
        .invalidValue, "the ntfy topic may hold only letters, digits, '-' and '_' (at most 64)")
    }
    server = WebAddress.origin(components)
    guard let root = URL(string: server + "/") else {
      throw DispatchError(.invalidValue, "the ntfy-url's server '\(server)' is not a URL")
    }
    publishURL = root
    self.topic = topic
  }

  /// The setting's text: `server/topic`.
  public var setting: String { server + "/" + topic }

}
