import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// `dispatch trigger`'s rules: which groups an event fires, places, delays, sleep, focus and
/// the one-per-minute rule (docs/daemon.md#events-dispatch-trigger).
struct EventTriggerTests {
  let clock = SteppingClock(Instant(milliseconds: 1_783_508_400_000))  // 2026-07-08T11:00:00Z
  let store: DispatchStore
  let deliverer = RecordingDeliverer()
  let sighting = PlaceSighting()

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try ScheduleSettings.set("time-zone", to: "UTC", in: store)
    let home = PromptGroup(
      id: "g-home", name: "Home", scheduleKind: "placeTrigger", sortOrder: 0,
      monitorDirection: "arrival",
      placeRegion: PlaceRegion(latitude: 0, longitude: 0, radius: 100, name: "Home"))
    let leaving = PromptGroup(
      id: "g-leave", name: "Leaving", scheduleKind: "placeTrigger", sortOrder: 1,
      monitorDirection: "departure", monitorDelayMinutes: 5)
    let workout = PromptGroup(id: "g-gym", name: "Gym", scheduleKind: "workoutEnd", sortOrder: 2)
    for group in [home, leaving, workout] { try store.saveGroupForTests(group) }
  }

  @Test func `an imported workout that just ended prompts once; an old one never`() throws {
    let now = clock.now()
    let recent = now.adding(seconds: -10 * 60)
    let old = now.adding(seconds: -3 * 86_400)
    let first = try EventTrigger.fireWorkoutEnds(
      [old, recent, recent], in: store, deliverer: deliverer, environment: store.environment)
    #expect(first.fired == ["gprompt-g-gym-20260708-1050Z"])
    #expect(first.pending.isEmpty && first.skipped.isEmpty)
    #expect(deliverer.delivered.count == 1)
    // The same workout again (a second export holding it): prompted already.
    let again = try EventTrigger.fireWorkoutEnds(
      [recent], in: store, deliverer: deliverer, environment: store.environment)
    #expect(again.fired.isEmpty && deliverer.delivered.count == 1)
    // A workout that ends in the future of the clock (a wrong clock) prompts nothing.
    let future = try EventTrigger.fireWorkoutEnds(
      [now.adding(seconds: 600)], in: store, deliverer: deliverer, environment: store.environment)
    #expect(future.fired.isEmpty && future.pending.isEmpty)
  }

  @Test func `a workout-end group with a delay waits for it after the workout's end`() throws {
    var gym = try #require(try store.prompts.promptGroups().first { $0.id == "g-gym" })
    gym.monitorDelayMinutes = 30
    try store.saveGroupForTests(gym)
    let end = clock.now().adding(seconds: -10 * 60)
    let outcome = try EventTrigger.fireWorkoutEnds(
      [end], in: store, deliverer: deliverer, environment: store.environment)
    #expect(outcome.pending == ["gprompt-g-gym-20260708-1050Z"])
    let record = try #require(try store.prompts.promptRecord("gprompt-g-gym-20260708-1050Z"))
    #expect(record.due == end.adding(seconds: 30 * 60))
    // Ended longer ago than the delay and the expiry (60 minutes): nothing.
    let stale = try EventTrigger.fireWorkoutEnds(
      [clock.now().adding(seconds: -100 * 60)], in: store, deliverer: deliverer,
      environment: store.environment)
    #expect(stale.fired.isEmpty && stale.pending.isEmpty)
  }

  /// One look of the place watch with `network` connected after `minutes` more minutes.
  func look(_ network: String?, after minutes: Int64 = 0) throws -> PlaceWatch.Look {
    clock.advance(seconds: minutes * 60)
    let nmcli = network.map { ["nmcli": FakeSensorCommands.Script.prints("yes:\($0)\n")] }
    let here = sighting.look(
      places: try store.places.sensorPlaces(), commands: FakeSensorCommands(nmcli ?? [:]),
      now: clock.now()
    ).place
    return try PlaceWatch.look(
      at: here, in: store, deliverer: deliverer, environment: store.environment)
  }

  @Test func `places known by coordinates are seen through GeoClue, asked every five minutes`()
    throws
  {
    try store.places.saveSensorPlace(
      SensorPlace(name: "Home", latitude: 52.5200, longitude: 13.4050))
    try store.places.saveSensorPlace(SensorPlace(name: "Office", ssid: "corp"))
    let places = try store.places.sensorPlaces()
    let nearHome = FakeSensorCommands([
      "where-am-i": .prints(
        "Latitude:    52.5205°\nLongitude:   13.4049°\nAccuracy:    40 meters\n")
    ])
    #expect(
      sighting.look(places: places, commands: nearHome, now: clock.now())
        == PlaceSighting.Sighting(place: "Home", source: .geoClue))
    // Within five minutes the last fix stands: GeoClue is not asked again.
    let far = FakeSensorCommands(["where-am-i": .prints("Latitude: 48.85\nLongitude: 2.35\n")])
    #expect(
      sighting.look(places: places, commands: far, now: clock.now().adding(seconds: 240)).place
        == "Home")
    #expect(!far.ran.contains { $0.hasPrefix("where-am-i") })
    // A fix that fails keeps the place: not knowing where you are is not leaving.
    let failing = FakeSensorCommands(["where-am-i": .hangs()])
    #expect(
      sighting.look(places: places, commands: failing, now: clock.now().adding(seconds: 300))
        .place == "Home")
    #expect(
      sighting.look(places: places, commands: far, now: clock.now().adding(seconds: 600)).place
        == nil)
    // A named place's Wi-Fi wins over GeoClue, which is then not asked at all.
    let office = FakeSensorCommands([
      "nmcli": .prints("yes:corp\n"), "where-am-i": .prints("Latitude: 52.52\nLongitude: 13.405\n"),
    ])
    #expect(
      sighting.look(places: places, commands: office, now: clock.now().adding(seconds: 900))
        == PlaceSighting.Sighting(place: "Office", source: .wifi))
    #expect(!office.ran.contains { $0.hasPrefix("where-am-i") })
  }

  @Test func `the place watch fires arrivals and departures as the network changes`() throws {
    try store.places.saveSensorPlace(SensorPlace(name: "Home", ssid: "home-wifi"))
    try store.places.saveSensorPlace(SensorPlace(name: "Office", ssid: "corp"))
    // The first look only remembers where you are.
    #expect(try look("corp") == PlaceWatch.Look())
    // Home's network: leaving the office and arriving home, at once.
    let home = try look("home-wifi", after: 60)
    #expect(home.events == ["left Office", "arrived at Home"])
    #expect(home.outcome.fired == ["gprompt-g-home-20260708-1200Z"])
    #expect(home.outcome.pending == ["gprompt-g-leave-20260708-1200Z"])
    // The network drops for a minute and comes back: nothing.
    #expect(try look(nil, after: 10).events.isEmpty)
    #expect(try look(nil, after: 1).events.isEmpty)
    #expect(try look("home-wifi", after: 0).events.isEmpty)
    // Gone for good: a departure once it has stayed gone two minutes.
    #expect(try look(nil, after: 10).events.isEmpty)
    #expect(try look(nil, after: 2).events == ["left Home"])
    // Back within half an hour of leaving: no second arrival prompt.
    let back = try look("home-wifi", after: 5)
    #expect(back.events == ["back at Home within 30 minutes: no arrival prompt"])
    #expect(back.outcome.fired.isEmpty)
    // An unknown network is no place.
    #expect(try look("cafe", after: 1).events.isEmpty)
    #expect(try look("cafe", after: 3).events == ["left Home"])
  }

  @Test func `without arrival or departure groups nothing is watched`() throws {
    #expect(try PlaceWatch.isNeeded(store))
    for group in try store.prompts.promptGroups() where group.scheduleKind == "placeTrigger" {
      var off = group
      off.isEnabled = false
      try store.saveGroupForTests(off)
    }
    #expect(try !PlaceWatch.isNeeded(store))
  }

  @Test func `an arrival fires the group of that place, accents and case ignored`() throws {
    let outcome = try EventTrigger.fire(
      .arrival, place: "hóme", in: store, deliverer: deliverer, environment: store.environment)
    #expect(outcome.fired == ["gprompt-g-home-20260708-1100Z"])
    #expect(deliverer.delivered.first?.body == "Home")
    #expect(try store.prompts.promptRecord("gprompt-g-home-20260708-1100Z")?.source == "event")
    let elsewhere = try EventTrigger.fire(
      .arrival, place: "Work", in: store, deliverer: deliverer, environment: store.environment)
    #expect(elsewhere.fired.isEmpty && elsewhere.candidates == 1)
  }

  @Test func `twice in a minute fires once`() throws {
    _ = try EventTrigger.fire(
      .arrival, place: "Home", in: store, deliverer: deliverer, environment: store.environment)
    let again = try EventTrigger.fire(
      .arrival, place: "Home", in: store, deliverer: deliverer, environment: store.environment)
    #expect(again.fired.isEmpty && again.skipped.count == 1)
    #expect(deliverer.delivered.count == 1)
  }

  @Test func `a delayed group waits for the daemon`() throws {
    let outcome = try EventTrigger.fire(
      .departure, place: nil, in: store, deliverer: deliverer, environment: store.environment)
    #expect(outcome.pending == ["gprompt-g-leave-20260708-1100Z"])
    #expect(deliverer.delivered.isEmpty)
    clock.advance(seconds: 5 * 60)
    let pass = try PromptDaemon(store: store, environment: store.environment, deliverer: deliverer)
      .pass()
    #expect(pass.fired == ["gprompt-g-leave-20260708-1100Z"])
  }

  @Test func `asleep, an arrival is ignored and a workout end waits for waking`() throws {
    try store.settings.setSetting(SettingKey.awake, "false")
    let arrival = try EventTrigger.fire(
      .arrival, place: "Home", in: store, deliverer: deliverer, environment: store.environment)
    #expect(arrival.fired.isEmpty && arrival.skipped == ["Home: asleep"])
    let workout = try EventTrigger.fire(
      .workoutEnd, place: nil, in: store, deliverer: deliverer, environment: store.environment)
    #expect(workout.pending.count == 1)
    try PromptDaemon(store: store, environment: store.environment, deliverer: deliverer).pass()
    #expect(deliverer.delivered.isEmpty)
    try store.settings.setSetting(SettingKey.awake, "true")
    clock.advance(seconds: 60)
    #expect(
      try PromptDaemon(store: store, environment: store.environment, deliverer: deliverer).pass()
        .fired == workout.pending)
  }

  @Test func `a focus that allows no groups mutes the trigger`() throws {
    try FocusFilter(name: "Sleep", allowedGroupIDs: [], since: clock.now()).save(in: store)
    let outcome = try EventTrigger.fire(
      .workoutEnd, place: nil, in: store, deliverer: deliverer, environment: store.environment)
    #expect(outcome.skipped == ["Gym: muted by the focus 'Sleep'"])
  }
}

/// One daemon per store.
struct DaemonLockTests {
  @Test func `a second daemon for the same store is refused, and the lock frees on release`()
    throws
  {
    let directory = try TemporaryDirectory()
    let store = directory.file("s.sqlite")
    var first: DaemonLock? = try DaemonLock.acquire(forStore: store)
    #expect(first != nil)
    #expect(throws: DispatchError.self) { try DaemonLock.acquire(forStore: store) }
    first = nil
    #expect(try DaemonLock.acquire(forStore: store).path == store + ".daemon.lock")
  }
}

extension DispatchStore {
  /// Stores a group the way imports do.
  func saveGroupForTests(_ group: PromptGroup) throws {
    _ = try self.imports.importBatches([
      ImportBatch(path: "t", format: .dispatchV2, promptGroups: [group])
    ])
  }
}
