import DispatchKit
import Foundation
import Testing

@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchStorage
@testable import DispatchSupport

/// Sync of the records besides reports (docs/sync.md#what-syncs): questions and their order,
/// people renamed and merged, saved and pinned queries, moods, activities, doses, lost items,
/// places and the user's settings, through thousands of random operations on three devices.
@Suite(.serialized) struct SyncRecordsTests {
  typealias Device = SyncEngineTests.Device

  static let names = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
  static let zone = "Europe/Lisbon"

  private static func device(
    _ folder: TemporaryDirectory, _ name: String, skew: Int64, sync: String
  )
    throws -> Device
  {
    try Device(folder, name: name, skew: skew, sync: sync) { store in
      _ = try store.questions.seedDefaultQuestionsIfEmpty()
    }
  }

  private static func time(_ device: Device) -> RecordTime {
    RecordTime(device.clock.instant, timeZoneIdentifier: zone, utcOffsetSeconds: 0)
  }

  /// A report naming people, answering the default people question.
  private static func report(_ id: String, with people: [String], at milliseconds: Int64)
    -> Report
  {
    Report(
      id: id, date: Instant(milliseconds: milliseconds), timeZoneIdentifier: zone,
      utcOffsetSeconds: 0,
      responses: [
        Response(
          id: id + "-who", questionID: DefaultQuestions.all[4].id,
          questionPrompt: "Who are you with?",
          tokens: people.enumerated().map {
            TokenValue(id: "\(id)-p\($0.offset)", text: $0.element)
          })
      ])
  }

  /// Every synced table, owned and derived rows included (people's counts and name keys are
  /// rebuilt from the reports, so they must agree too), and the v2 export.
  static func fingerprint(_ store: DispatchStore) throws -> [String] {
    var lines: [String] = []
    let tables =
      SyncedTable.all.flatMap { [$0.table] + $0.owned.map(\.table) }
      + ["person_name_keys", "vocabulary"]
    for table in tables {
      // This device's own settings differ by design.
      let filter = table == "settings" ? " WHERE key NOT LIKE 'sensors.%'" : ""
      lines += try store.database.rows("SELECT * FROM \(table)\(filter)").map {
        table + ": " + $0.values.map { "\($0)" }.joined(separator: " | ")
      }.sorted()
    }
    var export: [UInt8] = []
    try store.exportV2(provenance: ExportProvenance(createdAt: Instant(milliseconds: 0))) {
      export += $0.utf8
    }
    return lines + [String(decoding: export, as: UTF8.self)]
  }

