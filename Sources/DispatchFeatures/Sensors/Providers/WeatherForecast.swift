import DispatchCore
import Foundation

/// Open-Meteo's `/v1/forecast` answer, as much of it as an observation needs, turned into a
/// ``WeatherObservation``.
///
/// Only `current.temperature_2m` is required: Open-Meteo answers null for what a model lacks
/// (visibility, UV in some regions), and a reading without those is still worth keeping.
/// Numbers are read in the units `current_units` names, so a mirror set to °F or mph reads
/// right.
package struct WeatherForecast: Decodable {
  /// The `current` block's numbers, or (as strings) its `current_units`.
  struct Current<Value: Decodable & Sendable>: Decodable {
    var temperature: Value?
    var humidity: Value?
    var feelsLike: Value?
    var dewPoint: Value?
    var weatherCode: Value?
    var pressure: Value?
    var windSpeed: Value?
    var windDirection: Value?
    var windGusts: Value?
    var uvIndex: Value?
    var visibility: Value?

    enum CodingKeys: String, CodingKey {
      case temperature = "temperature_2m"
      case humidity = "relative_humidity_2m"
      case feelsLike = "apparent_temperature"
      case dewPoint = "dew_point_2m"
      case weatherCode = "weather_code"
      case pressure = "pressure_msl"
      case windSpeed = "wind_speed_10m"
      case windDirection = "wind_direction_10m"
      case windGusts = "wind_gusts_10m"
      case uvIndex = "uv_index"
      case visibility
    }
  }

  /// The `daily` block's precipitation (one day, as `forecast_days=1` asks), or its unit.
  struct Daily<Value: Decodable & Sendable>: Decodable {
    var precipitationSum: Value?

    enum CodingKeys: String, CodingKey {
      case precipitationSum = "precipitation_sum"
    }
  }

  var current: Current<Double>?
  var currentUnits: Current<String>?
  var daily: Daily<[Double?]>?
  var dailyUnits: Daily<String>?

  enum CodingKeys: String, CodingKey {
    case current
    case currentUnits = "current_units"
    case daily
    case dailyUnits = "daily_units"
  }

  /// Parses a response body.
  ///
  /// - Throws: ``SensorFailure`` naming Open-Meteo and, when it can, the field at fault.
  static func parse(_ body: [UInt8]) throws -> WeatherForecast {
    do {
      return try JSONDecoder().decode(WeatherForecast.self, from: Data(body))
    } catch DecodingError.typeMismatch(_, let context) {
      let field = context.codingPath.filter { $0.intValue == nil }.map(\.stringValue)
      let name = field.isEmpty ? "answer" : field.joined(separator: ".")
      throw SensorFailure("Open-Meteo's answer has an unexpected kind of value for \(name)")
    } catch {
      throw SensorFailure("Open-Meteo's answer is not the JSON expected")
    }
  }

  /// The observation these values describe.
  ///
  /// - Throws: ``SensorFailure`` when `current` or its temperature is missing, or a unit is
  ///   one Dispatch cannot convert.
  func observation() throws -> WeatherObservation {
    guard let current else { throw SensorFailure("Open-Meteo's answer has no 'current' block") }
    guard let temperature = current.temperature else {
      throw SensorFailure("Open-Meteo's answer has no current temperature_2m")
    }
    let units = currentUnits ?? Current()
    var weather = WeatherObservation()
    let celsius = try convert(
      temperature, units.temperature, WeatherUnits.temperature, .temperature)
    weather.tempC = WeatherUnits.rounded(celsius, 1)
    weather.tempF = WeatherUnits.rounded(WeatherUnits.fahrenheit(celsius: celsius), 1)
    if let feelsLike = current.feelsLike {
      let celsius = try convert(
        feelsLike, units.feelsLike, WeatherUnits.temperature, .feelsLike)
      weather.feelslikeC = WeatherUnits.rounded(celsius, 1)
      weather.feelslikeF = WeatherUnits.rounded(WeatherUnits.fahrenheit(celsius: celsius), 1)
    }
    if let dewPoint = current.dewPoint {
      let celsius = try convert(dewPoint, units.dewPoint, WeatherUnits.temperature, .dewPoint)
      weather.dewpointC = WeatherUnits.rounded(celsius, 1)
    }
    if let code = current.weatherCode, code == code.rounded(), abs(code) < 1000 {
      weather.condition = WeatherText.condition(wmoCode: Int(code))
    }
    if let humidity = current.humidity, (0...100).contains(humidity) {
      weather.relativeHumidity = "\(Int(humidity.rounded()))%"
    }
    try fillWind(&weather, current, units)
    try fillPressureAndDistances(&weather, current, units)
    weather.uv = current.uvIndex.flatMap { WeatherUnits.rounded($0, 1) }
    weather.stationID = "open-meteo"
    return weather
  }

  /// Speed and gusts in km/h and mph, and the direction in degrees and as a compass point.
  private func fillWind(
    _ weather: inout WeatherObservation, _ current: Current<Double>, _ units: Current<String>
  ) throws {
    if let speed = current.windSpeed {
      let kph = try convert(speed, units.windSpeed, WeatherUnits.speed, .windSpeed)
      weather.windKPH = WeatherUnits.rounded(kph, 1)
      weather.windMPH = WeatherUnits.rounded(kph / WeatherUnits.kilometresPerMile, 1)
    }
    if let gusts = current.windGusts {
      let kph = try convert(gusts, units.windGusts, WeatherUnits.speed, .windGusts)
      weather.windGustKPH = WeatherUnits.rounded(kph, 1)
      weather.windGustMPH = WeatherUnits.rounded(kph / WeatherUnits.kilometresPerMile, 1)
    }
    if let degrees = current.windDirection, let point = WeatherText.compassPoint(degrees: degrees) {
      weather.windDegrees = WeatherUnits.rounded(degrees, 0)
      weather.windDirection = point
    }
  }

  /// Pressure in hPa and inches of mercury, visibility in km and miles, and today's
  /// precipitation in mm and inches.
  private func fillPressureAndDistances(
    _ weather: inout WeatherObservation, _ current: Current<Double>, _ units: Current<String>
  ) throws {
    if let pressure = current.pressure {
      let hectopascals = try convert(pressure, units.pressure, WeatherUnits.pressure, .pressure)
      weather.pressureMb = WeatherUnits.rounded(hectopascals, 1)
      weather.pressureIn = WeatherUnits.rounded(
        hectopascals * WeatherUnits.inchesOfMercuryPerHectopascal, 2)
    }
    if let visibility = current.visibility {
      let metres = try convert(visibility, units.visibility, WeatherUnits.distance, .visibility)
      weather.visibilityKM = WeatherUnits.rounded(metres / 1000, 1)
      weather.visibilityMi = WeatherUnits.rounded(metres / WeatherUnits.metresPerMile, 1)
    }
    if let sum = daily?.precipitationSum?.first ?? nil {
      let unit = try WeatherUnits.conversion(
        dailyUnits?.precipitationSum, in: WeatherUnits.precipitation, for: "precipitation_sum")
      let millimetres = unit(sum)
      weather.precipTodayMetric = WeatherUnits.rounded(millimetres, 1)
      weather.precipTodayIn = WeatherUnits.rounded(
        millimetres / WeatherUnits.millimetresPerInch, 2)
    }
  }

  /// `value` of the current `field`, converted from `unit` by `table`.
  private func convert(
    _ value: Double, _ unit: String?, _ table: [String: WeatherUnits.Conversion],
    _ field: Current<Double>.CodingKeys
  ) throws -> Double {
    try WeatherUnits.conversion(unit, in: table, for: field.rawValue)(value)
  }
}
