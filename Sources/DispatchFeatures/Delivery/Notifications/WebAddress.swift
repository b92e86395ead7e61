import DispatchCore
import DispatchSupport
import Foundation

/// The checks an http(s) address in a setting passes (`ntfy-url`, `serve-url`), so a value
/// `dispatch settings set` accepts never fails at delivery time for its form.
public enum WebAddress {
  /// The parts of `text`: http or https, a host, a port from 1 to 65535, no user or password
  /// (tokens go in a file), no query or fragment, no spaces. Errors name `setting` and quote
  /// the value redacted, since a mistyped token may sit in it.
  static func components(_ text: String, setting: String) throws(DispatchError) -> URLComponents {
    let shown = URLRedaction.redacted(text)
    guard
      !text.unicodeScalars.contains(where: {
        $0.properties.isWhitespace || $0.properties.generalCategory == .control
      })
    else {
      throw DispatchError(.invalidValue, "the \(setting) '\(shown)' contains spaces")
    }
    guard let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http"
    else {
      throw DispatchError(
        .invalidValue, "the \(setting) '\(shown)' is not an http or https URL")
    }
    guard let host = components.host, !host.isEmpty else {
      throw DispatchError(.invalidValue, "the \(setting) '\(shown)' has no host")
    }
    if let port = components.port, !(1...65_535).contains(port) {
      throw DispatchError(.invalidValue, "the port of the \(setting) '\(shown)' is out of range")
    }
    guard components.user == nil && components.password == nil else {
      throw DispatchError(
        .invalidValue, "the \(setting) must not hold a user or password ('\(shown)')")
    }
    guard components.query == nil && components.fragment == nil else {
      throw DispatchError(
        .invalidValue, "the \(setting) '\(shown)' must have no query or fragment (no '?' or '#')")
    }
    return components
  }

  /// `scheme://host[:port]`, lowercased scheme, for messages and the request to a server's
  /// root: it never holds a path (an ntfy topic is as good as a password).
  static func origin(_ components: URLComponents) -> String {
    var origin = URLComponents()
    origin.scheme = components.scheme?.lowercased()
    origin.host = components.host
    origin.port = components.port
    return origin.string ?? ""
  }

  /// `text` with its unreserved characters kept and everything else percent-encoded, for one
  /// path segment or query value (a prompt ID holds a group ID, which may hold anything).
  static func encoded(_ text: String) -> String {
    var unreserved = CharacterSet(charactersIn: "-._~")
    unreserved.formUnion(CharacterSet(charactersIn: "a"..."z"))
    unreserved.formUnion(CharacterSet(charactersIn: "A"..."Z"))
    unreserved.formUnion(CharacterSet(charactersIn: "0"..."9"))
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }
}

extension WebAddress {
  /// The `serve-url` setting's value: where a phone reaches `dispatch serve`, http(s) with an
  /// optional path (behind a proxy), no query; without a trailing slash, so links append to it.
  public static func serveURL(_ text: String) throws(DispatchError) -> String {
    var trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
    _ = try components(String(trimmed), setting: "serve-url")
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }
}
