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

/// Sensors as a report uses them: a survey whose context is read while it is answered, with
/// providers that hang, real programs killed at their time, settings and places from the store.
struct SensorSurveyTests {
  let tree: FixtureTree
  let store: DispatchStore

  init() throws {
    tree = try FixtureTree()
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_772_618_400_000)),
        ids: SequentialIDGenerator()))
    try tree.write("/sys/class/power_supply/BAT0/type", "Battery")
    try tree.write("/sys/class/power_supply/BAT0/capacity", "37")
    try tree.write("/sys/class/net/wlan0/operstate", "up")
    try tree.folder("/sys/class/net/wlan0/device")
    try tree.folder("/sys/class/net/wlan0/wireless")
  }

  /// A program in the fixture's bin folder: a shell script.
  private func program(_ name: String, _ body: String) throws {
    let path = tree.root + "/bin/" + name
    try tree.write("/bin/" + name, "#!/bin/sh\n" + body)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  private var processEnvironment: [String: String] {
    [
      SensorGathering.rootVariable: tree.root, SensorGathering.pathVariable: tree.root + "/bin",
      "HOME": tree.root + "/home", "XDG_CACHE_HOME": tree.root + "/cache",
    ]
  }

  @Test func theReportFilesAtTheDeadlineWithTheOthersReadings() throws {
    let clock = ManualSensorClock()
    let weather = HangingSensor("weather")
    let media = HangingSensor("media")
    defer {
      weather.unblock()
      media.unblock()
    }
    // The survey opens: the sensors start while the questions are answered.
    let collection = SensorCollection(
      providers: [BatterySensor(), ConnectivitySensor(), weather, media, FocusSensor()],
      environment: tree.environment(), deadlineSeconds: 2, clock: clock)
    weather.started.wait()
    media.started.wait()
    let finish = BackgroundFinish(collection)
    #expect(!finish.finished(within: 0.3))
    clock.advance(by: 2)
    #expect(finish.finished(within: 5))
    let context = try #require(finish.readings).context
    let question = DefaultQuestions.all[0]
    let report = ReportComposer(store: store, environment: store.environment).compose(
      kind: .regular, trigger: .manual, questions: [question], answers: [:], context: context)
    try store.reports.file(report)
    let stored = try #require(try store.reports.list().first)
    #expect(stored.context.battery == 0.37)
    #expect(stored.context.connectionType == .wifi)
    #expect(stored.context.focus == FocusState(label: nil, isFocused: false))
    #expect(stored.context.media == nil && stored.context.weather == nil)
    // The readings fill the v2 context fields, so they export as the iOS app wrote them.
    let exported = JSONWriter.string(V2Exporter.reportValue(stored), style: .compact)
    #expect(exported.contains(#""battery":0.37"#))
    #expect(exported.contains(#""connection":1"#))
    #expect(exported.contains(#""focus":{"isFocused":false}"#))
  }

  @Test func gatheringUsesTheStoresChoicesPlacesAndLogsTheSlowOnes() throws {
    // The player's child keeps the output open after the media sensor kills playerctl at its
    // own 1 s limit, so only the gathering's deadline ends the wait: "timed out", not "failed".
    try program("playerctl", "sleep 8\n")
    try program("nmcli", "echo 'yes:homenet'\n")
    try store.places.saveSensorPlace(
      SensorPlace(name: "Home", ssid: "homenet", latitude: 52.52, longitude: 13.405))
    // Two seconds: room for the fake nmcli to answer on a loaded machine.
    try store.settings.setSetting(SensorSettingKey.deadline, "2")
    try store.settings.setSetting(SensorSettingKey.toggle("battery"), "off")
    let started = Date()
    let gathering = try SensorGathering(
      store: store, environment: processEnvironment, run: store.environment)
    let context = gathering.finish(loggingIn: store)
    // The player's child sleeps 8 s: ending well before proves it was cut off (with room for
    // a loaded machine).
    #expect(Date().timeIntervalSince(started) < 6.5)
    #expect(context.battery == nil)
    #expect(context.connectionType == .wifi)
    #expect(context.location?.placemark?.name == "Home")
    #expect(context.location?.latitude == 52.52)
    #expect(context.media == nil)
    let events = try store.database.rows(
      "SELECT detail FROM event_log WHERE kind = 'sensors'"
    ).compactMap { $0.string(0) }
    #expect(events == ["media timed out; photos, device unavailable"])
    // Again: the slow sensor is noted again, the unavailable ones only when that changes.
    _ = try SensorGathering(store: store, environment: processEnvironment, run: store.environment)
      .finish(loggingIn: store)
    try tree.folder("/home/Pictures")
    _ = try SensorGathering(store: store, environment: processEnvironment, run: store.environment)
      .finish(loggingIn: store)
    let later = try store.database.rows(
      "SELECT detail FROM event_log WHERE kind = 'sensors' ORDER BY id"
    ).compactMap { $0.string(0) }
    #expect(later.dropFirst() == ["media timed out", "media timed out; device unavailable"])
  }

  @Test func aChosenPlaceMustBeNamed() throws {
    #expect(throws: DispatchError.self) {
      try SensorGathering(
        store: store, place: "Moon", environment: processEnvironment, run: store.environment)
    }
    try store.places.saveSensorPlace(SensorPlace(name: "Gym"))
    let context = try SensorGathering(
      store: store, place: "gym", environment: processEnvironment, run: store.environment
    ).finish(loggingIn: store)
    #expect(context.location?.placemark?.name == "Gym")
  }

  @Test func networkAndMicrophoneStayOffUntilTurnedOn() throws {
    let readings = try SensorGathering(
      store: store, environment: processEnvironment, run: store.environment
    ).readings()
    let off = readings.outcomes.filter { $0.state == .off }.map(\.name)
    #expect(off == ["weather", "sound"])
    try store.settings.setSetting(SensorSettingKey.toggle("sound"), "on")
    let settings = try SensorSettings.load(from: store)
    #expect(settings.isOn(SoundSensor()) && !settings.isOn(WeatherSensor()))
  }

  @Test func malformedSettingsFallBackToDefaults() throws {
    try store.settings.setSetting(SensorSettingKey.deadline, "forever")
    try store.settings.setSetting(SensorSettingKey.toggle("media"), "maybe")
    let settings = try SensorSettings.load(from: store)
    #expect(settings.deadline == 2)
    #expect(settings.isOn(MediaSensor()))
  }
}

