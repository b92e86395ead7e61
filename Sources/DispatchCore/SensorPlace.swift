import Foundation

/// A place the user named: recognised by its Wi-Fi network, chosen at report time, and given
/// coordinates so weather can be looked up there (docs/sensors.md#places).
public struct SensorPlace: Sendable, Equatable {
  public var name: String
  /// The Wi-Fi network (SSID) that means the user is here. Kept only in the store, never in
  /// a report.
  public var ssid: String?
  public var latitude: Double?
  public var longitude: Double?

  public init(name: String, ssid: String? = nil, latitude: Double? = nil, longitude: Double? = nil)
  {
    self.name = name
    self.ssid = ssid
    self.latitude = latitude
    self.longitude = longitude
  }
}
