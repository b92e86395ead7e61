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

/// A ``SensorClock`` the test moves: waits end when a provider answers or when the test
/// advances the clock past the deadline, never because real time passed.
final class ManualSensorClock: SensorClock, @unchecked Sendable {
  private let lock = NSLock()
  private var now = 0.0
  private var waiting: [DispatchSemaphore] = []

  func seconds() -> Double {
    lock.lock()
    defer { lock.unlock() }
    return now
  }

  func wait(_ signal: DispatchSemaphore, until deadline: Double) -> Bool {
    lock.lock()
    if now >= deadline {
      lock.unlock()
      return false
    }
    waiting.append(signal)
    lock.unlock()
    signal.wait()
    lock.lock()
    defer { lock.unlock() }
    waiting.removeAll { $0 === signal }
    return now < deadline
  }

  func advance(by seconds: Double) {
    lock.lock()
    now += seconds
    let woken = waiting
    lock.unlock()
    for signal in woken { signal.signal() }
  }
}

/// A provider that never answers until released: a D-Bus client stuck on a dead bus.
final class HangingSensor: SensorProvider, @unchecked Sendable {
  let name: String
  let summary = "hangs"
  let reach = SensorReach.local
  private let release = DispatchSemaphore(value: 0)
  let started = DispatchSemaphore(value: 0)

  init(_ name: String) {
    self.name = name
  }

  func read(_ environment: SensorEnvironment) throws -> SensorContext {
    started.signal()
    release.wait()
    return SensorContext(battery: 0.01)
  }

  func unblock() {
    release.signal()
  }
}

/// A provider that answers at once with a fixed part, or throws.
struct ScriptedSensor: SensorProvider {
  let name: String
  let summary = "scripted"
  let reach = SensorReach.local
  let result: Result<SensorContext, any Error>

  func read(_ environment: SensorEnvironment) throws -> SensorContext {
    try result.get()
  }
}

struct SensorCollectorTests {
  let tree: FixtureTree

  init() throws {
    tree = try FixtureTree()
  }

  @Test func twoHangingSensorsAreLeftBehindAtTheDeadline() throws {
    let clock = ManualSensorClock()
    let weather = HangingSensor("weather")
    let media = HangingSensor("media")
    defer {
      weather.unblock()
      media.unblock()
    }
    try tree.write("/sys/class/power_supply/BAT0/type", "Battery")
    try tree.write("/sys/class/power_supply/BAT0/capacity", "64")
    let collection = SensorCollection(
      providers: [BatterySensor(), weather, FocusSensor(), media], off: ["sound"],
      environment: tree.environment(), deadlineSeconds: 2, clock: clock)
    weather.started.wait()
    media.started.wait()
    let finish = BackgroundFinish(collection)
    // Not finished before the deadline, however long the hanging sensors take in real time.
    #expect(!finish.finished(within: 0.3))
    clock.advance(by: 1.9)
    #expect(!finish.finished(within: 0.2))
    clock.advance(by: 0.2)
    #expect(finish.finished(within: 5))
    let readings = try #require(finish.readings)
    #expect(readings.context.battery == 0.64)
    #expect(readings.context.focus == FocusState(label: nil, isFocused: false))
    #expect(readings.context.weather == nil && readings.context.media == nil)
    #expect(readings.outcomes.map(\.name) == ["battery", "weather", "focus", "media", "sound"])
    #expect(readings.outcomes[1].state == .timedOut && readings.outcomes[3].state == .timedOut)
    #expect(readings.outcomes[4].state == .off)
    #expect(readings.problems.map(\.name) == ["weather", "media"])
    // A late answer changes nothing.
    weather.unblock()
    Thread.sleep(forTimeInterval: 0.05)
    #expect(collection.finish().context.battery == 0.64)
  }

  @Test func finishesAsSoonAsEveryoneHasAnswered() throws {
    let clock = ManualSensorClock()
    let collection = SensorCollection(
      providers: [
        ScriptedSensor(name: "a", result: .success(SensorContext(battery: 0.5))),
        ScriptedSensor(name: "b", result: .failure(SensorFailure("tool broke"))),
        ScriptedSensor(name: "c", result: .failure(SensorUnavailable("not here"))),
        ScriptedSensor(name: "d", result: .failure(CocoaError(.fileReadCorruptFile))),
      ], environment: tree.environment(), deadlineSeconds: 2, clock: clock)
    // The clock never moves: finishing cannot have waited for the deadline.
    let readings = collection.finish()
    #expect(readings.context == SensorContext(battery: 0.5))
    #expect(readings.outcomes[1].state == .failed("tool broke"))
    #expect(readings.outcomes[2].state == .unavailable("not here"))
    if case .failed = readings.outcomes[3].state {} else { Issue.record("not a failure") }
    #expect(readings.problems.map(\.name) == ["b", "d"])
  }

  @Test func theRealClockEndsAHangAtTheDeadline() throws {
    let hanging = HangingSensor("stuck")
    defer { hanging.unblock() }
    let start = Date()
    let readings = SensorCollection(
      providers: [hanging, FocusSensor()], environment: tree.environment(),
      deadlineSeconds: 0.2
    ).finish()
    let elapsed = Date().timeIntervalSince(start)
    #expect(elapsed >= 0.19 && elapsed < 10)
    #expect(readings.outcomes.first?.state == .timedOut)
    #expect(readings.context.focus != nil)
  }

  @Test func mergingKeepsTheFirstValueAndAppendsLists() {
    var context = SensorContext(battery: 0.3, photos: [Photo(id: "1")])
    context.absorb(SensorContext(battery: 0.9, connection: 1, photos: [Photo(id: "2")]))
    #expect(context.battery == 0.3 && context.connection == 1)
    #expect(context.photos.map(\.id) == ["1", "2"])
  }
}
