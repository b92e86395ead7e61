import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The weather sensor against a local server standing in for Open-Meteo: what it asks for,
/// that nothing but the URL goes out, and how it fails.
struct WeatherSensorTests {
  let sensor = WeatherSensor()

  @Test func `it asks for the rounded coordinates and sends nothing but the URL`() throws {
    let server = try WebhookReceiver()
    server.answerRaw(WeatherFixture.http(200, try WeatherFixture.bytes()))
    let context = try sensor.read(WeatherFixture.environment(server))
    #expect(context.weather?.tempC == 7.3)
    #expect(context.weather?.condition == "Slight rain")
    let request = try #require(server.received.first)
    #expect(server.received.count == 1)
    #expect(request.method == "GET")
    #expect(
      request.target
        == "/v1/forecast?latitude=52.52&longitude=13.40&current=temperature_2m,"
        + "relative_humidity_2m,apparent_temperature,dew_point_2m,precipitation,weather_code,"
        + "pressure_msl,wind_speed_10m,wind_direction_10m,wind_gusts_10m,uv_index,visibility,"
        + "is_day&daily=precipitation_sum&timezone=auto&forecast_days=1")
    #expect(Set(request.headers.keys) == ["host", "accept", "connection"])
    #expect(request.headers["accept"] == "application/json")
    #expect(request.body.isEmpty)
    #expect(context.location == nil)
  }

  @Test func `a trailing slash or a path on the base URL is kept tidy`() throws {
    let server = try WebhookReceiver()
    server.answerRaw(WeatherFixture.http(200, try WeatherFixture.bytes()))
    _ = try sensor.read(
      WeatherFixture.environment(server, base: "http://127.0.0.1:\(server.port)/"))
    _ = try sensor.read(
      WeatherFixture.environment(server, base: "http://127.0.0.1:\(server.port)/meteo//"))
    let targets = server.received.map { $0.target.prefix { $0 != "?" } }
    #expect(targets == ["/v1/forecast", "/meteo/v1/forecast"])
  }

  @Test func `coordinates go out with two decimals, and minus zero as zero`() throws {
    func sent(_ latitude: Double, _ longitude: Double) throws -> [String] {
      var environment = WeatherFixture.environment(base: "http://127.0.0.1:1")
      environment.chosenPlace = SensorPlace(name: "Here", latitude: latitude, longitude: longitude)
      let (lat, lon) = try WeatherSensor.coordinates(environment)
      return [lat, lon]
    }
    #expect(try sent(-33.8688, 151.2093) == ["-33.87", "151.21"])
    #expect(try sent(-0.001, 0.004) == ["0.00", "0.00"])
    #expect(try sent(90, -180) == ["90.00", "-180.00"])
    #expect(throws: SensorFailure.self) { try sent(91, 0) }
  }

  @Test func `the request may take a second and a half at most`() throws {
    let transport = RecordingTransport(HTTPResponse(status: 200, body: try WeatherFixture.bytes()))
    _ = try sensor.read(
      WeatherFixture.environment(base: "https://api.open-meteo.com", http: transport))
    let request = try #require(transport.requests.first)
    #expect(request.timeout <= 1.5)
    #expect(try #require(request.totalTimeout) <= 1.5)
    #expect(request.url.absoluteString.hasPrefix("https://api.open-meteo.com/v1/forecast?"))
  }

  @Test func `an error status fails the reading, with Open-Meteo's reason when it gives one`()
    throws
  {
    let server = try WebhookReceiver()
    server.answerRaw(WeatherFixture.http(500, Array("oops".utf8)))
    #expect(throws: SensorFailure("Open-Meteo answered HTTP 500")) {
      try sensor.read(WeatherFixture.environment(server))
    }
    let refusal = #"{"error":true,"reason":"Latitude must be in range of -90 to 90°.\nGiven: 100"}"#
    server.answerRaw(WeatherFixture.http(400, Array(refusal.utf8)))
    #expect(
      throws: SensorFailure(
        "Open-Meteo answered HTTP 400: Latitude must be in range of -90 to 90°. Given: 100")
    ) { try sensor.read(WeatherFixture.environment(server)) }
  }

  @Test func `a malformed or truncated answer fails the reading`() throws {
    let server = try WebhookReceiver()
    let fixture = try WeatherFixture.bytes()
    for body in [Array("{\"current\":".utf8), Array(fixture.prefix(300)), Array("null".utf8)] {
      server.answerRaw(WeatherFixture.http(200, body))
      #expect(throws: SensorFailure("Open-Meteo's answer is not the JSON expected")) {
        try sensor.read(WeatherFixture.environment(server))
      }
    }
    // Fewer bytes than Content-Length promised, then the connection closes.
    let head = "HTTP/1.1 200 OK\r\nContent-Length: \(fixture.count)\r\nConnection: close\r\n\r\n"
    server.answerRaw(Array(head.utf8) + fixture.prefix(100))
    #expect {
      try sensor.read(WeatherFixture.environment(server))
    } throws: { error in
      (error as? SensorFailure)?.reason.hasPrefix("Open-Meteo could not be reached: ") == true
    }
  }

  @Test func `an answer without its current block fails the reading`() throws {
    let server = try WebhookReceiver()
    let body = #"{"latitude":52.52,"longitude":13.42,"daily":{"precipitation_sum":[0]}}"#
    server.answerRaw(WeatherFixture.http(200, Array(body.utf8)))
    #expect(throws: SensorFailure("Open-Meteo's answer has no 'current' block")) {
      try sensor.read(WeatherFixture.environment(server))
    }
  }

  @Test func `a server that is not there fails the reading`() throws {
    let port = try WebhookReceiver.unusedPort()
    let environment = WeatherFixture.environment(base: "http://127.0.0.1:\(port)")
    #expect {
      try sensor.read(environment)
    } throws: { error in
      guard let failure = error as? SensorFailure else { return false }
      return failure.reason.hasPrefix("Open-Meteo could not be reached: ")
        && failure.reason.contains("127.0.0.1:\(port)")
    }
  }

  @Test func `a base URL that is not http or https fails, naming it`() throws {
    for base in ["ftp://mirror.example", "api.open-meteo.com", "http://", "https://x.example?a=1"] {
      let environment = WeatherFixture.environment(base: base, http: UnusedTransport())
      #expect(throws: SensorFailure("the weather URL '\(base)' is not an http or https URL")) {
        try sensor.read(environment)
      }
    }
  }

  @Test func `no place, or a place without coordinates, is unavailable and says why`() throws {
    var environment = WeatherFixture.environment(base: "http://127.0.0.1:1", place: nil)
    #expect(
      throws: SensorUnavailable(
        "no place is known for this report (no named place has a Wi-Fi network, and GeoClue's "
          + "where-am-i is not installed)")
    ) { try sensor.read(environment) }
    environment = WeatherFixture.environment(
      base: "http://127.0.0.1:1", place: SensorPlace(name: "Home"))
    #expect(
      throws: SensorUnavailable(
        "the place 'Home' has no coordinates; give it some with 'dispatch sensors places add "
          + "Home --latitude … --longitude …'")
    ) { try sensor.read(environment) }
    environment = WeatherFixture.environment(
      base: "http://127.0.0.1:1", place: SensorPlace(name: "Mum's flat", latitude: 51))
    #expect(
      throws: SensorUnavailable(
        "the place 'Mum's flat' has no coordinates; give it some with 'dispatch sensors places "
          + "add \"Mum's flat\" --latitude … --longitude …'")
    ) { try sensor.read(environment) }
  }

  /// Random byte mutations of the recorded answer: each read must return a reading with only
  /// finite numbers, or fail with a ``SensorFailure`` — never crash or throw anything else.
  @Test func `mutated answers never crash and only ever fail as sensor failures`() throws {
    let fixture = try WeatherFixture.bytes()
    var random = SplitMix64(seed: 20_260_304)
    var readings = 0
    for _ in 0..<1_500 {
      var bytes = fixture
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        WeatherFixture.mutate(&bytes, using: &random)
      }
      let transport = RecordingTransport(HTTPResponse(status: 200, body: bytes))
      do {
        let context = try sensor.read(
          WeatherFixture.environment(base: "http://127.0.0.1:1", http: transport))
        let weather = try #require(context.weather)
        let numbers = [
          weather.tempC, weather.tempF, weather.windKPH, weather.windMPH, weather.pressureIn,
          weather.visibilityMi, weather.precipTodayIn, weather.uv, weather.windDegrees,
        ]
        #expect(numbers.allSatisfy { $0?.isFinite ?? true })
        readings += 1
      } catch {
        #expect(error is SensorFailure, "\(error)")
      }
    }
    // Most mutations land in a value or a name the sensor ignores and still read.
    #expect(readings > 300)
  }
}

