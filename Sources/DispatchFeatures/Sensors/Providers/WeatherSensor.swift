import DispatchCore
import DispatchSupport
import Foundation

/// The weather at the report's place from Open-Meteo (docs/sensors.md#weather-and-privacy): no key,
/// off until the user turns it on, and its base URL a setting so a mirror or a self-hosted instance
/// can stand in.
///
/// Only the place's coordinates leave the machine, rounded to two decimals (about a
/// kilometre): enough for a forecast grid, less exact than where the user is, and the same
/// figures all around a place so its answers can be cached for the hour.
public struct WeatherSensor: SensorProvider {
  public let name = "weather"
  public let summary = "Weather from Open-Meteo at the report's place"
  public let reach = SensorReach.network

  /// Seconds the request may take in all: the sensors together have two
  /// (docs/sensors.md#timing-the-report-is-never-held-up).
  static let timeout = 1.5
  /// The current values asked for, in Open-Meteo's names.
  static let currentFields = [
    "temperature_2m", "relative_humidity_2m", "apparent_temperature", "dew_point_2m",
    "precipitation", "weather_code", "pressure_msl", "wind_speed_10m", "wind_direction_10m",
    "wind_gusts_10m", "uv_index", "visibility", "is_day",
  ]

  public init() {}

  public func read(_ environment: SensorEnvironment) throws -> SensorContext {
    let (latitude, longitude) = try Self.coordinates(environment)
    let hour = WeatherCache.hour(of: environment.now)
    let cache = environment.weatherCacheFolder.map(WeatherCache.init(folder:))
    let cacheName = WeatherCache.fileName(latitude: latitude, longitude: longitude, hour: hour)
    var context = SensorContext()
    if let body = cache?.body(cacheName),
      let weather = try? WeatherForecast.parse(body).observation()
    {
      context.weather = weather
      return context
    }
    let url = try Self.url(environment.weatherBaseURL, latitude: latitude, longitude: longitude)
    let body = try Self.fetch(url, environment.http)
    context.weather = try WeatherForecast.parse(body).observation()
    cache?.store(body, as: cacheName, hour: hour)
    return context
  }

  /// The place's coordinates as sent: two decimals, "-0.00" written "0.00".
  ///
  /// - Throws: ``SensorUnavailable`` when no place is known or it has no coordinates.
  static func coordinates(_ environment: SensorEnvironment) throws -> (String, String) {
    let place: LocatedPlace
    switch PlaceFinder.find(environment) {
    case .success(let found): place = found
    case .failure(let error):
      let reason = (error.error as? SensorUnavailable)?.reason ?? "\(error.error)"
      throw SensorUnavailable("no place is known for this report (\(reason))")
    }
    guard let latitude = place.latitude, let longitude = place.longitude else {
      guard let name = place.name else { throw SensorUnavailable("the place has no coordinates") }
      let argument = name.contains(where: \.isWhitespace) ? "\"\(name)\"" : name
      throw SensorUnavailable(
        "the place '\(name)' has no coordinates; give it some with 'dispatch sensors places add "
          + "\(argument) --latitude … --longitude …'")
    }
    guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
      throw SensorFailure("the place's coordinates \(latitude), \(longitude) are out of range")
    }
    return (rounded(latitude), rounded(longitude))
  }

  private static func rounded(_ degrees: Double) -> String {
    let text = String(format: "%.2f", degrees)
    return text == "-0.00" ? "0.00" : text
  }

  /// `{base}/v1/forecast?…` for the coordinates; a trailing slash on the base is dropped.
  ///
  /// - Throws: ``SensorFailure`` naming a base URL that is not http or https.
  static func url(_ base: String, latitude: String, longitude: String) throws -> URL {
    var trimmed = base.trimmingCharacters(in: .whitespaces)
    while trimmed.hasSuffix("/") { trimmed.removeLast() }
    let query = [
      "latitude=\(latitude)", "longitude=\(longitude)",
      "current=" + currentFields.joined(separator: ","), "daily=precipitation_sum",
      "timezone=auto", "forecast_days=1",
    ]
    guard let parsed = URL(string: trimmed), ["http", "https"].contains(parsed.scheme),
      parsed.host?.isEmpty == false, parsed.query == nil,
      let url = URL(string: trimmed + "/v1/forecast?" + query.joined(separator: "&"))
    else {
      throw SensorFailure("the weather URL '\(base)' is not an http or https URL")
    }
    return url
  }

  /// The body of Open-Meteo's 200 answer.
  ///
  /// - Throws: ``SensorFailure`` when it cannot be reached or answers another status.
  static func fetch(_ url: URL, _ http: any HTTPTransport) throws -> [UInt8] {
    let request = HTTPRequest(
      url: url, headers: [("Accept", "application/json")], timeout: timeout,
      totalTimeout: timeout)
    let response: HTTPResponse
    do {
      response = try http.send(request)
    } catch let error as HTTPError {
      throw SensorFailure("Open-Meteo could not be reached: \(error.message)")
    } catch {
      throw SensorFailure("Open-Meteo could not be reached: \(error)")
    }
    guard response.status == 200 else {
      throw SensorFailure("Open-Meteo answered HTTP \(response.status)\(reason(response.body))")
    }
    return response.body
  }

  /// ": <reason>" from an error answer's `{"error": true, "reason": "…"}`, on one line and
  /// short, or "" when it has none.
  private static func reason(_ body: [UInt8]) -> String {
    struct Refusal: Decodable { var reason: String }
    guard let refusal = try? JSONDecoder().decode(Refusal.self, from: Data(body)) else {
      return ""
    }
    let line = refusal.reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.isEmpty ? "" : ": " + String(line.prefix(160))
  }
}