  @Test func `thousands of random operations of every kind on three devices end in one store`()
    throws
  {
    let folder = try TemporaryDirectory()
    // Each device has its own copy of the folder, and the segments reach it in any order, as
    // a syncing engine may deliver them; clocks an hour fast, right and ten minutes slow.
    let devices = try [("a", 3_600_000), ("b", 0), ("c", -600_000)].map {
      try Self.device(folder, $0.0, skew: Int64($0.1), sync: folder.file("sync-" + $0.0))
    }
    // Compaction as soon as there are a few segments every device merged.
    for device in devices { device.compactionRun = 4 }
    var compactions = 0
    // SYNC_SEED=n tries another history (a sweep of seeds runs before a change to merging).
    let seed = ProcessInfo.processInfo.environment["SYNC_SEED"].flatMap(UInt64.init) ?? 2_026
    var random = SplitMix64(seed: seed)
    func exchange(into device: Device, all: Bool) throws {
      for other in devices where other !== device {
        let from = folder.file("sync-\(other.name)/devices/\(other.name)")
        let to = folder.file("sync-\(device.name)/devices/\(other.name)")
        try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
        // A mirror, file by file in random order: new and changed files arrive (merged.json
        // is rewritten), and files removed there (segments compacted) go.
        let there = Set(try FileManager.default.contentsOfDirectory(atPath: from))
        for name in there.sorted() where all || Bool.random(using: &random) {
          let source = FileManager.default.contents(atPath: from + "/" + name)
          if FileManager.default.contents(atPath: to + "/" + name) != source {
            try? FileManager.default.removeItem(atPath: to + "/" + name)
            try FileManager.default.copyItem(atPath: from + "/" + name, toPath: to + "/" + name)
          }
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: to).sorted()
        where !there.contains(name) && (all || Bool.random(using: &random)) {
          try FileManager.default.removeItem(atPath: to + "/" + name)
        }
      }
    }
    var reportIDs: [String] = []
    for step in 0..<2_000 {
      let device = devices[Int.random(in: 0..<3, using: &random)]
      device.tick(Int64.random(in: 1...90_000, using: &random))
      let store = device.store
      func pick<T>(_ values: [T]) -> T? {
        values.isEmpty ? nil : values[Int.random(in: 0..<values.count, using: &random)]
      }
      switch Int.random(in: 0..<23, using: &random) {
      case 0..<3:
        let id = "report-\(step)"
        reportIDs.append(id)
        let count = Int.random(in: 1...2, using: &random)
        let people = (0..<count).compactMap { _ in pick(Self.names) }
        try store.reports.file(
          Self.report(id, with: people, at: device.clock.instant.milliseconds))
      case 3 where !reportIDs.isEmpty:
        if let id = pick(reportIDs), try store.reports.contains(id) {
          try store.reports.removeReport(id: id)
        }
      case 4:
        // A rename or a merge may be refused (the name means somebody else, or the person is
        // gone on this device): then nothing changed.
        if let person = pick(try store.people.list()) {
          _ = try? store.people.renamePerson(person.displayName, to: "\(pick(Self.names)!) \(step)")
        }
      case 5:
        let people = try store.people.list()
        if people.count >= 2, let one = pick(people), let other = pick(people), one.id != other.id {
          _ = try? store.people.mergePeople([one.displayName], into: other.displayName)
        }
      case 6:
        if let question = pick(try store.questions.list()) {
          try store.questions.moveQuestion(
            id: question.id, toPosition: Int.random(in: 1...5, using: &random))
        }
      case 7:
        _ = try store.questions.addQuestion(
          Question(id: "q-\(step)", prompt: "Question \(step)?", type: .number, sortOrder: 0))
      case 8:
        try store.queries.saveQuery(
          name: pick(["Moods", "moods", "People"])!, expression: "reports")
      case 9:
        if let query = pick(try store.queries.savedQueries()) {
          try store.queries.setQueryPinned(query.name, !query.isPinned)
        }
      case 10:
        try store.records.saveRating(
          RatingRecord(
            id: "mood-\(step)", kind: .mood, time: Self.time(device),
            rating: Double(Int.random(in: 1...10, using: &random)), scale: .mood))
      case 11:
        // Two devices may name a new activity alike: one definition stays.
        let name = pick(["Running", "Reading"])!
        if try store.records.activityDefinition(named: name) == nil {
          try store.records.saveActivityDefinition(
            ActivityDefinition(id: "def-\(device.name)-\(step)", name: name))
        }
      case 12:
        if let definition = pick(try store.records.activityDefinitions()) {
          try store.records.saveActivity(
            ActivityRecord(
              id: "act-\(step)", definitionID: definition.id, start: Self.time(device)))
        }
      case 13:
        if let definition = pick(try store.records.activityDefinitions()) {
          try store.records.deleteActivityDefinition(id: definition.id)
        }
      case 14:
        let name = pick(["Aspirin", "Vitamin D"])!
        if try store.records.medication(named: name) == nil {
          try store.records.saveMedication(Medication(id: "med-\(device.name)-\(step)", name: name))
        }
      case 15:
        if let medication = pick(try store.records.medications()) {
          try store.records.saveDose(
            MedicationDose(id: "dose-\(step)", medicationID: medication.id, time: Self.time(device))
          )
        }
      case 16:
        try store.records.saveLostItem(
          LostItemEvent(id: "lost-\(step % 7)", item: "keys \(step)", noticed: Self.time(device)))
      case 17:
        try store.settings.setSetting("awake", Bool.random(using: &random) ? "true" : "false")
        // This device's own settings never travel.
        try store.settings.setSetting("sensors.deadline", "\(step)")
      case 18:
        try store.places.saveSensorPlace(
          SensorPlace(
            name: pick(["Home", "home", "Office"])!, latitude: Double(step % 90), longitude: 9))
      case 19:
        try store.records.saveStressCheckIn(
          StressCheckIn(
            id: "stress-\(step % 5)", time: Self.time(device), overall: .rated(step % 5),
            stressors: [("Work", .rated(step % 3))]))
      case 20:
        try exchange(into: device, all: false)
      default:
        if try device.engine.run().compacted != nil { compactions += 1 }
      }
    }
    #expect(compactions > 3)
    for _ in 0..<3 {
      for device in devices {
        _ = try device.engine.run()
        for other in devices { try exchange(into: other, all: true) }
      }
    }
    let first = try Self.fingerprint(devices[0].store)
    #expect(first.count > 200)
    for device in devices.dropFirst() {
      let other = try Self.fingerprint(device.store)
      let differences = Set(other).symmetricDifference(first).sorted()
      #expect(
        differences.isEmpty, "\(device.name): \(differences.prefix(8).map { $0.prefix(300) })")
    }
    // Running again changes nothing and writes nothing.
    for device in devices {
      let again = try device.engine.run()
      #expect(again.written == 0 && again.applied == 0, "\(device.name): \(again)")
    }
    #expect(try devices[0].store.settings.setting("sensors.deadline") != nil)
  }

  @Test func `a rename and a merge of people replay on the other device`() throws {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Self.device(folder, "a", skew: 0, sync: sync)
    let b = try Self.device(folder, "b", skew: 0, sync: sync)
    try a.store.reports.file(Self.report("r1", with: ["Ann", "Bob"], at: 1_780_000_000_000))
    _ = try a.engine.run()
    _ = try b.engine.run()
    #expect(try b.store.people.list().map(\.displayName).sorted() == ["Ann", "Bob"])
    a.tick(1_000)
    try a.store.people.renamePerson("Ann", to: "Annie")
    try a.store.people.mergePeople(["Bob"], into: "Annie")
    // Before b merges, it files another report naming Bob: his answers still go to Annie.
    try b.store.reports.file(Self.report("r2", with: ["Bob"], at: 1_780_000_100_000))
    let written = try a.engine.run()
    #expect(written.writtenByKind["person"] != nil)
    let merged = try b.engine.run()
    #expect(merged.appliedByKind["person"] != nil)
    _ = try a.engine.run()
    let people = try b.store.people.list()
    #expect(people.map(\.displayName) == ["Annie"])
    #expect(people.first?.alternateNames.sorted() == ["Ann", "Bob"])
    #expect(people.first?.usageCount == 3)
    #expect(try Self.fingerprint(a.store) == Self.fingerprint(b.store))
  }

  @Test
  func `the same new activity named on two devices becomes one, with both devices' activities`()
    throws
  {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Self.device(folder, "a", skew: 0, sync: sync)
    let b = try Self.device(folder, "b", skew: 0, sync: sync)
    for (device, id) in [(a, "def-a"), (b, "def-b")] {
      try device.store.records.saveActivityDefinition(ActivityDefinition(id: id, name: "Running"))
      try device.store.records.saveActivity(
        ActivityRecord(id: "act-" + id, definitionID: id, start: Self.time(device)))
    }
    for _ in 0..<2 { for device in [a, b] { _ = try device.engine.run() } }
    for device in [a, b] {
      #expect(try device.store.records.activityDefinitions().map(\.id) == ["def-a"])
      #expect(
        try device.store.records.activities().map(\.definitionID) == ["def-a", "def-a"])
    }
    // A later activity of b's retired definition still lands on the one kept.
    b.tick(1_000)
    try b.store.records.saveActivity(
      ActivityRecord(id: "act-late", definitionID: "def-a", start: Self.time(b)))
    _ = try b.engine.run()
    _ = try a.engine.run()
    #expect(try a.store.records.activities().count == 3)
  }

  @Test
  func `a question two devices added alike is listed once, as the one kept, in prompt groups`()
    throws
  {
    let folder = try TemporaryDirectory()
    let sync = folder.file("sync")
    let a = try Self.device(folder, "a", skew: 0, sync: sync)
    let b = try Self.device(folder, "b", skew: 0, sync: sync)
    try a.store.prompts.savePromptGroup(
      PromptGroup(id: "evening", name: "Evening", scheduleKind: "fixedTimes"))
    for _ in 0..<2 { for device in [a, b] { _ = try device.engine.run() } }
    // Each device adds "How was dinner?" and lists it in the evening group; b also keeps a
    // group of its own that lists it before the merge is known.
    for (device, id) in [(a, "q-a"), (b, "q-b")] {
      device.tick(1_000)
      _ = try device.store.questions.addQuestion(
        Question(id: id, prompt: "How was dinner?", type: .number, sortOrder: 0))
      var group = try #require(try device.store.prompts.promptGroups().first)
      group.questionIDs.append(id)
      try device.store.prompts.savePromptGroup(group)
    }
    try b.store.prompts.savePromptGroup(
      PromptGroup(
        id: "late", name: "Late", scheduleKind: "fixedTimes", questionIDs: ["q-b", "q-a"]))
    for _ in 0..<2 { for device in [b, a] { _ = try device.engine.run() } }
    for device in [a, b] {
      let groups = try device.store.prompts.promptGroups().sorted { $0.id < $1.id }
      #expect(groups.map(\.questionIDs) == [["q-a"], ["q-a"]], "\(device.name)")
      #expect(
        try device.store.questions.list().filter { $0.prompt == "How was dinner?" }.count == 1)
    }
  }

  @Test func `a change line of another kind round-trips, and a malformed one is refused`() throws {
    let stamp = SyncStamp(milliseconds: 1_780_000_000_000, counter: 2, device: "a")
    let row = JSONValue.object([
      ("id", .string("m1")), ("rating", .double(6.5)), ("date_ms", .int(1_780_000_000_000)),
      ("note", .null),
    ])
    let change = SyncChange(stamp: stamp, kind: "rating", id: "m1", record: .row(row))
    #expect(try SyncChange(line: Array(change.line.utf8)) == change)
    let deletion = SyncChange(stamp: stamp, kind: "person", id: "p1", record: nil)
    #expect(try SyncChange(line: Array(deletion.line.utf8)) == deletion)
    let prefix = #"{"v": 1, "stamp": "0001780000000000-00000000-a", "#
    for (line, message) in [
      (prefix + #""kind": "rating", "id": "m1", "op": "put"}"#, "no record"),
      (prefix + #""kind": "rating", "id": "m1", "op": "put", "record": [1]}"#, "no record"),
      (prefix + #""kind": "telepathy", "id": "m1", "op": "delete"}"#, "not one this version"),
    ] {
      #expect(throws: SyncChangeError.self, "\(line)") { try SyncChange(line: Array(line.utf8)) }
      do {
        _ = try SyncChange(line: Array(line.utf8))
      } catch {
        #expect(error.description.contains(message), "\(line): \(error.description)")
      }
    }
    // A column the store does not have (from a later version) is left out; one that is not a
    // value is refused.
    let folder = try TemporaryDirectory()
    let store = try DispatchStore(path: folder.file("s.sqlite"), access: .write)
    try store.write { transaction in
      var applier = try SyncedRecordApplier(transaction)
      let lost = JSONValue.object([
        ("id", .string("l1")), ("item", .string("keys")), ("noticed_ms", .int(1_780_000_000_000)),
        ("utc_offset_seconds", .int(0)), ("precision", .string("exact")),
        ("colour", .string("red")),
      ])
      let applied = try applier.apply(kind: "lost-item", id: "l1", record: lost)
      #expect(applied == .applied)
      let bad = JSONValue.object([("id", .string("l2")), ("item", .array([]))])
      #expect(throws: DispatchError.self) {
        _ = try applier.apply(kind: "lost-item", id: "l2", record: bad)
      }
    }
    #expect(try store.records.lostItems().map(\.item) == ["keys"])
  }
}
