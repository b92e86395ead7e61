import DispatchKit

/// The demo summary's sensor line: how many reports carry each kind of context, and the
/// places named for the location sensor.
struct DemoSensorCoverage {
  let reports: Int
  /// (what, how many reports) in the order shown.
  let parts: [(String, Int)]
  let places: [SensorPlace]

  init(_ store: DispatchStore) throws {
    func count(_ sql: String) throws -> Int { try store.database.scalarInt(sql) ?? 0 }
    reports = try count("SELECT count(*) FROM reports WHERE is_draft = 0")
    parts = [
      ("battery", try count("SELECT count(*) FROM reports WHERE battery IS NOT NULL")),
      ("place", try count("SELECT count(*) FROM report_locations")),
      ("weather", try count("SELECT count(*) FROM report_weather")),
      ("sound", try count("SELECT count(*) FROM reports WHERE audio_avg IS NOT NULL")),
      ("music", try count("SELECT count(*) FROM reports WHERE media_title IS NOT NULL")),
      ("photos", try count("SELECT count(DISTINCT report_id) FROM report_photos")),
    ]
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
