import DispatchCore
import DispatchSupport

extension SensorContext {
  /// The context of a report as `dispatch reports show` prints it under "Context" and the
  /// served day page lists it: the place, the weather, the sound, health readings, battery,
  /// connection, focus, what was playing, photos; temperatures and health readings in `units`.
  public func displayLines(units: UnitSystem) -> [String] {
    let context = self
    var lines: [String] = []
    if let mark = context.location?.placemark {
      let parts = [mark.name, mark.locality, mark.administrativeArea].compactMap { $0 }
      if !parts.isEmpty { lines.append("Place: " + parts.joined(separator: ", ")) }
    }
    if let weather = context.weather {
      var text = "Weather: " + (weather.condition ?? "—")
      if let celsius = weather.tempC {
        text += ", " + DisplayMeasure.temperature(celsius: celsius, in: units)
      }
      lines.append(text)
    }
    if let audio = context.audio {
      lines.append("Sound: \(JSONWriter.number((audio.average * 10).rounded() / 10)) dBFS average")
    }
    for reading in context.health {
      lines.append("\(reading.displayName): \(reading.displayValue(in: units))")
    }
    if let battery = context.battery { lines.append("Battery: \(Int((battery * 100).rounded()))%") }
    if let connection = context.connectionType {
      lines.append("Connection: \(connection.displayName)")
    }
    if let focus = context.focus, focus.isFocused { lines.append("Focus: \(focus.label ?? "On")") }
    if let media = context.media, let title = media.title {
      lines.append("Playing: \(title)" + (media.artist.map { " — \($0)" } ?? ""))
    }
    if !context.photos.isEmpty { lines.append("Photos: \(context.photos.count)") }
    return lines
  }
}
