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

/// The diagnostics dump: right counts, and none of the store's content (the sentinel test of
/// docs/import-export.md#dispatch-diagnostics).
struct DiagnosticsTests {
  let store: DispatchStore
  let directory: TemporaryDirectory
  let environment: DiagnosticsEnvironment

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_607_520_000)),
        ids: SequentialIDGenerator()))
    _ = try DemoHistory.populate(store)
    // A report with every context field: weather, health, places, media, device name.
    try store.reports.file(ReportFixtures.everything)
    // A person known by other names, which the demo's answers do not produce.
    try store.database.write { db in
      try Person(
        id: "P-SENTINEL", displayName: "Zebediah Quarrington",
        alternateNames: ["Zeb Q", "Captain Sentinel"]
      ).save(db)
    }
    try store.settings.setSetting("webhook.secret", "SENTINEL-SECRET-VALUE")
    try store.settings.setSetting(SettingKey.awake, "true")
    try store.settings.logEvent("import", detail: "line one\nFAKE LINE")
    directory = try TemporaryDirectory()
    environment = DiagnosticsEnvironment(
      operatingSystem: "Test OS 1.0", machine: "x86_64",
      backupFolder: URL(fileURLWithPath: directory.file("backups")),
      timeZone: TimeZone(secondsFromGMT: 0) ?? .current)
  }

  private func dump() throws -> String {
    try Diagnostics.report(
      store: store, version: "9.9.9-test", environment: environment, run: store.environment)
  }

  /// Every piece of content the store holds that could identify or describe the user.
  private func privateStrings() throws -> Set<String> {
    var texts: [String] = []
    for question in try store.questions.list() {
      texts += [question.prompt] + question.choices
      texts += [question.placeholder, question.defaultAnswer].compactMap { $0 }
    }
    for person in try store.people.list() {
      texts += [person.displayName] + person.alternateNames
    }
    var numbers: [Double] = []
    for report in try store.reports.list(ReportSelection(includeDrafts: true)) {
      texts += [report.sourceDeviceName, report.sourceDeviceModel].compactMap { $0 }
      for response in report.responses {
        texts.append(response.questionPrompt)
        texts += (response.tokens ?? []).map(\.text) + (response.notes ?? []).map(\.text)
        texts +=
          (response.options ?? []) + [response.number, response.location?.text].compactMap { $0 }
        texts += placemarkTexts(response.location?.location?.placemark)
      }
      let context = report.context
      texts += placemarkTexts(context.location?.placemark)
      if let weather = context.weather {
        texts += [
          weather.condition, weather.relativeHumidity, weather.windDirection, weather.stationID,
        ]
        .compactMap { $0 }
        numbers += [weather.tempC, weather.tempF, weather.pressureMb].compactMap { $0 }
      }
      numbers += context.health.map(\.value)
      texts += [
        context.media?.title, context.media?.artist, context.media?.album, context.focus?.label,
      ]
      .compactMap { $0 }
    }
    // Short numbers ("3") would match counts and versions; longer ones are specific enough.
    let numberTexts = numbers.map { String($0) }.filter { $0.count >= 5 }
    let words = texts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.count >= 3 }
    return Set(words + numberTexts)
  }

  private func placemarkTexts(_ placemark: Placemark?) -> [String] {
    guard let placemark else { return [] }
    return [
      placemark.name, placemark.thoroughfare, placemark.locality, placemark.subLocality,
      placemark.administrativeArea, placemark.postalCode, placemark.country,
    ].compactMap { $0 }
  }

  @Test func holdsNoContent() throws {
    let text = try dump()
    let secrets = try privateStrings()
    #expect(secrets.count > 50, "the demo store should provide plenty of content to look for")
    #expect(secrets.contains("Partly Cloudy"))
    // Enum raw values are shown by design; an answer that happens to be part of one (the demo's
    // "workout" inside the trigger "workoutEnd") is not a leak.
    let labels = (ReportKind.known.map(\.rawValue) + ReportTrigger.known.map(\.rawValue))
    let leaked = secrets.filter { secret in
      text.contains(secret) && !labels.contains { $0.contains(secret) }
    }.sorted()
    #expect(leaked.isEmpty, "the dump shows \(leaked)")
    #expect(!text.contains("SENTINEL-SECRET-VALUE"))
    #expect(text.contains("  webhook.secret (set)\n"))
  }

  @Test func countsHealthDataButShowsNoneOfIt() throws {
    let base = try #require(Bundle.module.resourceURL)
    try store.importFiles(
      [base.appendingPathComponent("Fixtures/apple-health/export.zip").path],
      options: ImportOptions(defaultTimeZone: "America/New_York"))
    let text = try dump()
    #expect(value("Health samples", in: text) == 301)
    #expect(value("Health workouts", in: text) == 2)
    for secret in [
      "Ana’s Apple Watch", "ScaleSync", "HKQuantityTypeIdentifierStepCount", "1990-05-17",
      "142.6", "HKBiologicalSexFemale", "Oat latte", "route_2024-03-10",
    ] {
      #expect(!text.contains(secret), "the dump shows '\(secret)'")
    }
  }

  private func value(_ label: String, in text: String) -> Int? {
    text.split(separator: "\n").first { $0.hasPrefix("  \(label): ") }
      .flatMap { Int($0.dropFirst(label.count + 4)) }
  }

  @Test func showsTheRightCounts() throws {
    let text = try dump()
    let counts = try store.maintenance.counts()
    #expect(value("Reports", in: text) == counts.reports)
    #expect(value("Drafts", in: text) == counts.drafts)
    #expect(value("Questions", in: text) == counts.questions)
    #expect(value("Responses", in: text) == counts.responses)
    #expect(value("People", in: text) == counts.people)
    #expect(value("Prompt groups", in: text) == counts.promptGroups)
    let reports = try store.reports.list()
    for kind in ReportKind.known {
      let expected = reports.filter { $0.kind == kind }.count
      #expect(value(kind.rawValue, in: text) == (expected == 0 ? nil : expected))
    }
    let manual = reports.filter { $0.trigger == .manual }.count
    #expect(value("manual", in: text) == (manual == 0 ? nil : manual))
  }

  @Test func describesTheMachineStoreAndEvents() throws {
    let text = try dump()
    #expect(text.hasPrefix("Dispatch diagnostics\nGenerated: 2026-07-09T14:32:00.000Z\n"))
    #expect(text.contains("Dispatch version: 9.9.9-test\n"))
    #expect(text.contains("OS version: Test OS 1.0\n"))
    #expect(text.contains("SQLite version: 3."))
    #expect(text.contains("  Path: (in memory)\n"))
    #expect(text.contains("  Schema steps: "))
    #expect(text.contains("  awake = true\n"))
    #expect(text.contains("  Files: 0 (no folder yet)\n"))
    // A newline in a detail cannot forge a line of its own.
    #expect(text.contains("  2026-07-09T14:32:00.000Z  import — line one FAKE LINE\n"))
    #expect(text.hasSuffix("\n"))
  }

  @Test func showsBackupStatusAndCapsTheEventLog() throws {
    try store.settings.setSetting(BackupSettingKey.installID, "ab12cd34")
    let writer = BackupWriter(
      policy: BackupPolicy(folder: try #require(environment.backupFolder)),
      timeZone: environment.timeZone, deviceModel: "x86_64")
    try writer.write(Array("{}".utf8), store: store, environment: store.environment)
    for index in 0..<60 { try store.settings.logEvent("tick", detail: "\(index)") }
    let text = try dump()
    #expect(text.contains("  Files: 1 (this installation: 1)\n"))
    #expect(text.contains("  Newest: 2026-07-09T14:32:00.000Z\n"))
    #expect(text.contains("  Last backup: 2026-07-09T14:32:00.000Z\n"))
    #expect(text.contains("EVENTS (newest first, 50 of 62):\n"))
    #expect(text.contains("tick — 59\n"))
    #expect(!text.contains("tick — 9\n"))
  }

  @Test func aFileStoreShowsItsSize() throws {
    let path = directory.file("d.sqlite")
    let fileStore = try DispatchStore(path: path, access: .write)
    let text = try Diagnostics.report(
      store: fileStore, version: "1", environment: environment, run: fileStore.environment)
    #expect(text.contains("  Path: \(path)\n"))
    let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)
    #expect(text.contains("  Size: \(size.intValue) bytes\n"))
    #expect(text.contains("REPORTS BY KIND:\n  (no reports)\n"))
  }
}
