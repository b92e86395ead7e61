import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Opening store files, settings, the event log and counts.
struct DispatchStoreTests {
  let directory: TemporaryDirectory
  let store: DispatchStore

  init() throws {
    directory = try TemporaryDirectory()
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_510_722_810)),
        ids: SequentialIDGenerator()))
  }

  private func objectNames(in path: String) throws -> [String] {
    try Database(path: path, mode: .readOnly)
      .rows("SELECT name FROM sqlite_schema ORDER BY name").compactMap { $0.string(0) }
  }

  // MARK: - Opening files

  @Test func `a writer creates and migrates a new store file`() throws {
    let path = directory.file("data/dispatch.sqlite")
    let created = try DispatchStore(path: path, access: .write)
    try created.settings.setSetting("probe", "1")
    #expect(try TemporaryDirectory.permissions(of: path) == 0o600)
    #expect(
      try created.database.scalarInt("PRAGMA application_id") == StoreSchema.applicationID)
    #expect(try !StoreSchema.migrator.hasPendingMigrations(in: created.database))

    let reopened = try DispatchStore(path: path, access: .read)
    #expect(try reopened.settings.setting("probe") == "1")
  }

  @Test func `a reader does not create a missing store`() throws {
    let path = directory.file("missing.sqlite")
    let error = #expect(throws: StoreError.self) {
      try DispatchStore(path: path, access: .read)
    }
    #expect(error?.kind == .missingStore)
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test(arguments: [DispatchStore.Access.read, .write])
  func `a file of random bytes is not a Dispatch store`(access: DispatchStore.Access) throws {
    let path = directory.file("noise.sqlite")
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let noise = (0..<4096).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    try Data(noise).write(to: URL(fileURLWithPath: path))

    let error = #expect(throws: StoreError.self) {
      try DispatchStore(path: path, access: access)
    }
    #expect(error?.kind == .notADispatchStore)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(noise))
  }

  @Test(arguments: [DispatchStore.Access.read, .write])
  func `another program's SQLite file is refused and not migrated`(
    access: DispatchStore.Access
  ) throws {
    let path = directory.file("foreign.sqlite")
    do {
      let foreign = try Database(path: path, mode: .create)
      try foreign.executeScript("CREATE TABLE foo (bar TEXT); INSERT INTO foo VALUES ('x');")
    }
    let error = #expect(throws: StoreError.self) {
      try DispatchStore(path: path, access: access)
    }
    #expect(error?.kind == .notADispatchStore)
    #expect(error?.message.contains("not a Dispatch store") == true)
    #expect(try objectNames(in: path) == ["foo"])
  }

  @Test func `refusing another program's file leaves its journal mode alone`() throws {
    let path = directory.file("rollback-journal.sqlite")
    do {
      let foreign = try Database(path: path, mode: .create)
      try foreign.executeScript("PRAGMA journal_mode = DELETE; CREATE TABLE foo (bar TEXT);")
    }
    #expect(throws: StoreError.self) { try DispatchStore(path: path, access: .write) }
    // Bytes 18 and 19 of the header are the file format versions: 1 rollback, 2 WAL
    // (https://sqlite.org/fileformat2.html#file_format_version_numbers).
    let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
    #expect(Array(header.suffix(2)) == [1, 1])
  }

  @Test func `a SQLite file with another application ID is refused even when empty`() throws {
    let path = directory.file("other-app.sqlite")
    do {
      let other = try Database(path: path, mode: .create)
      try other.executeScript("PRAGMA application_id = 1234")
    }
    let error = #expect(throws: StoreError.self) {
      try DispatchStore(path: path, access: .write)
    }
    #expect(error?.kind == .notADispatchStore)
    #expect(try objectNames(in: path).isEmpty)
  }

  @Test func `a store migrated by a newer Dispatch is refused and nothing is written`() throws {
    let path = directory.file("newer.sqlite")
    do {
      let newer = try DispatchStore(path: path, access: .write)
      try newer.database.execute(
        "INSERT INTO schema_migrations (name) VALUES (?)", ["9999-from-the-future"])
    }
    let before = try Database(path: path, mode: .readOnly).schemaDump()

    let error = #expect(throws: StoreError.self) {
      try DispatchStore(path: path, access: .write)
    }
    #expect(error?.kind == .newerSchema)
    #expect(error?.message.contains("upgrade Dispatch") == true)
    let after = try Database(path: path, mode: .readOnly)
    #expect(try after.schemaDump() == before)
    #expect(
      try after.scalarInt("SELECT count(*) FROM schema_migrations")
        == StoreSchema.migrator.migrations.count + 1)
  }

  // MARK: - Settings, events, counts

  @Test func `settings are stored, replaced and read back`() throws {
    #expect(try store.settings.setting(SettingKey.timeZone) == nil)
    try store.settings.setSetting(SettingKey.timeZone, "Europe/Paris")
    try store.settings.setSetting(SettingKey.timeZone, "America/New_York")
    #expect(try store.settings.setting(SettingKey.timeZone) == "America/New_York")
  }

  @Test func `the awake flag defaults to awake`() throws {
    #expect(try store.settings.isAwake())
    try store.settings.setSetting(SettingKey.awake, "false")
    #expect(try !store.settings.isAwake())
    try store.settings.setSetting(SettingKey.awake, "true")
    #expect(try store.settings.isAwake())
  }

  @Test func `events are logged at the injected clock's time`() throws {
    try store.settings.logEvent("opened", detail: "test")
    let row = try #require(
      try store.database.rows("SELECT at_ms, kind, detail FROM event_log").first)
    #expect(row.values == [.integer(1_783_510_722_810), .text("opened"), .text("test")])
  }

  @Test func `counts separate filed reports from drafts`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    let at = Instant(milliseconds: 1_000)
    let response = Response(id: "r", questionID: nil, questionPrompt: "Free text")
    try store.reports.fileAll([
      Report(id: "a", date: at, timeZoneIdentifier: "UTC", utcOffsetSeconds: 0),
      Report(
        id: "b", date: at, timeZoneIdentifier: "UTC", utcOffsetSeconds: 0, isDraft: true,
        responses: [response]),
    ])
    try store.prompts.savePromptGroup(PromptGroup(id: "g", name: "Group", scheduleKind: "dailyAt"))
    let counts = try store.maintenance.counts()
    let figures: [Int] = [
      counts.questions, counts.reports, counts.drafts, counts.responses, counts.people,
      counts.promptGroups,
    ]
    #expect(figures == [7, 1, 1, 1, 0, 1])
  }

  @Test func `prompt groups round-trip with every field`() throws {
    let group = PromptGroup(
      id: "group-1", name: "Evenings", scheduleKind: "placeTrigger", isEnabled: false,
      sortOrder: 3, questionIDs: ["q2", "q1"], scheduleHours: 4, scheduleCount: 5,
      scheduleDistribution: "semiRandom", scheduledTimes: ["08:00", "20:30"],
      calendarMatchKind: "title", calendarIdentifiers: ["work"],
      calendarTitleFilter: "standup", monitorDirection: "arrival", monitorDelayMinutes: 30,
      monitorCancelsOnContradiction: true,
      placeRegion: PlaceRegion(latitude: 48.85, longitude: 2.35, radius: 150, name: "Home"),
      beacon: BeaconIdentity(uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0", major: 1, minor: 2))
    let plain = PromptGroup(id: "group-0", name: "Plain", scheduleKind: "everyNHours")
    try store.prompts.savePromptGroup(group)
    try store.prompts.savePromptGroup(plain)
    #expect(try store.prompts.promptGroups() == [plain, group])
  }
}
