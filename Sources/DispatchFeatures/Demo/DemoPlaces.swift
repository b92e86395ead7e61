import DispatchCore

/// Every place of the demo history, in New York and on the Lisbon trip.
enum DemoPlaces {
  static let home = DemoPlace(
    "Home", .newYork, 40.6712, -73.9778, altitude: 38, address: ("214", "Berkeley Pl"),
    area: "Park Slope", locality: "Brooklyn", region: "NY", county: "Kings County",
    postalCode: "11217", ambient: -52, connections: [.wifi])
  static let office = DemoPlace(
    "Office", .newYork, 40.7411, -73.9897, altitude: 17, address: ("175", "5th Ave"),
    area: "Flatiron District", locality: "New York", region: "NY", county: "New York County",
    postalCode: "10010", ambient: -40, connections: [.wired, .wifi])
  static let cafe = DemoPlace(
    "Café Lumen", .newYork, 40.6751, -73.9808, altitude: 31, address: ("227", "5th Ave"),
    area: "Park Slope", locality: "Brooklyn", region: "NY", county: "Kings County",
    postalCode: "11215", ambient: -29, connections: [.wifi, .cellularLTE])
  static let gym = DemoPlace(
    "Gym", .newYork, 40.6789, -73.9781, altitude: 25, address: ("88", "Flatbush Ave"),
    area: "Boerum Hill", locality: "Brooklyn", region: "NY", county: "Kings County",
    postalCode: "11217", ambient: -24, connections: [.cellular5G, .cellularLTE])
  static let park = DemoPlace(
    "Prospect Park", .newYork, 40.6602, -73.9690, altitude: 55, address: (nil, nil),
    area: "Prospect Park", locality: "Brooklyn", region: "NY", county: "Kings County",
    postalCode: "11225", ambient: -45, connections: [.cellular5G, .cellularLTE],
    outdoors: true)
  static let grocery = DemoPlace(
    "Grocery store", .newYork, 40.6769, -73.9797, altitude: 29, address: ("150", "7th Ave"),
    area: "Park Slope", locality: "Brooklyn", region: "NY", county: "Kings County",
    postalCode: "11215", ambient: -36, connections: [.cellularLTE])
  static let restaurant = DemoPlace(
    "Lucia's Trattoria", .newYork, 40.6776, -73.9687, altitude: 44,
    address: ("612", "Vanderbilt Ave"), area: "Prospect Heights", locality: "Brooklyn",
    region: "NY", county: "Kings County", postalCode: "11238", ambient: -27,
    connections: [.cellularLTE, .wifi])
  static let moms = DemoPlace(
    "Mom's place", .newYork, 40.7440, -74.0324, altitude: 9, address: ("1020", "Bloomfield St"),
    area: "Hoboken", locality: "Hoboken", region: "NJ", county: "Hudson County",
    postalCode: "07030", ambient: -47, connections: [.wifi])
  static let subway = DemoPlace(
    "Subway", .newYork, 40.6840, -73.9777, altitude: -8, address: (nil, "Atlantic Ave"),
    area: "Downtown Brooklyn", locality: "Brooklyn", region: "NY", county: "Kings County",
    postalCode: "11217", ambient: -21, connections: [.cellularLTE, .none])
  static let jfk = DemoPlace(
    "JFK Airport", .newYork, 40.6413, -73.7781, altitude: 4, address: (nil, "JFK Expressway"),
    area: "Jamaica", locality: "Queens", region: "NY", county: "Queens County",
    postalCode: "11430", ambient: -30, connections: [.wifi, .cellular5G])

  static let hotel = DemoPlace(
    "Hotel Alfama", .lisbon, 38.7118, -9.1300, altitude: 62, address: ("14", "Rua dos Remédios"),
    area: "Alfama", locality: "Lisboa", region: "Lisboa", county: nil, postalCode: "1100-441",
    ambient: -48, connections: [.wifi])
  static let lisbonAirport = DemoPlace(
    "Lisbon Airport", .lisbon, 38.7742, -9.1342, altitude: 114,
    address: (nil, "Alameda das Comunidades Portuguesas"), area: "Olivais", locality: "Lisboa",
    region: "Lisboa", county: nil, postalCode: "1700-111", ambient: -31,
    connections: [.wifi, .cellular])
  static let market = DemoPlace(
    "Time Out Market", .lisbon, 38.7069, -9.1459, altitude: 6,
    address: (nil, "Av. 24 de Julho"), area: "Cais do Sodré", locality: "Lisboa",
    region: "Lisboa", county: nil, postalCode: "1200-479", ambient: -25, connections: [.cellular])
  static let fadoHouse = DemoPlace(
    "Tasca do Chico", .lisbon, 38.7119, -9.1453, altitude: 70,
    address: ("39", "Rua do Diário de Notícias"), area: "Bairro Alto", locality: "Lisboa",
    region: "Lisboa", county: nil, postalCode: "1200-141", ambient: -28, connections: [.cellular])
  /// The places named for the location sensor (`dispatch sensors places`): home, office and
  /// café by their Wi-Fi networks, the gym by name only (chosen with `--place`).
  static let named: [SensorPlace] = [
    SensorPlace(
      name: home.name, ssid: "berkeley-214", latitude: home.latitude, longitude: home.longitude),
    SensorPlace(
      name: office.name, ssid: "flatiron-corp", latitude: office.latitude,
      longitude: office.longitude),
    SensorPlace(
      name: cafe.name, ssid: "CafeLumen-Guest", latitude: cafe.latitude, longitude: cafe.longitude),
    SensorPlace(name: gym.name, latitude: gym.latitude, longitude: gym.longitude),
  ]

  static let sights: [DemoPlace] = [
    DemoPlace(
      "Torre de Belém", .lisbon, 38.6916, -9.2160, altitude: 5,
      address: (nil, "Av. Brasília"), area: "Belém", locality: "Lisboa", region: "Lisboa",
      county: nil, postalCode: "1400-038", ambient: -38, connections: [.cellular],
      outdoors: true),
    DemoPlace(
      "Miradouro da Senhora do Monte", .lisbon, 38.7190, -9.1327, altitude: 105,
      address: (nil, "Rua da Senhora do Monte"), area: "Graça", locality: "Lisboa",
      region: "Lisboa", county: nil, postalCode: "1170-361", ambient: -41,
      connections: [.cellular], outdoors: true),
    DemoPlace(
      "LX Factory", .lisbon, 38.7033, -9.1786, altitude: 15,
      address: ("103", "Rua Rodrigues de Faria"), area: "Alcântara", locality: "Lisboa",
      region: "Lisboa", county: nil, postalCode: "1300-501", ambient: -33,
      connections: [.cellular, .wifi]),
    DemoPlace(
      "Gulbenkian Museum", .lisbon, 38.7375, -9.1544, altitude: 92,
      address: ("45A", "Av. de Berna"), area: "Avenidas Novas", locality: "Lisboa",
      region: "Lisboa", county: nil, postalCode: "1067-001", ambient: -46,
      connections: [.wifi]),
    DemoPlace(
      "Sintra", .lisbon, 38.7876, -9.3904, altitude: 207, address: (nil, "Rua Barbosa du Bocage"),
      area: "Sintra", locality: "Sintra", region: "Lisboa", county: nil, postalCode: "2710-405",
      ambient: -43, connections: [.cellular], outdoors: true),
  ]
}
