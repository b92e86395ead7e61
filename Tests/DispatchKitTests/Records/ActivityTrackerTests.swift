import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Starting and stopping activities (docs/formats/introspective.md#intents, with the documented
/// fixes).
struct ActivityTrackerTests {
  /// 2026-03-04T10:00:00Z.
  let now = Instant(milliseconds: 1_772_618_400_000)
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(clock: FixedWallClock(now), ids: SequentialIDGenerator()))
    for name in ["Reading", "Cooking", "Podcast"] {
      try ActivityCatalog.define(name, in: store, environment: store.environment)
    }
  }

  @Test func `several names start together, ago really subtracts`() throws {
    let started = try ActivityTracker.start(
      ["reading", "Podcast"], time: RecordTimeArgument(ago: "20m"), tags: ["sofa"], in: store,
      environment: store.environment)
    #expect(started.map(\.name) == ["Reading", "Podcast"])
    #expect(started.allSatisfy { $0.activity.start.instant == now.adding(seconds: -1_200) })
    #expect(started.allSatisfy { $0.activity.startSetAt == now && $0.activity.tags == ["sofa"] })
    #expect(started.first?.duration == TimeDuration(seconds: 1_200))
    #expect(try ActivityTracker.status(in: store, environment: store.environment).count == 2)
  }

  @Test func `an unknown name starts nothing and suggests the close one`() throws {
    let error = try #require(throws: DispatchError.self) {
      try ActivityTracker.start(["Reading", "Cookng"], in: store, environment: store.environment)
    }
    #expect(
      error.message
        == "activity 'Cookng' does not exist (did you mean 'Cooking'?); define it with "
        + "'dispatch activity define Cookng'")
    #expect(try store.records.runningActivities().isEmpty)
  }

  @Test func `starting a running activity needs again`() throws {
    try ActivityTracker.start(
      ["Reading"], time: RecordTimeArgument(at: "09:40"), in: store, environment: store.environment)
    let error = try #require(throws: DispatchError.self) {
      try ActivityTracker.start(["Reading"], in: store, environment: store.environment)
    }
    #expect(error.kind == .conflict)
    #expect(error.message.contains("'Reading' is already running since 2026-03-04 09:40"))
    try ActivityTracker.start(["Reading"], again: true, in: store, environment: store.environment)
    #expect(try store.records.runningActivities().count == 2)
  }

  @Test func `stop by name ends the most recent running instance`() throws {
    try ActivityTracker.start(
      ["Reading"], time: RecordTimeArgument(ago: "2h"), in: store, environment: store.environment)
    try ActivityTracker.start(
      ["Reading"], time: RecordTimeArgument(ago: "1h"), again: true, in: store,
      environment: store.environment)
    let stopped = try ActivityTracker.stop(
      .named(["reading"]), time: RecordTimeArgument(ago: "10m"), note: "chapter 3", in: store,
      environment: store.environment)
    #expect(stopped.count == 1)
    #expect(stopped.first?.activity.start.instant == now.adding(seconds: -3_600))
    #expect(stopped.first?.duration == TimeDuration(seconds: 3_000))
    #expect(stopped.first?.activity.note == "chapter 3")
    #expect(
      try store.records.runningActivities().map(\.start.instant) == [now.adding(seconds: -7_200)])
  }

  @Test func `stopping what is not running is refused`() throws {
    try ActivityTracker.start(["Reading"], in: store, environment: store.environment)
    let error = try #require(throws: DispatchError.self) {
      try ActivityTracker.stop(
        .named(["Reading", "Cooking"]), in: store, environment: store.environment)
    }
    #expect(error.message == "'Cooking' is not running; 'dispatch activity status' shows what is")
    #expect(try store.records.runningActivities().count == 1)
  }

  @Test func `last stops the latest start, all stops everything`() throws {
    try ActivityTracker.start(
      ["Reading"], time: RecordTimeArgument(ago: "30m"), in: store, environment: store.environment)
    try ActivityTracker.start(
      ["Cooking"], time: RecordTimeArgument(ago: "5m"), in: store, environment: store.environment)
    try ActivityTracker.start(
      ["Podcast"], time: RecordTimeArgument(ago: "50m"), in: store, environment: store.environment)
    #expect(
      try ActivityTracker.stop(.last, in: store, environment: store.environment).map(\.name) == [
        "Cooking"
      ])
    #expect(
      try ActivityTracker.stop(.all, in: store, environment: store.environment).map(\.name) == [
        "Podcast", "Reading",
      ])
    let error = try #require(throws: DispatchError.self) {
      try ActivityTracker.stop(.last, in: store, environment: store.environment)
    }
    #expect(error.message.hasPrefix("no activity is running"))
  }

  @Test func `a stop before the start is refused`() throws {
    try ActivityTracker.start(
      ["Reading"], time: RecordTimeArgument(ago: "5m"), in: store, environment: store.environment)
    #expect(throws: DispatchError.self) {
      try ActivityTracker.stop(
        .named(["Reading"]), time: RecordTimeArgument(ago: "10m"), in: store,
        environment: store.environment)
    }
  }

  @Test func `from last stop starts where the last activity ended`() throws {
    try ActivityTracker.start(
      ["Reading"], time: RecordTimeArgument(ago: "1h"), in: store, environment: store.environment)
    try ActivityTracker.stop(
      .last, time: RecordTimeArgument(ago: "25m"), in: store, environment: store.environment)
    let started = try ActivityTracker.start(
      ["Cooking"], fromLastStop: true, in: store, environment: store.environment)
    #expect(started.first?.activity.start.instant == now.adding(seconds: -1_500))
  }

  @Test func `auto-ignore discards a stop shorter than its seconds, keeps the rest`() throws {
    #expect(try ScheduleSettings.set("activity-auto-ignore", to: "on", in: store) == "15")
    try ActivityTracker.start(
      ["Reading"], time: RecordTimeArgument(ago: "10s"), in: store, environment: store.environment)
    try ActivityTracker.start(
      ["Cooking"], time: RecordTimeArgument(ago: "15s"), in: store, environment: store.environment)
    let stopped = try ActivityTracker.stop(.all, in: store, environment: store.environment)
    #expect(stopped.map(\.name) == ["Cooking", "Reading"])
    #expect(stopped.map(\.discarded) == [false, true])
    #expect(try store.records.activities().count == 1)
    #expect(try store.records.runningActivities().isEmpty)
  }

  @Test func `auto-ignore is off by default and takes seconds or off`() throws {
    try ActivityTracker.start(
      ["Reading"], time: RecordTimeArgument(ago: "1s"), in: store, environment: store.environment)
    #expect(
      try ActivityTracker.stop(.last, in: store, environment: store.environment).first?.discarded
        == false)
    #expect(try ScheduleSettings.set("activity-auto-ignore", to: "90", in: store) == "90")
    #expect(try ScheduleSettings.load(from: store).activityAutoIgnoreSeconds == 90)
    #expect(try ScheduleSettings.set("activity-auto-ignore", to: "OFF", in: store) == "off")
    #expect(throws: DispatchError.self) {
      try ScheduleSettings.set("activity-auto-ignore", to: "soon", in: store)
    }
    #expect(try store.records.activities().count == 1)
  }

  @Test func `from last stop with nothing stopped starts now`() throws {
    let started = try ActivityTracker.start(
      ["Cooking"], fromLastStop: true, in: store, environment: store.environment)
    #expect(started.first?.activity.start.instant == now)
  }

  @Test func `editing a definition keeps its activities, removing takes them`() throws {
    try ActivityTracker.start(["Reading"], in: store, environment: store.environment)
    let edited = try ActivityCatalog.edit(
      "Reading", newName: "Books", description: "paper", tags: ["calm", "Calm"], in: store)
    #expect(edited.tags == ["calm"])
    #expect(try store.records.runningActivities().count == 1)
    #expect(
      try ActivityCatalog.list(in: store, environment: store.environment).first?.name == "Books")
    #expect(throws: DispatchError.self) {
      try ActivityCatalog.edit("Books", newName: "podcast", in: store)
    }
    #expect(throws: DispatchError.self) {
      try ActivityCatalog.define("books", in: store, environment: store.environment)
    }
    let removed = try ActivityCatalog.remove("Books", in: store)
    #expect(removed.activities == 1)
    #expect(try store.records.activities().isEmpty)
  }
}
