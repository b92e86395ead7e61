import DispatchCommandLine
import DispatchKit

/// The demo summary's sensor line: how many reports carry each kind of context, and the
/// places named for the location sensor.
struct DemoSensorCoverage {
  let coverage: ContextCoverage
  let places: [SensorPlace]

  var line: String {
    let byWiFi = places.filter { $0.ssid != nil }.count
    return "  Sensors ('dispatch sensors'): of \(ProgressBar.grouped(coverage.reports)) reports, "
      + coverage.parts.map { "\($0.0) on \(ProgressBar.grouped($0.1))" }.joined(separator: ", ")
      + "; \(places.count) named "
      + "places (\(byWiFi) by Wi-Fi); here weather and sound stay off until you turn them on"
  }
}
