import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch sensors places list|add|remove`: the named places the location sensor knows.
enum SensorPlacesCommand {
  static let latitudeOption = Option<Double>.number(
    "latitude", "DEGREES", "North is positive, e.g. 52.52")
  static let longitudeOption = Option<Double>.number(
    "longitude", "DEGREES", "East is positive, e.g. 13.405")

  static let spec: CommandSpec = CommandSpec(
    "places",
    abstract: "Name the places you report from",
    discussion: """
      A place is recognised by its Wi-Fi network (the network's name is kept in the store \
      only, never in a report) or chosen when filing ('dispatch report --place Gym'). Give \
      it coordinates so weather can be looked up there and GeoClue fixes within 150 m take \
      its name.
      """,
    subcommands: [listSpec, addSpec, removeSpec],
    defaultSubcommand: "list",
    examples: [
      "dispatch sensors places add Home --ssid homenet --latitude 52.52 --longitude 13.405",
      "dispatch sensors places add Gym", "dispatch sensors places remove Gym",
    ])

  static let listSpec: CommandSpec = CommandSpec(
    "list", abstract: "List the named places", json: true,
    examples: ["dispatch sensors places"], run: list)

  static let addSpec: CommandSpec = CommandSpec(
    "add", abstract: "Name a place, or change one",
    arguments: [ArgumentSpec("NAME", "The place's name, e.g. Home")],
    options: [
      .value("ssid", "NETWORK", "The Wi-Fi network that means you are here"),
      .flag("here", "Use the Wi-Fi network you are connected to now as --ssid"),
      latitudeOption.spec, longitudeOption.spec,
    ],
    examples: [
      "dispatch sensors places add Library --ssid library-guest",
      "dispatch sensors places add Studio --here --latitude 40.6782 --longitude -73.9442",
    ], run: add)

  static let removeSpec: CommandSpec = CommandSpec(
    "remove", abstract: "Forget a place",
    arguments: [ArgumentSpec("NAME", "The place's name")],
    examples: ["dispatch sensors places remove Office"], run: remove)

  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    let places = try store.places.sensorPlaces()
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          (
            "places",
            .array(
              places.map { place in
                var object = JSONObjectBuilder()
                object.set("name", place.name)
                object.set("ssid", place.ssid)
                object.set("latitude", place.latitude)
                object.set("longitude", place.longitude)
                return object.value
              })
          )
        ]))
      return
    }
    guard !places.isEmpty else {
      invocation.stdout.line(
        "No places yet. Add one with 'dispatch sensors places add Home --ssid NETWORK'.")
      return
    }
    for place in places {
      var parts: [String] = []
      if let ssid = place.ssid { parts.append("Wi-Fi '\(ssid)'") }
      if let latitude = place.latitude, let longitude = place.longitude {
        parts.append("at \(JSONWriter.number(latitude)), \(JSONWriter.number(longitude))")
      }
      invocation.stdout.line(
        place.name + (parts.isEmpty ? " (chosen by name)" : ": " + parts.joined(separator: ", ")))
    }
  }

  static func add(_ invocation: Invocation) throws {
    guard let name = invocation.positional(0) else {
      throw invocation.usage("give the place a name, e.g. 'dispatch sensors places add Home'")
    }
    var ssid = invocation.value("ssid")
    if let ssid, ssid.isEmpty { throw invocation.usage("--ssid needs the network's name") }
    if invocation.flag("here") {
      guard ssid == nil else { throw invocation.usage("give --ssid or --here, not both") }
      guard
        let current = SensorGathering.connectedWiFiNetwork(environment: invocation.environment)
      else {
        throw CLIError(
          .tryLater,
          "no connected Wi-Fi network could be read (nmcli or iwgetid); give it with --ssid")
      }
      ssid = current
    }
    let place = SensorPlace(
      name: name, ssid: ssid, latitude: invocation.value(latitudeOption),
      longitude: invocation.value(longitudeOption))
    let store = try invocation.openStore(.write)
    try store.places.saveSensorPlace(place)
    let network = place.ssid.map { " (Wi-Fi '\($0)')" } ?? ""
    invocation.stdout.line(
      "Place '\(name.trimmingCharacters(in: .whitespaces))' is saved\(network).")
  }

  static func remove(_ invocation: Invocation) throws {
    guard let name = invocation.positional(0) else {
      throw invocation.usage("name the place to remove")
    }
    let store = try invocation.openStore(.write)
    try store.places.removeSensorPlace(named: name)
    invocation.stdout.line("Place '\(name)' is forgotten.")
  }
}
