import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Open-Meteo's answer read into an observation: every field of the recorded fixture, the
/// WMO code table, compass points, and answers in the units a mirror may be set to.
struct WeatherSensorParsingTests {
  func observation(_ text: String) throws -> WeatherObservation {
    try WeatherForecast.parse(Array(text.utf8)).observation()
  }

  @Test func `the recorded answer fills every field`() throws {
    let weather = try observation(try WeatherFixture.text())
    #expect(weather.tempC == 7.3)
    #expect(weather.tempF == 45.1)
    #expect(weather.feelslikeC == 4.2)
    #expect(weather.feelslikeF == 39.6)
    #expect(weather.dewpointC == 4.3)
    #expect(weather.condition == "Slight rain")
    #expect(weather.relativeHumidity == "81%")
    #expect(weather.windKPH == 14.8)
    #expect(weather.windMPH == 9.2)
    #expect(weather.windGustKPH == 31.3)
    #expect(weather.windGustMPH == 19.4)
    #expect(weather.windDegrees == 247)
    #expect(weather.windDirection == "WSW")
    #expect(weather.pressureMb == 1013.2)
    #expect(weather.pressureIn == 29.92)
    #expect(weather.visibilityKM == 24.1)
    #expect(weather.visibilityMi == 15.0)
    #expect(weather.precipTodayMetric == 1.2)
    #expect(weather.precipTodayIn == 0.05)
    #expect(weather.uv == 1.7)
    #expect(weather.stationID == "open-meteo")
  }

  static let conditions: [(Int, String)] = [
    (0, "Clear"), (1, "Mainly clear"), (2, "Partly cloudy"), (3, "Overcast"), (45, "Fog"),
    (48, "Fog"), (51, "Light drizzle"), (53, "Moderate drizzle"), (55, "Dense drizzle"),
    (56, "Light freezing drizzle"), (57, "Dense freezing drizzle"), (61, "Slight rain"),
    (63, "Moderate rain"), (65, "Heavy rain"), (66, "Light freezing rain"),
    (67, "Heavy freezing rain"), (71, "Slight snow"), (73, "Moderate snow"), (75, "Heavy snow"),
    (77, "Snow grains"), (80, "Slight rain showers"), (81, "Moderate rain showers"),
    (82, "Violent rain showers"), (85, "Slight snow showers"), (86, "Heavy snow showers"),
    (95, "Thunderstorm"), (96, "Thunderstorm with hail"), (99, "Thunderstorm with hail"),
  ]

  @Test func `every WMO code Open-Meteo uses has its words, and no other code has any`() {
    for (code, words) in Self.conditions {
      #expect(WeatherText.condition(wmoCode: code) == words, "code \(code)")
    }
    let known = Set(Self.conditions.map(\.0))
    for code in -5...200 where !known.contains(code) {
      #expect(WeatherText.condition(wmoCode: code) == nil, "code \(code)")
    }
  }

