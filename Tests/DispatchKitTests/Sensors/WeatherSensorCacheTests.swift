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

/// The hourly cache: one request per place and hour, private files, a day kept at most.
struct WeatherSensorCacheTests {
  let sensor = WeatherSensor()
  let tree: FixtureTree
  let server: WebhookReceiver
  /// A folder that does not exist yet, two levels down.
  let folder: String

  init() throws {
    tree = try FixtureTree()
    server = try WebhookReceiver()
    folder = tree.root + "/cache/weather"
    server.answerRaw(WeatherFixture.http(200, try WeatherFixture.bytes()))
  }

  /// Reads as a new report would: a fresh environment, so only the cache carries over.
  func read(
    at now: Instant = WeatherFixture.tenOClock, place: SensorPlace = WeatherFixture.home
  ) throws -> WeatherObservation? {
    try sensor.read(
      WeatherFixture.environment(server, place: place, cache: folder, now: now)
    ).weather
  }

  func later(minutes: Int64) -> Instant {
    Instant(milliseconds: WeatherFixture.tenOClock.milliseconds + minutes * 60_000)
  }

  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test func `a second read in the same hour and place sends no request`() throws {
    let first = try read()
    let second = try read(at: later(minutes: 59))
    #expect(server.received.count == 1)
    #expect(first == second)
    #expect(first?.tempC == 7.3)
    #expect(files() == ["open-meteo-52.52_13.40-2026030410.json"])
    let cached = try #require(FileManager.default.contents(atPath: folder + "/" + files()[0]))
    #expect([UInt8](cached) == (try WeatherFixture.bytes()))
  }

  @Test func `the next hour, or another place, sends a request of its own`() throws {
    _ = try read()
    _ = try read(at: later(minutes: 60))
    _ = try read(place: SensorPlace(name: "Work", latitude: 52.5, longitude: 13.38))
    // Within a kilometre of home: the same rounded place, so no request.
    _ = try read(place: SensorPlace(name: "Corner", latitude: 52.5249, longitude: 13.3951))
    #expect(server.received.count == 3)
    #expect(
      files() == [
        "open-meteo-52.50_13.38-2026030410.json", "open-meteo-52.52_13.40-2026030410.json",
        "open-meteo-52.52_13.40-2026030411.json",
      ])
  }

  @Test func `the folder is 0700 and the files 0600`() throws {
    _ = try read()
    let attributes = try FileManager.default.attributesOfItem(atPath: folder)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    for name in files() {
      let file = try FileManager.default.attributesOfItem(atPath: folder + "/" + name)
      #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
    #expect(files().count == 1)
  }

  @Test func `a corrupt cache file is ignored and replaced`() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/open-meteo-52.52_13.40-2026030410.json"
    try Data("{\"current\":{\"temperature_2m\":".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try read()?.tempC == 7.3)
    #expect(server.received.count == 1)
    #expect(
      FileManager.default.contents(atPath: path).map { [UInt8]($0) } == (try WeatherFixture.bytes())
    )
    _ = try read()
    #expect(server.received.count == 1)
  }

  @Test func `writing a new answer removes those more than a day old and nothing else`() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let kept = [
      "open-meteo-52.52_13.40-2026030310.json", "open-meteo-48.86_2.35-2026030322.json",
      "notes.txt", "open-meteo-notes.json",
    ]
    let removed = [
      "open-meteo-52.52_13.40-2026030309.json", "open-meteo-1.00_2.00-2025123123.json",
    ]
    for name in kept + removed {
      try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
    }
    _ = try read()
    #expect(files() == (kept + ["open-meteo-52.52_13.40-2026030410.json"]).sorted())
  }

  @Test func `a failed reading leaves no file, and without a folder nothing is cached`() throws {
    server.answerRaw(WeatherFixture.http(503, []))
    #expect(throws: SensorFailure("Open-Meteo answered HTTP 503")) { try read() }
    #expect(!FileManager.default.fileExists(atPath: folder))
    server.answerRaw(WeatherFixture.http(200, try WeatherFixture.bytes()))
    for _ in 0..<2 {
      _ = try sensor.read(WeatherFixture.environment(server))
    }
    #expect(server.received.count == 3)
  }

  @Test func `hour stamps are UTC`() {
    #expect(WeatherCache.hourStamp(WeatherCache.hour(of: WeatherFixture.tenOClock)) == "2026030410")
    #expect(WeatherCache.hourStamp(WeatherCache.hour(of: Instant(milliseconds: 0))) == "1970010100")
    #expect(
      WeatherCache.hourStamp(WeatherCache.hour(of: Instant(milliseconds: -1))) == "1969123123")
  }
}
