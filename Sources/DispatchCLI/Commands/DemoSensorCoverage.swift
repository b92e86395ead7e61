import DispatchKit

/// The demo summary's sensor line: how many reports carry each kind of context, and the
/// places named for the location sensor.
struct DemoSensorCoverage {
  let reports: Int
  /// (what, how many reports) in the order shown.
  let parts: [(String, Int)]
  let places: [SensorPlace]

  init(_ store: DispatchStore) throws {
    let coverage = try store.contextCoverage()
    reports = coverage.reports
    parts = coverage.parts.map { ($0.name, $0.reports) }
    places = try store.sensorPlaces()
  }

  var line: String {
    let byWiFi = places.filter { $0.ssid != nil }.count
    return "  Sensors ('dispatch sensors'): of \(ProgressBar.grouped(reports)) reports, "
      + parts.map { "\($0.0) on \(ProgressBar.grouped($0.1))" }.joined(separator: ", ")
      + "; \(places.count) named "
      + "places (\(byWiFi) by Wi-Fi); here weather and sound stay off until you turn them on"
  }
}
