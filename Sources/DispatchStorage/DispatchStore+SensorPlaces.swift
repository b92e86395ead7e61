import DispatchCore
import Foundation

/// The user's named places, which the location and weather sensors use (docs/sensors.md#places).
extension PlacesView {
  /// Every named place, by name.
  public func sensorPlaces() throws -> [SensorPlace] {
    try database.rows(
      "SELECT name, ssid, latitude, longitude FROM sensor_places ORDER BY name COLLATE NOCASE"
    ).map { row in
      SensorPlace(
        name: row.string(0) ?? "", ssid: row.string(1), latitude: row.double(2),
        longitude: row.double(3))
    }
  }

  /// The place called `name` (case-insensitive).
  ///
  /// - Throws: ``DispatchError`` `.unknownReference` naming the places there are.
  public func sensorPlace(named name: String) throws -> SensorPlace {
    let places = try sensorPlaces()
    if let place = places.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
      return place
    }
    let known =
      places.isEmpty
      ? "no place is named yet; add one with 'dispatch sensors places add NAME'"
      : "the places are " + places.map { "'\($0.name)'" }.joined(separator: ", ")
    throw DispatchError(.unknownReference, "no place is named '\(name)': \(known)")
  }

  /// Adds a place, or replaces the one with the same name.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` for an empty name, coordinates out of range or
  ///   only one of them, `.conflict` when another place already has the Wi-Fi network.
  public func saveSensorPlace(_ place: SensorPlace) throws {
    try write { try $0.saveSensorPlace(place) }
  }

  /// Removes the place called `name`.
  ///
  /// - Throws: ``DispatchError`` `.unknownReference` when there is none.
  public func removeSensorPlace(named name: String) throws {
    try write { try $0.removeSensorPlace(named: name) }
  }
}

extension StoreTransaction {
  /// Adds a place, or replaces the one with the same name.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` for an empty name, coordinates out of range or
  ///   only one of them, `.conflict` when another place already has the Wi-Fi network.
  public func saveSensorPlace(_ place: SensorPlace) throws {
    let name = place.name.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw DispatchError(.invalidValue, "a place needs a name") }
    guard (place.latitude == nil) == (place.longitude == nil) else {
      throw DispatchError(.invalidValue, "give both --latitude and --longitude, or neither")
    }
    if let latitude = place.latitude, !(-90...90).contains(latitude) {
      throw DispatchError(.invalidValue, "latitude \(latitude) is not within -90…90")
    }
    if let longitude = place.longitude, !(-180...180).contains(longitude) {
      throw DispatchError(.invalidValue, "longitude \(longitude) is not within -180…180")
    }
    if let ssid = place.ssid,
      let other = try store.places.sensorPlaces().first(where: {
        $0.ssid == ssid && $0.name.caseInsensitiveCompare(name) != .orderedSame
      })
    {
      throw DispatchError(.conflict, "the Wi-Fi network '\(ssid)' already means '\(other.name)'")
    }
    let db = database
    try db.execute(
      """
      INSERT INTO sensor_places (name, ssid, latitude, longitude, created_ms)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET name = excluded.name, ssid = excluded.ssid,
        latitude = excluded.latitude, longitude = excluded.longitude
      """,
      [name, place.ssid, place.latitude, place.longitude, environment.now().milliseconds])
  }

  /// Removes the place called `name`.
  ///
  /// - Throws: ``DispatchError`` `.unknownReference` when there is none.
  public func removeSensorPlace(named name: String) throws {
    let place = try store.places.sensorPlace(named: name)
    try database.execute("DELETE FROM sensor_places WHERE name = ?", [place.name])
  }
}
