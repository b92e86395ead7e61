import DispatchKit
import Foundation
import Testing

@testable import DispatchServices
@testable import DispatchStorage

/// The other workflows' entry points, without the command line: import options, graphs,
/// status, the dashboard and backups.
struct WorkflowServicesTests {
  let folder: TemporaryDirectory
  let store: DispatchStore

  init() throws {
    folder = try TemporaryDirectory()
    store = try DispatchStore(
      path: folder.file("s.sqlite"), access: .write,
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_783_508_400_000)),
        ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    let composer = ReportComposer(store: store, environment: store.environment)
    let question = try store.questions.question(matching: "Are you working?")
    for answer in ["Yes", "No", "Yes"] {
      try store.reports.file(
        composer.compose(
          kind: .regular, trigger: .manual, questions: [question],
          answers: [question.id: .options([answer])], timeZone: "UTC"))
    }
  }

  @Test
  func `an import reads zone-less files in the store's zone, and refuses a zone that is not one`()
    throws
  {
    try store.settings.setSetting(SettingKey.timeZone, "Europe/Lisbon")
    let service = ImportService(store: store)
    #expect(try service.options(ImportRequest(paths: [])).defaultTimeZone == "Europe/Lisbon")
    #expect(
      try service.options(ImportRequest(paths: [], timeZone: "UTC")).defaultTimeZone == "UTC")
    #expect(
      throws: DispatchError(
        .invalidRequest, "'Mars/Olympus' is not a time zone; use an IANA name such as Europe/Lisbon"
      )
    ) {
      try service.options(ImportRequest(paths: [], timeZone: "Mars/Olympus"))
    }
  }

  @Test func `a graph counts records without numbers and pairs only with a grouping`() throws {
    let graphs = GraphService(store: store)
    let counted = try graphs.graph(
      GraphRequest(query: "reports", grouping: GraphGrouping(name: "day")))
    #expect(counted.series.first?.points.compactMap(\.y).reduce(0, +) == 3)
    #expect(counted.chart != nil && counted.emptyReason == nil)
    #expect(throws: DispatchError(.invalidRequest, "--vs needs --per: how to pair the two types")) {
      try graphs.graph(GraphRequest(query: "reports", pairedQuery: "mood"))
    }
    let none = try graphs.graph(GraphRequest(query: "mood"))
    #expect(none.chart == nil && none.emptyReason == "No moods to draw.")
    // The grouping reads as a word, never as the Swift value.
    let unpaired = try graphs.graph(
      GraphRequest(query: "reports", grouping: GraphGrouping(name: "day"), pairedQuery: "mood"))
    #expect(unpaired.chart == nil && unpaired.emptyReason == "No day has both reports and moods.")
  }

  @Test func `the status line reads one snapshot`() throws {
    let line = try StatusService.line(store, format: .json, now: store.environment.now())
    #expect(line.contains("\"todayCount\": 3,") && line.contains("\"streakDays\": 1,"))
  }

  @Test func `the dashboard is written whole, and a folder it cannot write is an error`() throws {
    let path = folder.file("page.html")
    try DashboardService.write(store, to: path, now: store.environment.now())
    let page = try String(contentsOfFile: path, encoding: .utf8)
    #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("</html>"))
    #expect(throws: DispatchError.self) {
      try DashboardService.write(
        store, to: folder.file("missing/page.html"), now: store.environment.now())
    }
  }

  @Test func `backups follow the chosen folder and passphrase file`() throws {
    let environment = ServiceEnvironment(
      variables: ["XDG_DATA_HOME": folder.file("data")], storePath: folder.file("s.sqlite"),
      run: store.environment)
    let backups = BackupService(store: store, environment: environment)
    #expect(
      try backups.folder(option: nil).path == folder.file("data") + "/dispatch/backups/s")
    let chosen = try backups.enable(folder: folder.file("elsewhere"), passphraseFile: nil)
    #expect(chosen.path == folder.file("elsewhere"))
    let outcome = try #require(try backups.writeIfDue())
    #expect(outcome.fileURL.deletingLastPathComponent().path == folder.file("elsewhere"))
    #expect(try backups.writeIfDue() == nil)
    #expect(throws: DispatchError(.unreadable, "cannot read the passphrase file 'nowhere'")) {
      try BackupService.readPassphrase("nowhere")
    }
  }
}
