import DispatchCore
import Foundation

/// The human-readable pieces Day One and Markdown exports share (docs/formats/exports.md#day-one,
/// docs/formats/exports.md#markdown): one `## prompt` section per answered response, and the sensor
/// bullet lines.
enum ExportText {
  /// The answer as Day One shows it, or nil for a skip (which gets no section).
  ///
  /// Tokens and options are joined with ", ", a time reads `HH:mm` with " (yesterday)" for
  /// day offset −1, and note texts are separated by a blank line (docs/formats/exports.md#day-one).
  static func answer(_ response: Response) -> String? {
    let text: String
    if let tokens = response.tokens, !tokens.isEmpty {
      text = tokens.map(\.text).joined(separator: ", ")
    } else if let options = response.options, !options.isEmpty {
      text = options.joined(separator: ", ")
    } else if let place = response.location?.text, !place.isEmpty {
      text = place
    } else if let time = response.time {
      text = time.clockText + (time.dayOffset == -1 ? " (yesterday)" : "")
    } else if let number = response.number, !number.isEmpty {
      text = number
    } else if let notes = response.notes, !notes.isEmpty {
      text = notes.map(\.text).joined(separator: "\n\n")
    } else {
      return nil
    }
    return text.isEmpty ? nil : text
  }

  /// `## <prompt>`, a blank line, then the answer, for every answered response, sorted by
  /// prompt (then ID, so equal prompts stay deterministic).
  static func sections(_ report: Report) -> [String] {
    report.responses
      .sorted { ($0.questionPrompt, $0.id) < ($1.questionPrompt, $1.id) }
      .compactMap { response in
        answer(response).map { "## " + response.questionPrompt + "\n\n" + $0 }
      }
  }

  /// The sensor bullets in Day One's order, without the leading `- `
  /// (docs/formats/exports.md#day-one).
  static func sensorLines(_ context: SensorContext, units: UnitSystem) -> [String] {
    var lines: [String] = []
    if let placemark = context.location?.placemark {
      let parts = [placemark.name, placemark.locality, placemark.administrativeArea]
        .compactMap { $0 }.filter { !$0.isEmpty }
      if !parts.isEmpty { lines.append("Place: " + parts.joined(separator: ", ")) }
    }
    var weather: [String] = []
    if let condition = context.weather?.condition, !condition.isEmpty { weather.append(condition) }
    // Whole degrees in either unit, as the app writes them.
    if let tempF = context.weather?.tempF {
      weather.append(
        units == .imperial
          ? format("%.0f", tempF) + "°F" : format("%.0f", (tempF - 32) / 1.8) + "°C")
    }
    if !weather.isEmpty { lines.append("Weather: " + weather.joined(separator: ", ")) }
    if let altitude = context.altitudeMeters {
      lines.append("Altitude: \(format("%.0f", altitude)) m")
    }
    if let audio = context.audio {
      lines.append("Sound: \(format("%.1f", audio.displayAverage)) dB avg")
    }
    if let steps = steps(context) { lines.append("Steps: " + format("%.0f", steps)) }
    if let battery = context.battery { lines.append("Battery: \(format("%.0f", battery * 100))%") }
    if let focus = context.focus {
      lines.append("Focus: " + (focus.isFocused ? (focus.label ?? "On") : "Off"))
    }
    if let connection = context.connectionType {
      lines.append("Connection: " + connection.displayName)
    }
    if let media = context.media { lines.append("Media: " + mediaLine(media)) }
    if !context.photos.isEmpty { lines.append("Photos: \(context.photos.count)") }
    return lines
  }

  /// `"Title — Artist, via Spotify"`; other audio reads "Audio playing", and a known player
  /// with no title or artist reads "Media playing, via X" (docs/formats/exports.md#day-one).
  static func mediaLine(_ media: MediaInfo) -> String {
    let detail = [media.title, media.artist].compactMap { $0 }.filter { !$0.isEmpty }
      .joined(separator: " — ")
    let player: String?
    switch media.source {
    case "spotify": player = "Spotify"
    case "appleMusic": player = "Apple Music"
    // `otherAudio` and raws from newer versions name no player.
    default: player = nil
    }
    guard let player else { return detail.isEmpty ? "Audio playing" : detail }
    return (detail.isEmpty ? "Media playing" : detail) + ", via " + player
  }

  /// The value of the first `steps` health reading.
  static func steps(_ context: SensorContext) -> Double? {
    context.health.first { $0.type == "steps" }?.value
  }

  /// `printf`-style formatting in the POSIX locale, as Dispatch's `String(format:)` lines.
  static func format(_ pattern: String, _ value: Double) -> String {
    String(format: pattern, locale: Locale(identifier: "en_US_POSIX"), value)
  }

  /// A number without a `.0` on integral values, as Foundation's encoders print it.
  static func plainNumber(_ value: Double) -> String {
    var text = String(value)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
