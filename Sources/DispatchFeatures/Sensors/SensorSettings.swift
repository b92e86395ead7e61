import DispatchStorage
import Foundation

/// The sensor choices kept in the store's settings: which sensors are on, the deadline, the
/// weather service and the photo folders.
public struct SensorSettings: Sendable, Equatable {
  /// Open-Meteo's public API.
  public static let defaultWeatherURL = "https://api.open-meteo.com"
  /// Seconds all sensors together may take (docs/sensors.md#timing-the-report-is-never-held-up).
  public static let defaultDeadline = 2.0
  public static let defaultPhotoFolders = ["~/Pictures"]
  /// The longest deadline accepted: a report must never wait long for its context.
  public static let deadlineRange = 0.1...10.0

  /// The user's explicit choices by sensor name; a sensor not here has its default.
  public var choices: [String: Bool]
  public var deadline: Double
  public var weatherURL: String
  public var photoFolders: [String]

  public init(
    choices: [String: Bool] = [:], deadline: Double = defaultDeadline,
    weatherURL: String = defaultWeatherURL, photoFolders: [String] = defaultPhotoFolders
  ) {
    self.choices = choices
    self.deadline = deadline
    self.weatherURL = weatherURL
    self.photoFolders = photoFolders
  }

  /// Whether `provider` runs: the user's choice, else its reach's default.
  public func isOn(_ provider: any SensorProvider) -> Bool {
    choices[provider.name] ?? provider.reach.isOnByDefault
  }

  /// Reads the settings; malformed values fall back to their defaults.
  public static func load(from store: DispatchStore) throws -> SensorSettings {
    var settings = SensorSettings()
    for provider in SensorCatalog.all {
      switch try store.settings.setting(SensorSettingKey.toggle(provider.name)) {
      case "on": settings.choices[provider.name] = true
      case "off": settings.choices[provider.name] = false
      default: break
      }
    }
    if let text = try store.settings.setting(SensorSettingKey.deadline), let value = Double(text),
      deadlineRange.contains(value)
    {
      settings.deadline = value
    }
    if let url = try store.settings.setting(SensorSettingKey.weatherURL), !url.isEmpty {
      settings.weatherURL = url
    }
    if let folders = try store.settings.setting(SensorSettingKey.photoFolders) {
      settings.photoFolders = folders.split(separator: ":").map(String.init)
    }
    return settings
  }
}

/// Keys of the sensor settings.
public enum SensorSettingKey {
  /// "on" or "off" for one sensor.
  public static func toggle(_ name: String) -> String { "sensors.\(name)" }
  public static let deadline = "sensors.deadline"
  public static let weatherURL = "sensors.weatherURL"
  /// Folders joined by ':' as in PATH.
  public static let photoFolders = "sensors.photoFolders"
  /// The sensors that had nothing to read at the last report, joined by ", " (bookkeeping for
  /// the diagnostics log).
  public static let lastUnavailable = "sensors.lastUnavailable"
}
