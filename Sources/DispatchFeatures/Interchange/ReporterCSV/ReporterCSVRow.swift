import DispatchCore
import Foundation

/// One Reporter CSV row's fixed columns as a report without responses
/// (docs/formats/reporter.md#reporter-csv). A bad timestamp fails the row; an unreadable sensor
/// cell is dropped with a note.
enum ReporterCSVRow {
  static func report(_ fields: [String], notes: inout V2Notes) throws(V2RecordError) -> Report {
    let columns = ReporterCSVImport.fixedColumns
    guard let gmt = Instant.parseISO8601(fields[0]) else {
      throw V2RecordError(
        field: columns[0], reason: "\(V2Fields.quote(fields[0])) is not an ISO-8601 timestamp")
    }
    guard let wall = ReporterLocalTime.wallSeconds(fields[1]) else {
      throw V2RecordError(
        field: columns[1],
        reason: "\(V2Fields.quote(fields[1])) is not a time like 'March 13, 2014 02:58:35pm'")
    }
    let offset = ReporterLocalTime.offsetSeconds(local: wall, instant: gmt.instant)
    // Real offsets lie within ±18 hours; anything else means the two columns disagree.
    guard abs(offset) <= 18 * 3600 else {
      throw V2RecordError(field: columns[1], reason: "local time is more than 18 hours from GMT")
    }
    let id = ImportIdentity.reporterSnapshot(at: gmt.instant)
    var context = SensorContext()
    func number(_ column: Int) -> Double? {
      let text = fields[column].trimmingCharacters(in: .whitespaces)
      guard !text.isEmpty else { return nil }
      guard ReporterCSVInference.isNumber(text), let value = Double(text) else {
        notes.append((columns[column], "\(V2Fields.quote(text)) is not a number, left out"))
        return nil
      }
      return value
    }
    let latitude = number(2)
    let longitude = number(3)
    if let latitude, let longitude {
      context.location = LocationSnapshot(latitude: latitude, longitude: longitude)
    } else if (latitude == nil) != (longitude == nil) {
      notes.append((columns[2], "a location needs both latitude and longitude, left out"))
    }
    if !fields[4].isEmpty {
      var weather = WeatherObservation()
      weather.condition = fields[4]
      context.weather = weather
    }
    if let count = number(5) {
      // Photo IDs derive from the report's, so the same row always yields the same photos.
      if count >= 0, count <= 10_000, count == count.rounded() {
        context.photos = (0..<Int(count)).map {
          Photo(id: ImportIdentity.make("\(id)|photo|\($0)"))
        }
      } else {
        notes.append((columns[5], "\(V2Fields.quote(fields[5])) is not a photo count, left out"))
      }
    }
    // The CSV has the average only; the peak is taken to be the same
    // (docs/formats/reporter.md#reporter-csv).
    if let decibels = number(6) { context.audio = AudioLevel(average: decibels, peak: decibels) }
    // Reporter writes -1 when the phone has no step data.
    if let steps = number(8), steps != -1 {
      context.health = [HealthReading(type: "steps", value: steps, unit: "count")]
    }
    return Report(
      id: id, date: gmt.instant,
      timeZoneIdentifier: ReporterLocalTime.zoneIdentifier(offsetSeconds: offset),
      utcOffsetSeconds: offset, context: context)
  }
}
