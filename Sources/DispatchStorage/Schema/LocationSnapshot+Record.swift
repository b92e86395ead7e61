import DispatchCore

/// The location columns shared by `report_locations` and `response_locations`.
extension LocationSnapshot {
  /// An empty snapshot: what `response_locations` holds for an answer that names no place.
  static let none = LocationSnapshot()

  static let columns: [Column<LocationSnapshot>] = [
    Column("latitude", .optionalReal) { DatabaseValue($0.latitude) },
    Column("longitude", .optionalReal) { DatabaseValue($0.longitude) },
    Column("altitude", .optionalReal) { DatabaseValue($0.altitude) },
    Column("horizontal_accuracy", .optionalReal) { DatabaseValue($0.horizontalAccuracy) },
    Column("vertical_accuracy", .optionalReal) { DatabaseValue($0.verticalAccuracy) },
    Column("speed", .optionalReal) { DatabaseValue($0.speed) },
    Column("speed_accuracy", .optionalReal) { DatabaseValue($0.speedAccuracy) },
    Column("course", .optionalReal) { DatabaseValue($0.course) },
    Column("course_accuracy", .optionalReal) { DatabaseValue($0.courseAccuracy) },
    Column("floor_level", .optionalInteger) { DatabaseValue($0.floorLevel) },
    Column("is_simulated", .optionalInteger) { DatabaseValue($0.isSimulatedBySoftware) },
    Column("is_from_accessory", .optionalInteger) { DatabaseValue($0.isProducedByAccessory) },
    Column("true_heading", .optionalReal) { DatabaseValue($0.trueHeading) },
    Column("magnetic_heading", .optionalReal) { DatabaseValue($0.magneticHeading) },
    Column("heading_accuracy", .optionalReal) { DatabaseValue($0.headingAccuracy) },
    Column("timestamp_ms", .optionalInteger) { DatabaseValue($0.timestamp?.milliseconds) },
    Column("has_placemark", .integer) { DatabaseValue($0.placemark != nil) },
    Column("place_name", .optionalText) { DatabaseValue($0.placemark?.name) },
    Column("thoroughfare", .optionalText) { DatabaseValue($0.placemark?.thoroughfare) },
    Column("sub_thoroughfare", .optionalText) { DatabaseValue($0.placemark?.subThoroughfare) },
    Column("locality", .optionalText) { DatabaseValue($0.placemark?.locality) },
    Column("sub_locality", .optionalText) { DatabaseValue($0.placemark?.subLocality) },
    Column("administrative_area", .optionalText) {
      DatabaseValue($0.placemark?.administrativeArea)
    },
    Column("sub_administrative_area", .optionalText) {
      DatabaseValue($0.placemark?.subAdministrativeArea)
    },
    Column("postal_code", .optionalText) { DatabaseValue($0.placemark?.postalCode) },
    Column("country", .optionalText) { DatabaseValue($0.placemark?.country) },
  ]

  /// Reads the location columns, in declaration order.
  init(reading row: inout ColumnReader) {
    self.init(
      latitude: row.double("latitude"), longitude: row.double("longitude"),
      altitude: row.double("altitude"), horizontalAccuracy: row.double("horizontal_accuracy"),
      verticalAccuracy: row.double("vertical_accuracy"), speed: row.double("speed"),
      speedAccuracy: row.double("speed_accuracy"), course: row.double("course"),
      courseAccuracy: row.double("course_accuracy"), floorLevel: row.int("floor_level"),
      isSimulatedBySoftware: row.bool("is_simulated"),
      isProducedByAccessory: row.bool("is_from_accessory"),
      trueHeading: row.double("true_heading"), magneticHeading: row.double("magnetic_heading"),
      headingAccuracy: row.double("heading_accuracy"),
      timestamp: row.int64("timestamp_ms").map(Instant.init),
      placemark: Self.placemark(reading: &row))
  }

  /// The place's name and address, when `has_placemark` says it has one.
  private static func placemark(reading row: inout ColumnReader) -> Placemark? {
    guard row.bool("has_placemark") == true else { return nil }
    return Placemark(
      name: row.text("place_name"), thoroughfare: row.text("thoroughfare"),
      subThoroughfare: row.text("sub_thoroughfare"), locality: row.text("locality"),
      subLocality: row.text("sub_locality"), administrativeArea: row.text("administrative_area"),
      subAdministrativeArea: row.text("sub_administrative_area"),
      postalCode: row.text("postal_code"), country: row.text("country"))
  }
}

extension WeatherObservation {
  static let columns: [Column<WeatherObservation>] = [
    Column("temp_f", .optionalReal) { DatabaseValue($0.tempF) },
    Column("temp_c", .optionalReal) { DatabaseValue($0.tempC) },
    Column("condition", .optionalText) { DatabaseValue($0.condition) },
    Column("relative_humidity", .optionalText) { DatabaseValue($0.relativeHumidity) },
    Column("wind_mph", .optionalReal) { DatabaseValue($0.windMPH) },
    Column("wind_kph", .optionalReal) { DatabaseValue($0.windKPH) },
    Column("wind_gust_mph", .optionalReal) { DatabaseValue($0.windGustMPH) },
    Column("wind_gust_kph", .optionalReal) { DatabaseValue($0.windGustKPH) },
    Column("wind_direction", .optionalText) { DatabaseValue($0.windDirection) },
    Column("wind_degrees", .optionalReal) { DatabaseValue($0.windDegrees) },
    Column("pressure_in", .optionalReal) { DatabaseValue($0.pressureIn) },
    Column("pressure_mb", .optionalReal) { DatabaseValue($0.pressureMb) },
    Column("visibility_mi", .optionalReal) { DatabaseValue($0.visibilityMi) },
    Column("visibility_km", .optionalReal) { DatabaseValue($0.visibilityKM) },
    Column("feelslike_f", .optionalReal) { DatabaseValue($0.feelslikeF) },
    Column("feelslike_c", .optionalReal) { DatabaseValue($0.feelslikeC) },
    Column("dewpoint_c", .optionalReal) { DatabaseValue($0.dewpointC) },
    Column("precip_today_in", .optionalReal) { DatabaseValue($0.precipTodayIn) },
    Column("precip_today_metric", .optionalReal) { DatabaseValue($0.precipTodayMetric) },
    Column("uv", .optionalReal) { DatabaseValue($0.uv) },
    Column("station_id", .optionalText) { DatabaseValue($0.stationID) },
  ]

  /// Reads the weather columns, in declaration order.
  init(reading row: inout ColumnReader) {
    self.init()
    tempF = row.double("temp_f")
    tempC = row.double("temp_c")
    condition = row.text("condition")
    relativeHumidity = row.text("relative_humidity")
    windMPH = row.double("wind_mph")
    windKPH = row.double("wind_kph")
    windGustMPH = row.double("wind_gust_mph")
    windGustKPH = row.double("wind_gust_kph")
    windDirection = row.text("wind_direction")
    windDegrees = row.double("wind_degrees")
    pressureIn = row.double("pressure_in")
    pressureMb = row.double("pressure_mb")
    visibilityMi = row.double("visibility_mi")
    visibilityKM = row.double("visibility_km")
    feelslikeF = row.double("feelslike_f")
    feelslikeC = row.double("feelslike_c")
    dewpointC = row.double("dewpoint_c")
    precipTodayIn = row.double("precip_today_in")
    precipTodayMetric = row.double("precip_today_metric")
    uv = row.double("uv")
    stationID = row.text("station_id")
  }
}