/// Environments around the recorded answer, and ways to break it.
extension WeatherFixture {
  /// A whole HTTP/1.1 response with `body`, for ``WebhookReceiver/answerRaw(_:)``.
  static func http(_ status: Int, _ body: [UInt8]) -> [UInt8] {
    let head =
      "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Error")\r\n"
      + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
      + "Connection: close\r\n\r\n"
    return Array(head.utf8) + body
  }

  /// An environment asking `server` for the weather at `place`.
  static func environment(
    _ server: WebhookReceiver, base: String? = nil, place: SensorPlace? = home,
    cache: String? = nil, now: Instant = tenOClock
  ) -> SensorEnvironment {
    environment(
      base: base ?? "http://127.0.0.1:\(server.port)", place: place, cache: cache, now: now,
      http: HTTPClient())
  }

  static func environment(
    base: String, place: SensorPlace? = home, cache: String? = nil, now: Instant = tenOClock,
    http: any HTTPTransport = HTTPClient()
  ) -> SensorEnvironment {
    SensorEnvironment(
      home: "/nonexistent", commands: FakeSensorCommands(), http: http, now: now,
      chosenPlace: place, weatherBaseURL: base, weatherCacheFolder: cache)
  }

  /// One random change: a byte replaced, removed or inserted, a digit or JSON punctuation
  /// swapped in, or the end cut off.
  static func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
    ByteMutation.mutate(
      &bytes, specials: Array("{}[]:,\"-.eE0123456789".utf8), more: [ByteMutation.cutEnd],
      using: &random)
  }
}

/// An ``HTTPTransport`` answering every request with one response, and keeping the requests.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
  private let lock = NSLock()
  private let response: HTTPResponse
  private var sent: [HTTPRequest] = []

  init(_ response: HTTPResponse) {
    self.response = response
  }

  var requests: [HTTPRequest] {
    lock.lock()
    defer { lock.unlock() }
    return sent
  }

  func send(_ request: HTTPRequest) throws -> HTTPResponse {
    lock.lock()
    sent.append(request)
    lock.unlock()
    return response
  }
}
