import Foundation

/// Weather from Open-Meteo (being written).
public struct WeatherSensor: SensorProvider {
  public let name = "weather"
  public let summary = "Weather from Open-Meteo at the report's place"
  public let reach = SensorReach.network

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    throw SensorUnavailable("not built yet")
  }
}
