import DispatchCore

/// A city the demo person spends time in: its zone and the climate its weather is drawn from.
enum DemoCity: Sendable {
  case newYork
  case lisbon

  /// The IANA zone reports filed there carry.
  var zoneIdentifier: String {
    switch self {
    case .newYork: return DemoConfiguration.homeTimeZone
    case .lisbon: return DemoConfiguration.travelTimeZone
    }
  }

  /// The weather station observations cite.
  var stationID: String {
    switch self {
    case .newYork: return "KNYC"
    case .lisbon: return "LPPT"
    }
  }

  /// Mean daily temperature, °C, at the middle of each month (climate normals, rounded).
  var monthlyMeanC: [Double] {
    switch self {
    case .newYork: return [0.5, 1.9, 5.8, 11.7, 17.3, 22.5, 25.5, 24.8, 21.0, 14.8, 9.1, 3.8]
    case .lisbon: return [11.6, 12.6, 14.9, 16.1, 18.2, 21.4, 23.1, 23.5, 22.2, 19.3, 15.2, 12.5]
    }
  }

  /// The chance that a day of each month is wet.
  var monthlyWetChance: [Double] {
    switch self {
    case .newYork: return [0.33, 0.31, 0.35, 0.36, 0.37, 0.34, 0.33, 0.31, 0.29, 0.28, 0.31, 0.34]
    case .lisbon: return [0.38, 0.34, 0.30, 0.33, 0.24, 0.10, 0.04, 0.05, 0.14, 0.30, 0.38, 0.40]
    }
  }
}

/// A place the demo person goes to: what they answer to "Where are you?", and what the
/// location, connection and microphone sensors would report there.
struct DemoPlace: Sendable, Equatable {
  /// The answer text, e.g. "Café Lumen".
  let name: String
  let city: DemoCity
  let latitude: Double
  let longitude: Double
  /// Metres above sea level.
  let altitude: Double
  let placemark: Placemark
  /// Typical ambient level in dBFS.
  let ambientDBFS: Double
  /// Connection raws seen there, the first most often (see ``ConnectionType``).
  let connections: [Int]
  /// Whether being there means walking outdoors (more steps, a higher heart rate).
  let isOutdoors: Bool

  init(
    _ name: String, _ city: DemoCity, _ latitude: Double, _ longitude: Double,
    altitude: Double, address: (number: String?, street: String?), area: String,
    locality: String, region: String, county: String?, postalCode: String,
    ambient: Double, connections: [ConnectionType], outdoors: Bool = false
  ) {
    self.name = name
    self.city = city
    self.latitude = latitude
    self.longitude = longitude
    self.altitude = altitude
    let country = city == .newYork ? "United States" : "Portugal"
    let label = [address.number, address.street].compactMap { $0 }.joined(separator: " ")
    placemark = Placemark(
      name: label.isEmpty ? name : label, thoroughfare: address.street,
      subThoroughfare: address.number, locality: locality, subLocality: area,
      administrativeArea: region, subAdministrativeArea: county, postalCode: postalCode,
      country: country)
    ambientDBFS = ambient
    self.connections = connections.map(\.rawValue)
    isOutdoors = outdoors
  }
}