  @Test func `a code that is not a whole number, or is unknown, leaves the condition out`()
    throws
  {
    for code in ["61.5", "4", "1e300", "null"] {
      let text = try WeatherFixture.text().replacing(
        #""weather_code":61"#, with: #""weather_code":\#(code)"#)
      let weather = try observation(text)
      #expect(weather.condition == nil, "code \(code)")
      #expect(weather.tempC == 7.3)
    }
  }

  @Test func `wind directions become the nearest of sixteen compass points`() {
    let expected: [(Double, String)] = [
      (0, "N"), (11.2, "N"), (11.25, "NNE"), (22.5, "NNE"), (45, "NE"), (67.5, "ENE"),
      (90, "E"), (112.5, "ESE"), (135, "SE"), (157.5, "SSE"), (180, "S"), (202.5, "SSW"),
      (225, "SW"), (247, "WSW"), (270, "W"), (292.5, "WNW"), (315, "NW"), (337.5, "NNW"),
      (348.7, "NNW"), (348.75, "N"), (359.9, "N"), (360, "N"), (-90, "W"), (765, "NE"),
    ]
    for (degrees, point) in expected {
      #expect(WeatherText.compassPoint(degrees: degrees) == point, "\(degrees)°")
    }
    #expect(WeatherText.compassPoint(degrees: .nan) == nil)
    #expect(WeatherText.compassPoint(degrees: .infinity) == nil)
  }

  @Test func `units convert to the metric ones and back`() throws {
    func convert(_ value: Double, _ unit: String?, _ table: [String: WeatherUnits.Conversion])
      throws -> Double
    {
      try WeatherUnits.conversion(unit, in: table, for: "field")(value)
    }
    #expect(try convert(212, "°F", WeatherUnits.temperature) == 100)
    #expect(try convert(-40, "°F", WeatherUnits.temperature) == -40)
    #expect(try convert(21.5, "°C", WeatherUnits.temperature) == 21.5)
    #expect(try convert(10, "mph", WeatherUnits.speed) == 16.09344)
    #expect(try convert(10, "m/s", WeatherUnits.speed) == 36)
    #expect(try convert(10, "kn", WeatherUnits.speed) == 18.52)
    #expect(try convert(2, "inch", WeatherUnits.precipitation) == 50.8)
    #expect(try convert(1000, "ft", WeatherUnits.distance) == 304.8)
    #expect(try convert(7, nil, WeatherUnits.speed) == 7)
    #expect(try convert(7, "", WeatherUnits.speed) == 7)
    #expect(WeatherUnits.fahrenheit(celsius: 100) == 212)
    #expect(WeatherUnits.rounded(1013.2 * WeatherUnits.inchesOfMercuryPerHectopascal, 2) == 29.92)
    #expect(WeatherUnits.rounded(.infinity, 1) == nil)
    #expect(throws: SensorFailure("Open-Meteo gave field in 'K', which Dispatch cannot convert")) {
      try convert(280, "K", WeatherUnits.temperature)
    }
  }

  @Test func `an answer in degrees Fahrenheit, mph, inches and feet reads the same`() throws {
    let weather = try observation(WeatherFixture.imperial)
    #expect(weather.tempF == 45.1)
    #expect(weather.tempC == 7.3)
    #expect(weather.feelslikeF == 39.6)
    #expect(weather.feelslikeC == 4.2)
    #expect(weather.dewpointC == 4.3)
    #expect(weather.windMPH == 9.2)
    #expect(weather.windKPH == 14.8)
    #expect(weather.windGustMPH == 19.4)
    #expect(weather.windGustKPH == 31.2)
    #expect(weather.visibilityKM == 24.1)
    #expect(weather.visibilityMi == 15.0)
    #expect(weather.precipTodayIn == 0.05)
    #expect(weather.precipTodayMetric == 1.3)
    #expect(weather.pressureMb == 1013.2)
  }

  @Test func `a unit Dispatch cannot convert fails the reading, naming it`() throws {
    let text = try WeatherFixture.text().replacing(
      #""wind_speed_10m":"km/h""#, with: #""wind_speed_10m":"bft""#)
    #expect(
      throws: SensorFailure(
        "Open-Meteo gave wind_speed_10m in 'bft', which Dispatch cannot convert")
    ) { try observation(text) }
  }

