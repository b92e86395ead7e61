import DispatchCore
import DispatchSupport
import Foundation

/// The sensor objects of a snapshot (docs/formats/reporter.md#sensor-objects).
///
/// Each reader throws a ``ReporterFieldError`` for a malformed object; the snapshot reader then
/// drops that object alone and keeps the snapshot (docs/formats/reporter.md#leniency).
enum ReporterSensors {
  /// `audio {avg, peak}`: both values are needed; raw dBFS is kept as written.
  static func audio(_ object: JSONObject) throws(ReporterFieldError) -> AudioLevel {
    guard let average = try object.reporterNumber("avg"),
      let peak = try object.reporterNumber("peak")
    else { throw ReporterFieldError(field: "audio", reason: "audio lacks 'avg' or 'peak'") }
    return AudioLevel(average: average, peak: peak)
  }

  /// A serialised CLLocation; latitude and longitude are required
  /// (docs/formats/reporter.md#sensor-objects).
  static func location(_ object: JSONObject, defaultTimeZone: String)
    throws(ReporterFieldError) -> LocationSnapshot
  {
    guard let latitude = try object.reporterNumber("latitude"),
      let longitude = try object.reporterNumber("longitude")
    else {
      throw ReporterFieldError(field: "location", reason: "location lacks latitude or longitude")
    }
    var location = LocationSnapshot(latitude: latitude, longitude: longitude)
    location.altitude = try object.reporterNumber("altitude")
    location.horizontalAccuracy = try object.reporterNumber("horizontalAccuracy")
    location.verticalAccuracy = try object.reporterNumber("verticalAccuracy")
    // −1 means "invalid" for speed and course; kept as is, like Dispatch
    // (docs/formats/reporter.md#sensor-objects).
    location.speed = try object.reporterNumber("speed")
    location.course = try object.reporterNumber("course")
    if let raw = object["timestamp"], !raw.isNull {
      guard let instant = ReporterDate.instant(raw, defaultTimeZone: defaultTimeZone) else {
        throw ReporterFieldError(field: "timestamp", reason: "location timestamp is not a date")
      }
      location.timestamp = instant
    }
    if let placemark = try object.reporterObject("placemark") {
      location.placemark = try self.placemark(placemark)
    }
    return location
  }

  /// A serialised CLPlacemark minus `region`, a debug string Dispatch drops
  /// (docs/formats/reporter.md#sensor-objects).
  static func placemark(_ object: JSONObject) throws(ReporterFieldError) -> Placemark {
    Placemark(
      name: try object.reporterString("name"),
      thoroughfare: try object.reporterString("thoroughfare"),
      subThoroughfare: try object.reporterString("subThoroughfare"),
      locality: try object.reporterString("locality"),
      subLocality: try object.reporterString("subLocality"),
      administrativeArea: try object.reporterString("administrativeArea"),
      subAdministrativeArea: try object.reporterString("subAdministrativeArea"),
      postalCode: try object.reporterString("postalCode"),
      country: try object.reporterString("country"))
  }

  /// Weather Underground fields; `weather` becomes `condition`, the station's lat/lon are
  /// dropped (docs/formats/reporter.md#sensor-objects).
  static func weather(_ object: JSONObject) throws(ReporterFieldError) -> WeatherObservation {
    var weather = WeatherObservation()
    weather.condition = try object.reporterString("weather")
    weather.relativeHumidity = try object.reporterString("relativeHumidity")
    weather.windDirection = try object.reporterString("windDirection")
    weather.stationID = try object.reporterString("stationID")
    weather.tempF = try object.reporterNumber("tempF")
    weather.tempC = try object.reporterNumber("tempC")
    weather.feelslikeF = try object.reporterNumber("feelslikeF")
    weather.feelslikeC = try object.reporterNumber("feelslikeC")
    weather.dewpointC = try object.reporterNumber("dewpointC")
    weather.windDegrees = try object.reporterNumber("windDegrees")
    weather.windMPH = try object.reporterNumber("windMPH")
    weather.windKPH = try object.reporterNumber("windKPH")
    weather.windGustMPH = try object.reporterNumber("windGustMPH")
    weather.windGustKPH = try object.reporterNumber("windGustKPH")
    weather.pressureIn = try object.reporterNumber("pressureIn")
    weather.pressureMb = try object.reporterNumber("pressureMb")
    weather.visibilityMi = try object.reporterNumber("visibilityMi")
    weather.visibilityKM = try object.reporterNumber("visibilityKM")
    weather.precipTodayIn = try object.reporterNumber("precipTodayIn")
    weather.precipTodayMetric = try object.reporterNumber("precipTodayMetric")
    weather.uv = try object.reporterNumber("uv")
    return weather
  }

  /// The 2.x altitude object: metres from `gpsRawAltitude ?? gpsAltitudeFromLocation`, floors
  /// as counts and barometer readings in kPa as health readings
  /// (docs/formats/reporter.md#sensor-objects).
  static func altitude(_ object: JSONObject) throws(ReporterFieldError)
    -> (meters: Double?, health: [HealthReading])
  {
    let raw = try object.reporterNumber("gpsRawAltitude")
    let fromLocation = try object.reporterNumber("gpsAltitudeFromLocation")
    var health: [HealthReading] = []
    let readings: [(key: String, type: String, unit: String)] = [
      ("floorsAscended", "flightsAscended", "count"),
      ("floorsDescended", "flightsDescended", "count"),
      ("pressure", "pressure", "kPa"),
      ("adjustedPressure", "adjustedPressure", "kPa"),
    ]
    for reading in readings {
      if let value = try object.reporterNumber(reading.key) {
        health.append(HealthReading(type: reading.type, value: value, unit: reading.unit))
      }
    }
    return (raw ?? fromLocation, health)
  }

  /// One photo's asset metadata. EXIF stores unsigned coordinates with `N/S`/`E/W` refs, so the
  /// sign comes from the ref (docs/formats/reporter.md#sensor-objects; Dispatch ignores it and puts
  /// western longitudes in the east). A photo without GPS has 0/0 and no refs: no position.
  static func photo(_ object: JSONObject, fallbackID: String, defaultTimeZone: String)
    throws(ReporterFieldError) -> Photo
  {
    var photo = Photo(id: try object.reporterString("uniqueIdentifier") ?? fallbackID)
    photo.assetURL = try object.reporterString("assetUrl")
    photo.pixelWidth = try object.reporterInt("pixelWidth")
    photo.pixelHeight = try object.reporterInt("pixelHeight")
    if let raw = object["dateTime"], !raw.isNull {
      guard let instant = ReporterDate.instant(raw, defaultTimeZone: defaultTimeZone) else {
        throw ReporterFieldError(field: "dateTime", reason: "photo dateTime is not a date")
      }
      photo.dateTime = instant
    }
    let latitudeRef = try object.reporterString("latitudeRef")
    let longitudeRef = try object.reporterString("longitudeRef")
    if let latitude = try object.reporterNumber("latitude"),
      let longitude = try object.reporterNumber("longitude"),
      latitudeRef != nil || longitudeRef != nil || latitude != 0 || longitude != 0
    {
      let south = latitudeRef?.uppercased() == "S"
      let west = longitudeRef?.uppercased() == "W"
      photo.latitude = south ? -abs(latitude) : latitude
      photo.longitude = west ? -abs(longitude) : longitude
    }
    return photo
  }
}
