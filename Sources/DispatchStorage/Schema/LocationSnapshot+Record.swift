import DispatchCore

/// The location columns shared by `report_locations` and `response_locations`.
extension LocationSnapshot {
  static let columnList = """
    latitude, longitude, altitude, horizontal_accuracy, vertical_accuracy, speed,
    speed_accuracy, course, course_accuracy, floor_level, is_simulated, is_from_accessory,
    true_heading, magnetic_heading, heading_accuracy, timestamp_ms, has_placemark, place_name,
    thoroughfare, sub_thoroughfare, locality, sub_locality, administrative_area,
    sub_administrative_area, postal_code, country
    """
  static let columnCount = 26

  var databaseValues: [DatabaseValue] {
    let mark = placemark
    return [
      DatabaseValue(latitude),
      DatabaseValue(longitude),
      DatabaseValue(altitude),
      DatabaseValue(horizontalAccuracy),
      DatabaseValue(verticalAccuracy),
      DatabaseValue(speed),
      DatabaseValue(speedAccuracy),
      DatabaseValue(course),
      DatabaseValue(courseAccuracy),
      DatabaseValue(floorLevel),
      DatabaseValue(isSimulatedBySoftware),
      DatabaseValue(isProducedByAccessory),
      DatabaseValue(trueHeading),
      DatabaseValue(magneticHeading),
      DatabaseValue(headingAccuracy),
      DatabaseValue(timestamp?.milliseconds),
      DatabaseValue(mark != nil),
      DatabaseValue(mark?.name),
      DatabaseValue(mark?.thoroughfare),
      DatabaseValue(mark?.subThoroughfare),
      DatabaseValue(mark?.locality),
      DatabaseValue(mark?.subLocality),
      DatabaseValue(mark?.administrativeArea),
      DatabaseValue(mark?.subAdministrativeArea),
      DatabaseValue(mark?.postalCode),
      DatabaseValue(mark?.country),
    ]
  }

  /// Reads the 26 location columns starting at `offset`.
  init(row: Row, offset o: Int) {
    var placemark: Placemark?
    if row.bool(o + 16) == true {
      placemark = Placemark(
        name: row.string(o + 17), thoroughfare: row.string(o + 18),
        subThoroughfare: row.string(o + 19), locality: row.string(o + 20),
        subLocality: row.string(o + 21), administrativeArea: row.string(o + 22),
        subAdministrativeArea: row.string(o + 23), postalCode: row.string(o + 24),
        country: row.string(o + 25))
    }
    self.init(
      latitude: row.double(o), longitude: row.double(o + 1), altitude: row.double(o + 2),
      horizontalAccuracy: row.double(o + 3), verticalAccuracy: row.double(o + 4),
      speed: row.double(o + 5), speedAccuracy: row.double(o + 6), course: row.double(o + 7),
      courseAccuracy: row.double(o + 8), floorLevel: row.int(o + 9),
      isSimulatedBySoftware: row.bool(o + 10), isProducedByAccessory: row.bool(o + 11),
      trueHeading: row.double(o + 12), magneticHeading: row.double(o + 13),
      headingAccuracy: row.double(o + 14), timestamp: row.int64(o + 15).map(Instant.init),
      placemark: placemark)
  }
}

extension WeatherObservation {
  static let columnList = """
    temp_f, temp_c, condition, relative_humidity, wind_mph, wind_kph, wind_gust_mph,
    wind_gust_kph, wind_direction, wind_degrees, pressure_in, pressure_mb, visibility_mi,
    visibility_km, feelslike_f, feelslike_c, dewpoint_c, precip_today_in, precip_today_metric,
    uv, station_id
    """
  static let columnCount = 21

  var databaseValues: [DatabaseValue] {
    [
      DatabaseValue(tempF),
      DatabaseValue(tempC),
      DatabaseValue(condition),
      DatabaseValue(relativeHumidity),
      DatabaseValue(windMPH),
      DatabaseValue(windKPH),
      DatabaseValue(windGustMPH),
      DatabaseValue(windGustKPH),
      DatabaseValue(windDirection),
      DatabaseValue(windDegrees),
      DatabaseValue(pressureIn),
      DatabaseValue(pressureMb),
      DatabaseValue(visibilityMi),
      DatabaseValue(visibilityKM),
      DatabaseValue(feelslikeF),
      DatabaseValue(feelslikeC),
      DatabaseValue(dewpointC),
      DatabaseValue(precipTodayIn),
      DatabaseValue(precipTodayMetric),
      DatabaseValue(uv),
      DatabaseValue(stationID),
    ]
  }

  init(row: Row, offset o: Int) {
    self.init()
    tempF = row.double(o)
    tempC = row.double(o + 1)
    condition = row.string(o + 2)
    relativeHumidity = row.string(o + 3)
    windMPH = row.double(o + 4)
    windKPH = row.double(o + 5)
    windGustMPH = row.double(o + 6)
    windGustKPH = row.double(o + 7)
    windDirection = row.string(o + 8)
    windDegrees = row.double(o + 9)
    pressureIn = row.double(o + 10)
    pressureMb = row.double(o + 11)
    visibilityMi = row.double(o + 12)
    visibilityKM = row.double(o + 13)
    feelslikeF = row.double(o + 14)
    feelslikeC = row.double(o + 15)
    dewpointC = row.double(o + 16)
    precipTodayIn = row.double(o + 17)
    precipTodayMetric = row.double(o + 18)
    uv = row.double(o + 19)
    stationID = row.string(o + 20)
  }
}
