import Foundation

/// Every sensor Dispatch has on Linux, in the order they are listed and merged
/// (docs/sensors.md#the-sensors).
public enum SensorCatalog {
  public static let all: [any SensorProvider] = [
    BatterySensor(), ConnectivitySensor(), LocationSensor(), WeatherSensor(), PhotosSensor(),
    SoundSensor(), FocusSensor(), MediaSensor(), DeviceSensor(),
  ]

  /// The sensor called `name` (case-insensitive), or nil.
  public static func named(_ name: String) -> (any SensorProvider)? {
    all.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
  }
}
