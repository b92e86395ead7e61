import DispatchCore
import Foundation

/// The place the report is filed at (docs/sensors.md#places): the one chosen with `--place`, a
/// named place recognised by its Wi-Fi network, or GeoClue's fix when GeoClue is installed.
/// Records the place's name and, when known, its coordinates.
public struct LocationSensor: SensorProvider {
  public let name = "location"
  public let summary = "Your named place (by Wi-Fi or --place), or GeoClue's fix"
  public let reach = SensorReach.local

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    let place = try PlaceFinder.place(environment)
    var snapshot = LocationSnapshot(
      latitude: place.latitude, longitude: place.longitude, altitude: place.altitude,
      horizontalAccuracy: place.accuracy, timestamp: environment.now)
    if let name = place.name { snapshot.placemark = Placemark(name: name) }
    var context = SensorContext()
    context.location = snapshot
    context.altitudeMeters = place.altitude
    return context
  }
}
