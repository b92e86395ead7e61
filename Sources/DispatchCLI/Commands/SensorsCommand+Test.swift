import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch sensors test`: the sensors read now, each with its reading or its reason.
enum SensorsTest {
  static func run(_ invocation: Invocation) throws {
    let only = try invocation.parsed.positionals.map {
      try SensorsCommand.provider(named: $0, invocation).name
    }
    let store = try invocation.openStore(.write)
    let gathering = try SensorGathering(
      store: store, place: invocation.value("place"), environment: invocation.environment,
      run: invocation.runEnvironment)
    var outcomes = gathering.readings().outcomes
    if !only.isEmpty { outcomes = outcomes.filter { only.contains($0.name) } }
    // Shown so places can be named by it; no report records it.
    let network =
      only.isEmpty || only.contains("location")
      ? SensorGathering.connectedWiFiNetwork(environment: invocation.environment) : nil
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      object.set("sensors", .array(outcomes.map(json)))
      object.set("wifiNetwork", network.map(JSONValue.string) ?? .null)
      invocation.printJSON(object.value)
      return
    }
    let units = try invocation.units(store)
    let width = outcomes.map(\.name.count).max() ?? 0
    for outcome in outcomes {
      let name = outcome.name.padding(toLength: width + 2, withPad: " ", startingAt: 0)
      invocation.stdout.line(name + text(outcome, invocation.style, units: units))
    }
    if let network {
      invocation.stdout.line()
      invocation.stdout.line(
        "Wi-Fi network: \(network) (names places, never recorded: "
          + "'dispatch sensors places add NAME --here')")
    }
  }

  /// One outcome as a line for people.
  static func text(_ outcome: SensorOutcome, _ style: TextStyle, units: UnitSystem) -> String {
    let took = outcome.seconds.map { style.dim(" (\(milliseconds($0)))") } ?? ""
    switch outcome.state {
    case .recorded(let part):
      let lines = description(part, units: units)
      let empty = outcome.name == "photos" ? "no new photos since the last report" : "nothing"
      return (lines.isEmpty ? empty : lines.joined(separator: "; ")) + took
    case .unavailable(let reason): return style.yellow("unavailable: ") + reason + took
    case .failed(let reason): return style.red("failed: ") + reason + took
    case .timedOut: return style.red("timed out") + " at the deadline; nothing recorded"
    case .off:
      return style.dim("off") + " (turn on with 'dispatch sensors on \(outcome.name)')"
    }
  }

  /// What a reading holds, in the words `reports show` uses, plus the parts it leaves out.
  static func description(_ part: SensorContext, units: UnitSystem) -> [String] {
    var lines = ReportText.contextLines(part, units: units)
    if let location = part.location, let latitude = location.latitude,
      let longitude = location.longitude
    {
      lines.append("Coordinates: \(JSONWriter.number(latitude)), \(JSONWriter.number(longitude))")
    }
    if let focus = part.focus, !focus.isFocused { lines.append("Focus: none") }
    if let media = part.media, media.title == nil { lines.append("Playing: \(media.source)") }
    if let weather = part.weather { lines += weatherDetails(weather, units: units) }
    if let device = part.deviceState { lines.append(deviceLine(device)) }
    return lines
  }

  /// What `reports show` leaves out of the weather: feels-like, humidity, wind, pressure.
  static func weatherDetails(_ weather: WeatherObservation, units: UnitSystem) -> [String] {
    var parts: [String] = []
    if let feels = weather.feelslikeC {
      parts.append("feels like " + DisplayMeasure.temperature(celsius: feels, in: units))
    }
    if let humidity = weather.relativeHumidity { parts.append("humidity \(humidity)") }
    if let wind = weather.windKPH {
      parts.append(
        "wind " + DisplayMeasure.speed(kilometresPerHour: wind, in: units)
          + (weather.windDirection.map { " \($0)" } ?? ""))
    }
    if let pressure = weather.pressureMb { parts.append("\(JSONWriter.number(pressure)) hPa") }
    return parts.isEmpty ? [] : [parts.joined(separator: ", ")]
  }

  static func deviceLine(_ device: DeviceState) -> String {
    var parts: [String] = []
    if let brightness = device.screenBrightness {
      parts.append("brightness \(Int((brightness * 100).rounded()))%")
    }
    if let saver = device.isLowPowerMode { parts.append(saver ? "power saver" : "no power saver") }
    if let style = device.interfaceStyle { parts.append("\(style) style") }
    if let route = device.audioOutputRoute { parts.append("audio to \(route)") }
    return "Device: " + parts.joined(separator: ", ")
  }

  static func milliseconds(_ seconds: Double) -> String {
    "\(Int((seconds * 1000).rounded())) ms"
  }

  static func json(_ outcome: SensorOutcome) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("name", outcome.name)
    switch outcome.state {
    case .recorded(let part):
      object.set("state", "recorded")
      object.set("reading", part.jsonValue)
    case .unavailable(let reason):
      object.set("state", "unavailable")
      object.set("reason", reason)
    case .failed(let reason):
      object.set("state", "failed")
      object.set("reason", reason)
    case .timedOut: object.set("state", "timedOut")
    case .off: object.set("state", "off")
    }
    object.set("milliseconds", outcome.seconds.map { Int(($0 * 1000).rounded()) })
    return object.value
  }
}
