import DispatchCore
import DispatchSupport

/// Day One's JSON import format (docs/formats/exports.md#day-one).
public enum DayOneExporter {
  /// The envelope `{"metadata":{"version":"1.0"},"entries":[…]}`, entries oldest first with
  /// ties broken by ID.
  public static func document(reports: [Report], units: UnitSystem = .imperial) -> JSONValue {
    .object([
      ("metadata", .object([("version", .string("1.0"))])),
      ("entries", .array(V2Exporter.sortedReports(reports).map { entryValue($0, units: units) })),
    ])
  }

  /// The file's text: pretty-printed with sorted keys, as Dispatch's `JSONEncoder` writes it.
  public static func string(reports: [Report], units: UnitSystem = .imperial) -> String {
    JSONWriter.string(document(reports: reports, units: units), style: .dispatchV2)
  }

  /// One Day One entry.
  public static func entryValue(_ report: Report, units: UnitSystem = .imperial) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("creationDate", report.date.iso8601Seconds)
    object.set("timeZone", report.timeZoneIdentifier)
    object.set("text", text(report, units: units))
    // Only wake and sleep reports are tagged; regular ones carry no tags
    // (docs/formats/exports.md#day-one).
    if report.kind == .wake || report.kind == .sleep {
      object.set("tags", .array([.string(report.kind.rawValue)]))
    }
    let context = report.context
    if let latitude = context.location?.latitude, let longitude = context.location?.longitude {
      var location = JSONObjectBuilder()
      location.set("latitude", latitude)
      location.set("longitude", longitude)
      let placemark = context.location?.placemark
      location.set(
        "placeName", [placemark?.name, placemark?.locality].compactMap { $0 }.first { !$0.isEmpty })
      object.set("location", location.value)
    }
    var weather = JSONObjectBuilder()
    weather.set("conditionsDescription", context.weather?.condition)
    weather.set("temperatureCelsius", context.weather?.tempC)
    object.setNonEmpty("weather", weather)
    return object.value
  }

  /// The entry's Markdown: answer sections, then `---` and a `### Sensors` bullet list when
  /// any sensor reading exists. An all-skipped report without readings has empty text.
  /// The weather's temperature is in `units`; imperial is the app's own (`72°F`). Altitude
  /// stays in metres, as the app writes it.
  public static func text(_ report: Report, units: UnitSystem = .imperial) -> String {
    var blocks = ExportText.sections(report)
    let sensors = ExportText.sensorLines(report.context, units: units)
    if !sensors.isEmpty {
      // The rule separates answers from sensors, so it is left out when there are no answers.
      if !blocks.isEmpty { blocks.append("---") }
      blocks.append((["### Sensors"] + sensors.map { "- " + $0 }).joined(separator: "\n"))
    }
    return blocks.joined(separator: "\n\n")
  }
}
