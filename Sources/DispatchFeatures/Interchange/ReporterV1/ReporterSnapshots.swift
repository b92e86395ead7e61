import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads one snapshot into a ``Report`` (docs/formats/reporter.md#snapshot-fields).
///
/// Leniency follows docs/formats/reporter.md#leniency: a snapshot whose own fields are unusable
/// (no date, a date that does not parse, a scalar of the wrong type) is skipped; a malformed
/// response, sensor object or photo is dropped alone and the snapshot kept. Both leave a
/// problem behind.
struct ReporterSnapshotReader {
  let path: String
  let defaultTimeZone: String
  var problems: [ImportProblem] = []
  /// Reports whose date was a number, which carries no zone: they were placed in
  /// `defaultTimeZone`, and the import says so.
  var zonelessDates = 0

  /// The report, or nil when the snapshot is skipped. `record` is its 1-based position.
  mutating func report(_ value: JSONNode, record: Int) -> Report? {
    guard let object = value.object else {
      problems.append(
        ImportProblem(file: path, record: record, reason: "the snapshot is not an object"))
      return nil
    }
    let sourceID = object["uniqueIdentifier"]?.string
    do throws(ReporterFieldError) {
      return try readReport(object, record: record)
    } catch {
      problems.append(
        ImportProblem(
          file: path, record: record, id: sourceID, field: error.field, reason: error.reason))
      return nil
    }
  }

  private mutating func readReport(_ object: JSONObject, record: Int)
    throws(ReporterFieldError) -> Report
  {
    let sourceID = try object.reporterString("uniqueIdentifier")
    guard let rawDate = object["date"], !rawDate.isNull else {
      throw ReporterFieldError(field: "date", reason: "the snapshot has no date")
    }
    guard let stamp = ReporterDate.parse(rawDate, defaultTimeZone: defaultTimeZone) else {
      throw ReporterFieldError(field: "date", reason: "the date cannot be read")
    }
    if rawDate.string == nil { zonelessDates += 1 }
    let impetus = try object.reporterInt("reportImpetus")
    let (kind, trigger) = Self.kindAndTrigger(impetus: impetus)
    // Without a source ID: `reporter.snapshot|<UTC instant>`
    // (docs/formats/dispatch-v2.md#deterministic-ids), never a position.
    let id = sourceID ?? ImportIdentity.reporterSnapshot(at: stamp.instant)
    var report = Report(
      id: id, date: stamp.instant, timeZoneIdentifier: stamp.timeZoneIdentifier,
      utcOffsetSeconds: stamp.utcOffsetSeconds, kind: kind, trigger: trigger,
      isDraft: try object.reporterFlag("draft") ?? false,
      wasInBackground: try object.reporterFlag("background") ?? false,
      legacyImpetus: impetus,
      legacySectionIdentifier: try object.reporterString("sectionIdentifier"))
    report.context.battery = try object.reporterNumber("battery")
    report.context.connection = try object.reporterInt("connection")
    // Steps since the previous report; −1 means the phone had no step data
    // (docs/formats/reporter.md#snapshot-fields).
    if let steps = try object.reporterNumber("steps"), steps >= 0 {
      report.context.health.append(HealthReading(type: "steps", value: steps, unit: "count"))
    }
    readSensors(object, into: &report, record: record)
    report.responses = readResponses(object, snapshotID: id, record: record)
    return report
  }

  /// Impetus → kind and trigger, Dispatch's table (docs/formats/reporter.md#report-impetus).
  static func kindAndTrigger(impetus: Int?) -> (ReportKind, ReportTrigger) {
    switch impetus {
    case 2: return (.regular, .notification)
    case 3: return (.sleep, .manual)
    case 4: return (.wake, .wake)
    default: return (.regular, .manual)
    }
  }

  private mutating func readSensors(
    _ object: JSONObject, into report: inout Report, record: Int
  ) {
    let zone = defaultTimeZone
    part("audio", object, report.id, record) { (audio) throws(ReporterFieldError) in
      report.context.audio = try ReporterSensors.audio(audio)
    }
    part("location", object, report.id, record) { (location) throws(ReporterFieldError) in
      report.context.location = try ReporterSensors.location(location, defaultTimeZone: zone)
    }
    part("weather", object, report.id, record) { (weather) throws(ReporterFieldError) in
      report.context.weather = try ReporterSensors.weather(weather)
    }
    if let meters = object["altitude"].flatMap(ReporterJSONFields.number) {
      // A bare number, accepted by Dispatch (`altitude` in
      // docs/formats/reporter.md#snapshot-fields).
      report.context.altitudeMeters = meters
    } else {
      part("altitude", object, report.id, record) { (altitude) throws(ReporterFieldError) in
        let (meters, health) = try ReporterSensors.altitude(altitude)
        report.context.altitudeMeters = meters
        report.context.health += health
      }
    }
    readPhotos(object, into: &report, record: record)
  }

  private mutating func readPhotos(_ object: JSONObject, into report: inout Report, record: Int) {
    var photos: [JSONNode] = []
    part("photoSet", object, report.id, record) { (photoSet) throws(ReporterFieldError) in
      photos = try photoSet.reporterArray("photos") ?? []
    }
    for (index, value) in photos.enumerated() {
      let field = "photoSet.photos[\(index + 1)]"
      // The photo recipe of docs/formats/dispatch-v2.md#deterministic-ids: the snapshot ID plus the
      // photo's place in its set, which Reporter does not reorder on rewrite.
      let fallback = ImportIdentity.make(report.id + "|photo|" + String(index))
      guard let photo = value.object else {
        note(record, report.id, field, "the photo is not an object; dropped")
        continue
      }
      do {
        report.context.photos.append(
          try ReporterSensors.photo(photo, fallbackID: fallback, defaultTimeZone: defaultTimeZone))
      } catch {
        note(record, report.id, field, error.reason + "; dropped")
      }
    }
  }

  private mutating func readResponses(_ object: JSONObject, snapshotID: String, record: Int)
    -> [Response]
  {
    guard let raw = object["responses"], !raw.isNull else { return [] }
    guard let values = raw.array else {
      note(record, snapshotID, "responses", "'responses' is not an array")
      return []
    }
    var responses: [Response] = []
    var seen = Set<String>()
    for (index, value) in values.enumerated() {
      let field = "responses[\(index + 1)]"
      do {
        let response = try ReporterResponses.response(
          value, snapshotID: snapshotID, defaultTimeZone: defaultTimeZone)
        guard seen.insert(response.id).inserted else {
          note(record, snapshotID, field, "a second response with ID \(response.id); dropped")
          continue
        }
        responses.append(response)
      } catch {
        note(
          record, snapshotID, field + (error.field.map { "." + $0 } ?? ""),
          error.reason + "; response dropped")
      }
    }
    return responses
  }

  /// Runs `read` on the sub-object `key`; a missing one is fine, a bad one is dropped and noted.
  private mutating func part(
    _ key: String, _ object: JSONObject, _ id: String, _ record: Int,
    _ read: (JSONObject) throws(ReporterFieldError) -> Void
  ) {
    guard let raw = object[key], !raw.isNull else { return }
    guard let sub = raw.object else {
      note(record, id, key, "'\(key)' is not an object")
      return
    }
    do throws(ReporterFieldError) {
      try read(sub)
    } catch {
      let field = error.field.map { $0 == key ? key : key + "." + $0 } ?? key
      note(record, id, field, error.reason + "; dropped")
    }
  }

  private mutating func note(_ record: Int, _ id: String, _ field: String, _ reason: String) {
    problems.append(ImportProblem(file: path, record: record, id: id, field: field, reason: reason))
  }
}
