import DispatchFeatures
import DispatchStorage

/// The address a phone uses to reach `dispatch serve` (a VPN name, a TLS proxy): pairing
/// links and notification links are made under it.
public enum ServeBaseURL {
  /// Where `dispatch serve` listens when nothing else is said.
  public static let fallback = "http://127.0.0.1:8421"

  /// The `serve-url` setting, else ``fallback``.
  public static func configured(in store: DispatchStore) throws -> String {
    try ScheduleSettings.load(from: store).serveURL ?? fallback
  }
}