  @Test func `values the model lacks are left out and the rest still read`() throws {
    let weather = try observation(
      #"""
      {"current":{"time":"2026-03-04T11:00","interval":900,"temperature_2m":-3.5,
      "relative_humidity_2m":60.4,"visibility":null,"uv_index":null,"weather_code":null}}
      """#)
    #expect(weather.tempC == -3.5)
    #expect(weather.tempF == 25.7)
    #expect(weather.relativeHumidity == "60%")
    #expect(weather.visibilityKM == nil)
    #expect(weather.uv == nil)
    #expect(weather.condition == nil)
    #expect(weather.windKPH == nil)
    #expect(weather.windDirection == nil)
    #expect(weather.precipTodayMetric == nil)
    #expect(weather.stationID == "open-meteo")
  }

  @Test func `a humidity outside 0 to 100 is left out`() throws {
    let text = try WeatherFixture.text().replacing(
      #""relative_humidity_2m":81"#, with: #""relative_humidity_2m":130"#)
    #expect(try observation(text).relativeHumidity == nil)
  }

  @Test func `missing or mistyped values fail with the field named`() throws {
    let fixture = try WeatherFixture.text()
    let cases: [(String, String)] = [
      (
        #"{"latitude":52.52,"longitude":13.42}"#,
        "Open-Meteo's answer has no 'current' block"
      ),
      (
        #"{"current":{"time":"2026-03-04T11:00","relative_humidity_2m":81}}"#,
        "Open-Meteo's answer has no current temperature_2m"
      ),
      (
        fixture.replacing(#""temperature_2m":7.3"#, with: #""temperature_2m":"mild""#),
        "Open-Meteo's answer has an unexpected kind of value for current.temperature_2m"
      ),
      (
        fixture.replacing(#""precipitation_sum":[1.2]"#, with: #""precipitation_sum":1.2"#),
        "Open-Meteo's answer has an unexpected kind of value for daily.precipitation_sum"
      ),
      ("<html>Bad gateway</html>", "Open-Meteo's answer is not the JSON expected"),
      (String(fixture.prefix(200)), "Open-Meteo's answer is not the JSON expected"),
      ("[]", "Open-Meteo's answer has an unexpected kind of value for answer"),
    ]
    for (text, reason) in cases {
      #expect(throws: SensorFailure(reason)) { try observation(text) }
    }
  }
}

/// The recorded Open-Meteo answer, and the same weather in imperial units.
enum WeatherFixture {
  /// 2026-03-04T10:00:00Z.
  static let tenOClock = Instant(milliseconds: 1_772_618_400_000)
  /// Sent as 52.52, 13.40.
  static let home = SensorPlace(name: "Home", latitude: 52.5213, longitude: 13.4049)

  struct Missing: Error {}

  /// The bytes of `Fixtures/Sensors/open-meteo-current.json`, a full answer as Open-Meteo
  /// gives it for the request the sensor sends.
  static func bytes() throws -> [UInt8] {
    guard let base = Bundle.module.resourceURL,
      let data = FileManager.default.contents(
        atPath: base.appendingPathComponent("Fixtures/Sensors/open-meteo-current.json").path)
    else { throw Missing() }
    return [UInt8](data)
  }

  static func text() throws -> String {
    String(decoding: try bytes(), as: UTF8.self)
  }

  /// The same weather from an instance set to `temperature_unit=fahrenheit`,
  /// `wind_speed_unit=mph` and `precipitation_unit=inch`.
  static let imperial = #"""
    {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.07,"utc_offset_seconds":3600,
    "timezone":"Europe/Berlin","timezone_abbreviation":"GMT+1","elevation":38.0,
    "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°F",
    "relative_humidity_2m":"%","apparent_temperature":"°F","dew_point_2m":"°F",
    "precipitation":"inch","weather_code":"wmo code","pressure_msl":"hPa",
    "wind_speed_10m":"mph","wind_direction_10m":"°","wind_gusts_10m":"mph","uv_index":"",
    "visibility":"ft","is_day":""},
    "current":{"time":"2026-03-04T11:00","interval":900,"temperature_2m":45.1,
    "relative_humidity_2m":81,"apparent_temperature":39.6,"dew_point_2m":39.7,
    "precipitation":0.004,"weather_code":61,"pressure_msl":1013.2,"wind_speed_10m":9.2,
    "wind_direction_10m":247,"wind_gusts_10m":19.4,"uv_index":1.7,"visibility":79200.0,
    "is_day":1},
    "daily_units":{"time":"iso8601","precipitation_sum":"inch"},
    "daily":{"time":["2026-03-04"],"precipitation_sum":[0.05]}}
    """#
}
