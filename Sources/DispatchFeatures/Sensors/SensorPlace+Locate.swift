import DispatchCore
import Foundation

/// Where the report is being filed, and how that is known.
package struct LocatedPlace: Sendable, Equatable {
  enum Source: String, Sendable {
    case chosen, wifi, geoclue
  }

  var name: String?
  var latitude: Double?
  var longitude: Double?
  var altitude: Double?
  var accuracy: Double?
  var source: Source
}

extension SensorPlace {
  /// Metres between this place and a point, or nil when the place has no coordinates.
  func distance(toLatitude latitude: Double, longitude: Double) -> Double? {
    guard let ownLatitude = self.latitude, let ownLongitude = self.longitude else { return nil }
    return GreatCircle.metres(ownLatitude, ownLongitude, latitude, longitude)
  }
}

/// Distances on the Earth's surface (haversine, mean radius).
package enum GreatCircle {
  static func metres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let radians = Double.pi / 180
    let dLat = (lat2 - lat1) * radians
    let dLon = (lon2 - lon1) * radians
    let a =
      sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2)
      * sin(dLon / 2)
    return 6_371_000 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
  }
}

/// Works out the place: the one chosen for this report, else the named place whose Wi-Fi
/// network is connected, else GeoClue's fix (named after a place within 150 m).
package enum PlaceFinder {
  /// How near a GeoClue fix must be to a named place to take its name.
  static let nameRadiusMetres = 150.0

  static func find(_ environment: SensorEnvironment) -> Result<LocatedPlace, SensorError> {
    environment.placeFinding.get {
      Result { try locate(environment) }.mapError(SensorError.init)
    }
  }

  /// The named place within ``nameRadiusMetres`` of a fix, the nearest when several are.
  static func nearestPlace(to fix: LocatedPlace, among places: [SensorPlace]) -> SensorPlace? {
    guard let latitude = fix.latitude, let longitude = fix.longitude else { return nil }
    return
      places
      .compactMap { place in
        place.distance(toLatitude: latitude, longitude: longitude).map { (place, $0) }
      }
      .filter { $0.1 <= nameRadiusMetres }
      .min { $0.1 < $1.1 }?.0
  }

  /// The named place whose Wi-Fi network is connected; nothing is run when no place has one.
  static func placeOnWiFi(_ environment: SensorEnvironment) -> SensorPlace? {
    let known = environment.places.filter { $0.ssid != nil }
    guard !known.isEmpty, let ssid = WiFiNetwork.currentSSID(environment) else { return nil }
    return known.first { $0.ssid == ssid }
  }

  /// The place, or the reason there is none as ``SensorUnavailable`` or ``SensorFailure``.
  static func place(_ environment: SensorEnvironment) throws -> LocatedPlace {
    switch find(environment) {
    case .success(let place): return place
    case .failure(let error): throw error.error
    }
  }

  private static func locate(_ environment: SensorEnvironment) throws -> LocatedPlace {
    if let place = environment.chosenPlace {
      return LocatedPlace(
        name: place.name, latitude: place.latitude, longitude: place.longitude, source: .chosen)
    }
    if let place = placeOnWiFi(environment) {
      return LocatedPlace(
        name: place.name, latitude: place.latitude, longitude: place.longitude, source: .wifi)
    }
    do {
      var fix = try GeoClue.fix(environment)
      fix.name = nearestPlace(to: fix, among: environment.places)?.name
      return fix
    } catch let unavailable as SensorUnavailable {
      let places =
        environment.places.contains { $0.ssid != nil }
        ? "no named place's Wi-Fi network is connected" : "no named place has a Wi-Fi network"
      throw SensorUnavailable("\(places), and \(unavailable.reason)")
    }
  }
}

/// The connected Wi-Fi network's name, from NetworkManager (`nmcli`) or wireless-tools
/// (`iwgetid`). Used to recognise places; never recorded.
package enum WiFiNetwork {
  static func currentSSID(_ environment: SensorEnvironment) -> String? {
    if let text = try? environment.commands.text(
      "nmcli", ["-t", "-f", "ACTIVE,SSID", "device", "wifi"])
    {
      for line in text.split(separator: "\n") {
        let fields = NMCLIFields.split(String(line))
        if fields.count >= 2, fields[0] == "yes", !fields[1].isEmpty { return fields[1] }
      }
    }
    if let text = try? environment.commands.text("iwgetid", ["-r"]), !text.isEmpty {
      return text
    }
    return nil
  }
}

/// `nmcli -t` output: fields joined by ':', with ':' and '\' inside a field escaped by '\'.
package enum NMCLIFields {
  static func split(_ line: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var escaped = false
    for character in line {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == ":" {
        fields.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    fields.append(current)
    return fields
  }
}

/// A fix from GeoClue through its `where-am-i` client, which prints the first location it
/// gets and exits (`-t` seconds at most).
package enum GeoClue {
  /// Debian installs the client outside PATH, with GeoClue's demos.
  static let demoClient = "/usr/libexec/geoclue-2.0/demos/where-am-i"

  static func fix(_ environment: SensorEnvironment) throws -> LocatedPlace {
    let clients = ["where-am-i", environment.system(demoClient)]
    guard let client = clients.first(where: environment.commands.exists) else {
      throw SensorUnavailable("GeoClue's where-am-i is not installed")
    }
    let text = try environment.commands.text(client, ["-t", "1"], timeout: 1.5)
    var values: [String: Double] = [:]
    for line in text.split(separator: "\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let label = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let number = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
        .prefix { $0.isNumber || $0 == "." || $0 == "-" }
      if let value = Double(number) { values[label] = value }
    }
    guard let latitude = values["latitude"], let longitude = values["longitude"],
      (-90...90).contains(latitude), (-180...180).contains(longitude)
    else { throw SensorFailure("where-am-i printed no location") }
    return LocatedPlace(
      name: nil, latitude: latitude, longitude: longitude, altitude: values["altitude"],
      accuracy: values["accuracy"], source: .geoclue)
  }
}