/// The real command runner: programs found on the given path, killed at their time.
struct ProcessSensorCommandsTests {
  @Test func runsFindsAndKills() throws {
    let commands = ProcessSensorCommands(searchPath: "/usr/bin:/bin")
    #expect(commands.exists("sh") && !commands.exists("no-such-program-here"))
    let echo = try commands.run("sh", ["-c", "printf 'a\\tb'"], timeout: 5)
    #expect(echo == SensorCommandResult(status: 0, output: Array("a\tb".utf8)))
    let started = Date()
    let slow = try commands.run("sleep", ["5"], timeout: 0.2)
    #expect(slow.timedOut && slow.status == 137)
    // The player's child sleeps 8 s: ending well before proves it was cut off (with room for
    // a loaded machine).
    #expect(Date().timeIntervalSince(started) < 6.5)
    #expect(throws: SensorUnavailable("no-such-program-here is not installed")) {
      try commands.run("no-such-program-here", [], timeout: 1)
    }
    #expect(throws: SensorFailure("sh exited with status 3")) {
      try commands.text("sh", ["-c", "exit 3"])
    }
  }
}

/// Named places in the store.
struct SensorPlaceStoreTests {
  @Test func savesReplacesChecksAndRemoves() throws {
    let store = try DispatchStore(
      environment: RunEnvironment(clock: SystemWallClock(), ids: SequentialIDGenerator()))
    try store.places.saveSensorPlace(SensorPlace(name: " Home ", ssid: "homenet"))
    try store.places.saveSensorPlace(
      SensorPlace(name: "home", ssid: "homenet", latitude: 1, longitude: 2))
    #expect(
      try store.places.sensorPlaces()
        == [SensorPlace(name: "home", ssid: "homenet", latitude: 1, longitude: 2)])
    #expect(throws: DispatchError.self) {
      try store.places.saveSensorPlace(SensorPlace(name: "Office", ssid: "homenet"))
    }
    #expect(throws: DispatchError.self) {
      try store.places.saveSensorPlace(SensorPlace(name: "Pole", latitude: 91, longitude: 0))
    }
    #expect(throws: DispatchError.self) {
      try store.places.saveSensorPlace(SensorPlace(name: "Half", latitude: 10))
    }
    #expect(throws: DispatchError.self) {
      try store.places.saveSensorPlace(SensorPlace(name: "  "))
    }
    #expect(try store.places.sensorPlace(named: "HOME").name == "home")
    try store.places.removeSensorPlace(named: "Home")
    #expect(try store.places.sensorPlaces().isEmpty)
    #expect(throws: DispatchError.self) { try store.places.removeSensorPlace(named: "Home") }
  }
}
