import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch sensors list|on|off|test|set|places`: the context each report records
/// (docs/sensors.md#the-sensors).
enum SensorsCommand {
  static let names = SensorCatalog.all.map(\.name)
  static let settingNames = ["deadline", "weather-url", "photo-folders"]

  static let spec: CommandSpec = CommandSpec(
    "sensors",
    abstract: "Choose what context each report records: battery, place, weather, music…",
    discussion: """
      When a survey opens, the sensors that are on read the moment together, within one \
      deadline (2 s unless set): a sensor that is slow, fails or has nothing to read here \
      adds nothing, and the report is never held up or lost for it. Sensors that stay on \
      the machine start on; weather (which asks Open-Meteo over the network) and sound \
      (which listens to the microphone for a second and keeps only its level) start off. \
      Places are named by their Wi-Fi network or chosen with 'report --place'. See \
      docs/sensors.md.
      """,
    subcommands: [listSpec, onSpec, offSpec, testSpec, setSpec, SensorPlacesCommand.spec],
    defaultSubcommand: "list",
    examples: [
      "dispatch sensors", "dispatch sensors test", "dispatch sensors on weather",
      "dispatch sensors off media",
      "dispatch sensors places add Home --ssid homenet "
        + "--latitude 52.52 --longitude 13.40",
    ])

  static let listSpec: CommandSpec = CommandSpec(
    "list", abstract: "List the sensors, whether each is on, and the sensor settings",
    json: true, examples: ["dispatch sensors list", "dispatch sensors --json"], run: list)

  static let onSpec: CommandSpec = CommandSpec(
    "on", abstract: "Turn sensors on",
    arguments: [
      ArgumentSpec(
        "NAME", names.joined(separator: ", "), variadic: true, completion: .values(names))
    ],
    examples: ["dispatch sensors on weather", "dispatch sensors on sound photos"],
    run: { try toggle($0, on: true) })

  static let offSpec: CommandSpec = CommandSpec(
    "off", abstract: "Turn sensors off",
    arguments: [
      ArgumentSpec(
        "NAME", names.joined(separator: ", "), variadic: true, completion: .values(names))
    ],
    examples: ["dispatch sensors off media"], run: { try toggle($0, on: false) })

  static let setSpec: CommandSpec = CommandSpec(
    "set", abstract: "Change a sensor setting",
    discussion: """
      deadline: seconds all sensors together may take (0.1–10, default 2). weather-url: the \
      Open-Meteo server (default https://api.open-meteo.com; a mirror or your own instance). \
      photo-folders: the folders searched for new photos, joined by ':' (default ~/Pictures).
      """,
    arguments: [
      ArgumentSpec("NAME", settingNames.joined(separator: ", "), completion: .values(settingNames)),
      ArgumentSpec("VALUE", "The new value"),
    ],
    examples: [
      "dispatch sensors set deadline 1.5",
      "dispatch sensors set photo-folders '~/Pictures:~/Camera'",
      "dispatch sensors set weather-url http://localhost:8080",
    ],
    run: set)

  static let testSpec: CommandSpec = CommandSpec(
    "test", abstract: "Read the sensors now and show what a report would record",
    discussion: """
      Runs the sensors that are on, as a survey would, and prints each one's reading, or why \
      it has nothing (not installed, no battery, failed, too slow). Sensors that are off are \
      listed but not run. Nothing is filed.
      """,
    arguments: [
      ArgumentSpec(
        "NAME", "Only these sensors (default: all)", optional: true, variadic: true,
        completion: .values(names))
    ],
    options: [.value("place", "NAME", "Test as if this named place were chosen")],
    json: true, examples: ["dispatch sensors test", "dispatch sensors test battery --json"],
    run: SensorsTest.run)

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let settings = try SensorSettings.load(from: store)
    if invocation.wantsJSON {
      let sensors = SensorCatalog.all.map { provider -> JSONValue in
        var object = JSONObjectBuilder()
        object.set("name", provider.name)
        object.set("on", .bool(settings.isOn(provider)))
        object.set("onByDefault", .bool(provider.reach.isOnByDefault))
        object.set("reach", provider.reach.rawValue)
        object.set("records", provider.summary)
        return object.value
      }
      var object = JSONObjectBuilder()
      object.set("sensors", .array(sensors))
      object.set("deadlineSeconds", .double(settings.deadline))
      object.set("weatherURL", URLRedaction.redacted(settings.weatherURL))
      object.set("photoFolders", .array(settings.photoFolders.map(JSONValue.string)))
      invocation.printJSON(object.value)
      return
    }
    let width = names.map(\.count).max() ?? 0
    for provider in SensorCatalog.all {
      let on = settings.isOn(provider)
      let state = on ? invocation.style.green("on ") : invocation.style.dim("off")
      let reach = provider.reach == .local ? "" : " [\(provider.reach.rawValue)]"
      invocation.stdout.line(
        provider.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + state + "  "
          + provider.summary + reach)
    }
    invocation.stdout.line()
    invocation.stdout.line(
      "Deadline \(JSONWriter.number(settings.deadline)) s · weather from \(URLRedaction.redacted(settings.weatherURL))"
        + " · photos in \(settings.photoFolders.joined(separator: ":"))")
  }

  static func toggle(_ invocation: Invocation, on: Bool) throws {
    let given = invocation.parsed.positionals
    guard !given.isEmpty else {
      throw invocation.usage("name a sensor: \(names.joined(separator: ", "))")
    }
    let providers = try given.map { try provider(named: $0, invocation) }
    let store = try invocation.openStore(.write)
    for provider in providers {
      try store.settings.setSetting(SensorSettingKey.toggle(provider.name), on ? "on" : "off")
    }
    let list = providers.map(\.name).joined(separator: ", ")
    var line = "\(list) \(providers.count == 1 ? "is" : "are") \(on ? "on" : "off")."
    if on && providers.contains(where: { $0.reach == .network }) {
      line += " Weather sends the place's coordinates (rounded to about 1 km) to the weather URL."
    }
    if on && providers.contains(where: { $0.reach == .microphone }) {
      line += " Sound listens for a second per report and keeps only the level."
    }
    invocation.stdout.line(line)
  }

  static func provider(named name: String, _ invocation: Invocation) throws(CLIError)
    -> any SensorProvider
  {
    guard let provider = SensorCatalog.named(name) else {
      throw invocation.unknownChoice("'\(name)' is not a sensor", name, among: names)
    }
    return provider
  }

  static func set(_ invocation: Invocation) throws {
    guard let name = invocation.positional(0), let value = invocation.positional(1) else {
      throw invocation.usage("give a setting and a value, e.g. 'dispatch sensors set deadline 1.5'")
    }
    let key: String
    let stored: String
    switch name {
    case "deadline":
      guard let seconds = Double(value), SensorSettings.deadlineRange.contains(seconds) else {
        throw invocation.usage("'\(value)' is not a deadline: give seconds from 0.1 to 10")
      }
      (key, stored) = (SensorSettingKey.deadline, JSONWriter.number(seconds))
    case "weather-url":
      guard let url = URL(string: value), ["http", "https"].contains(url.scheme ?? ""),
        url.host != nil
      else { throw invocation.usage("'\(value)' is not an http or https URL") }
      (key, stored) = (SensorSettingKey.weatherURL, value)
    case "photo-folders":
      let folders = value.split(separator: ":").map(String.init)
      guard !folders.isEmpty else { throw invocation.usage("give at least one folder") }
      (key, stored) = (SensorSettingKey.photoFolders, folders.joined(separator: ":"))
    default:
      throw invocation.unknownChoice("'\(name)' is not a sensor setting", name, among: settingNames)
    }
    let store = try invocation.openStore(.write)
    try store.settings.setSetting(key, stored)
    invocation.stdout.line("Sensor setting \(name) is \(stored).")
  }
}
