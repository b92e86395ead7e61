import DispatchStorage

/// The address a phone uses to reach `dispatch serve` (a VPN name, a TLS proxy): pairing
/// links and notification links are made under it.
public enum ServeBaseURL {
  /// The settings key (`dispatch settings set serve-url URL`).
  public static let settingKey = "serve.url"
  /// Where `dispatch serve` listens when nothing else is said.
  public static let fallback = "http://127.0.0.1:8421"

  /// Whether `text` is an http(s) address with a host and no query or fragment.
  public static func isValid(_ text: String) -> Bool {
    let lowered = text.lowercased()
    guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else {
      return false
    }
    let rest = text.dropFirst(scheme.count)
    return !rest.isEmpty && !rest.hasPrefix("/") && !text.contains("?") && !text.contains("#")
      && !text.contains(where: { $0.isWhitespace })
  }

  /// The configured address, else ``fallback``.
  public static func configured(in store: DispatchStore) throws -> String {
    try store.settings.setting(settingKey) ?? fallback
  }
}
