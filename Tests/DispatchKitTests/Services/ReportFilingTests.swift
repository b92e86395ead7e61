import DispatchKit
import Foundation
import Testing

@testable import DispatchFeatures
@testable import DispatchServices
@testable import DispatchStorage

/// The filing workflows, without the command line: what `report`, `wake`, `sleep`, `answer`,
/// `act` and `reports edit` share with the daemon and any other front.
struct ReportFilingTests {
  static let now = Instant(milliseconds: 1_783_508_400_000)  // 2026-07-08T11:00:00Z
  let folder: TemporaryDirectory
  let store: DispatchStore
  let environment: ServiceEnvironment

  init() throws {
    folder = try TemporaryDirectory()
    let path = folder.file("store.sqlite")
    store = try DispatchStore(
      path: path, access: .write,
      environment: RunEnvironment(clock: FixedWallClock(Self.now), ids: SequentialIDGenerator()))
    environment = ServiceEnvironment(
      variables: ["XDG_DATA_HOME": folder.file("data"), "HOME": folder.path], storePath: path,
      run: store.environment)
  }

  var filing: ReportFiling { ReportFiling(store: store, environment: environment) }

  func open(_ kind: ReportKind = .regular, prompt: String? = nil, awake: Bool = false) throws
    -> OpenSurvey
  {
    try filing.open(
      SurveyRequest(
        kind: kind, trigger: .manual, promptIdentifier: prompt, sensors: .off,
        switchesAwakeState: awake))
  }

  @Test func `the first report seeds the default questions in its own transaction`() throws {
    let survey = try open()
    #expect(
      survey.questions.map(\.prompt)
        == DefaultQuestions.all.filter {
          $0.appears(in: .regular)
        }.map(\.prompt))
    #expect(try store.questions.list().isEmpty)
    let answers = try filing.answers([("Are you working?", "yes")], for: survey)
    let filed = try filing.file(survey, answers: answers)
    #expect(try store.questions.list().count == DefaultQuestions.all.count)
    #expect(try store.reports.list().map(\.id) == [filed.report.id])
    #expect(filed.report.responses.count == survey.questions.count)
  }

  @Test func `a report that answers nothing is refused and writes nothing`() throws {
    let survey = try open()
    #expect(throws: DispatchError(.invalidValue, "no answers given; nothing filed")) {
      try filing.file(survey, answers: [:])
    }
    #expect(try store.isEmpty())
  }

  @Test func `answers name questions of the survey, once each`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    let survey = try open()
    #expect {
      try filing.answers([("Are you working?", "yes"), ("Are you working?", "no")], for: survey)
    } throws: { error in
      (error as? DispatchError)?.kind == .invalidRequest
        && (error as? DispatchError)?.message == "'Are you working?' is answered twice"
    }
    #expect {
      try filing.answers([("Nothing like this", "yes")], for: survey)
    } throws: { error in (error as? DispatchError)?.kind == .unknownReference }
  }

  @Test func `the sleep survey switches to asleep and drops pending snoozes, all or nothing`()
    throws
  {
    try store.questions.seedDefaultQuestionsIfEmpty()
    try store.prompts.recordPrompt(
      PromptRecord(
        identifier: "snooze-1", source: PlannedPrompt.Source.snooze.rawValue,
        due: Self.now.adding(seconds: 600), timeZoneIdentifier: "UTC", utcOffsetSeconds: 0,
        state: .pending), event: "planned")
    let survey = try open(.sleep, awake: true)
    _ = try filing.file(survey, answers: [:])
    #expect(try store.settings.isAwake() == false)
    #expect(try store.prompts.promptRecord("snooze-1")?.state == .dropped)
    let wake = try open(.wake, awake: true)
    _ = try filing.file(wake, answers: [:])
    #expect(try store.settings.isAwake())
  }

  @Test func `a report filed from a prompt answers it in the same transaction`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    var fired = PromptRecord(
      identifier: "prompt-1", source: "random", due: Self.now, timeZoneIdentifier: "UTC",
      utcOffsetSeconds: 0, state: .fired)
    fired.firedAt = Self.now
    try store.prompts.recordPrompt(fired, event: "fired")
    let survey = try open(prompt: "prompt-1")
    #expect(survey.trigger == .notification)
    let filed = try filing.file(
      survey, answers: try filing.answers([("Are you working?", "no")], for: survey))
    let answered = try #require(try store.prompts.promptRecord("prompt-1"))
    #expect(answered.state == .answered && answered.reportID == filed.report.id)
    #expect(try PromptLifecycle.lastActed(in: store) == Self.now)
  }

  @Test func `after filing, a due backup is written next to the store's data`() throws {
    let survey = try open()
    let filed = try filing.file(
      survey, answers: try filing.answers([("Are you working?", "yes")], for: survey))
    #expect(filed.warnings.isEmpty)
    let folder = try BackupService(store: store, environment: environment).folder(option: nil)
    let backups = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(backups.count == 1 && backups[0].hasPrefix("dispatch-backup-"))
  }

  @Test func `a failed backup is a warning, and the report stays filed`() throws {
    try store.settings.setSetting(BackupService.Setting.passphraseFile, folder.file("missing"))
    let survey = try open()
    let filed = try filing.file(
      survey, answers: try filing.answers([("Are you working?", "yes")], for: survey))
    #expect(
      filed.warnings == [
        "the automatic backup failed (cannot read the passphrase file '\(folder.file("missing"))'); the report is filed"
      ])
    #expect(try store.reports.list().count == 1)
  }

  @Test func `a quick answer answers the first yes-no question`() throws {
    let filed = try filing.quickAnswer(nil, "no", sensors: .off)
    #expect(filed.report.trigger == .quickAnswer)
    #expect(filed.report.responses.count == 1)
    #expect(filed.report.responses[0].questionPrompt == "Are you working?")
    #expect(filed.report.responses[0].options == ["No"])
  }

  @Test func `acting yes on a prompt files its quick answer`() throws {
    try store.questions.seedDefaultQuestionsIfEmpty()
    var fired = PromptRecord(
      identifier: "prompt-2", source: "random", due: Self.now, timeZoneIdentifier: "UTC",
      utcOffsetSeconds: 0, state: .fired)
    fired.firedAt = Self.now
    try store.prompts.recordPrompt(fired, event: "fired")
    let result = try PromptActions(store: store, environment: environment)
      .act("prompt-2", .answerYes, sensors: .off)
    let reportID = try #require(result.outcome.reportID)
    #expect(try store.prompts.promptRecord("prompt-2")?.state == .answered)
    #expect(try store.reports.report(matching: reportID).trigger == .notification)
  }

  @Test func `an edit keeps the identity of the answer it changes`() throws {
    let filed = try filing.quickAnswer("Are you working?", "yes", sensors: .off)
    let edited = try ReportEdits(store: store, environment: store.environment).edit(
      filed.report.id, answers: [("Are you working?", "no")], kind: .wake)
    #expect(edited.kind == .wake)
    #expect(edited.responses.map(\.id) == filed.report.responses.map(\.id))
    #expect(try store.reports.report(matching: filed.report.id).responses[0].options == ["No"])
  }

  @Test func `a transaction commits when it returns and writes nothing when it throws`() throws {
    try store.write { tx in
      try tx.setSetting("a", "1")
      #expect(store.database.isInTransaction)
    }
    #expect(try store.settings.setting("a") == "1")
    #expect(throws: DispatchError.self) {
      try store.write { tx in
        try tx.setSetting("b", "1")
        throw DispatchError(.conflict, "roll back")
      }
    }
    #expect(try store.settings.setting("b") == nil)
  }

  @Test func `a transaction inside another stops the program instead of nesting`() async {
    await #expect(processExitsWith: .failure) {
      let store = try DispatchStore()
      try store.write { _ in try store.settings.setSetting("inner", "1") }
    }
  }
}

/// ``ReportFiling/compose(_:)`` and ``ReportFiling/fileTogether(_:)``: the server's group
/// commit, with every report composed before any is stored (as when many arrive at once).
struct FilingTogetherTests {
  let filings: ReportFilingTests

  init() throws { filings = try ReportFilingTests() }

  func client(_ id: String?, _ answers: [(reference: String, text: String)]) -> ClientReport {
    ClientReport(
      request: SurveyRequest(kind: .regular, trigger: .manual, sensors: .off, reportID: id),
      answers: { _ in answers })
  }

  /// Composes every report, then stores those composed in one call.
  func fileTogether(_ clients: [ClientReport]) -> [Result<ClientFilingOutcome, any Error>] {
    var outcomes: [Result<ClientFilingOutcome, any Error>?] = []
    var composed: [(index: Int, report: ComposedReport)] = []
    for (index, client) in clients.enumerated() {
      do {
        if let report = try filings.filing.compose(client) {
          composed.append((index, report))
          outcomes.append(nil)
        } else {
          outcomes.append(.success(.duplicate(id: client.request.reportID ?? "")))
        }
      } catch {
        outcomes.append(.failure(error))
      }
    }
    let stored = filings.filing.fileTogether(composed.map(\.report)).outcomes
    for (item, outcome) in zip(composed, stored) { outcomes[item.index] = outcome }
    return outcomes.map { $0 ?? .failure(DispatchError(.failure, "no outcome")) }
  }

  @Test func `each report is filed or refused alone and a client ID is filed once`() throws {
    #expect(
      try fileTogether([client("phone-report-1", [("Are you working?", "yes")])])[0].get()
        == .filed(id: "phone-report-1"))
    let outcomes = fileTogether([
      client("phone-report-2", [("How many coffees did you have today?", "2")]),
      client(nil, [("How many coffees did you have today?", "lots")]),
      client("phone-report-1", [("Are you working?", "no")]),
      client(nil, [("No such question", "1")]),
      client("phone-report-3", [("Are you working?", "no")]),
      client("phone-report-3", [("Are you working?", "yes")]),
      client(nil, []),
    ])
    #expect(try outcomes[0].get() == .filed(id: "phone-report-2"))
    #expect(throws: DispatchError.self) { try outcomes[1].get() }
    #expect(try outcomes[2].get() == .duplicate(id: "phone-report-1"))
    #expect(throws: DispatchError.self) { try outcomes[3].get() }
    #expect(try outcomes[4].get() == .filed(id: "phone-report-3"))
    #expect(try outcomes[5].get() == .duplicate(id: "phone-report-3"))
    #expect(throws: DispatchError(.invalidValue, "no answers given; nothing filed")) {
      try outcomes[6].get()
    }
    let reports = try filings.store.reports.list()
    #expect(reports.map(\.id).sorted() == ["phone-report-1", "phone-report-2", "phone-report-3"])
    // The first of two sends of one ID is the one filed.
    let third = try #require(reports.first { $0.id == "phone-report-3" })
    #expect(third.responses.first { $0.questionPrompt == "Are you working?" }?.options == ["No"])
  }

  @Test func `a report whose write fails is refused alone and the others are filed`() throws {
    // A trigger stands in for a write that fails inside the shared transaction (a constraint,
    // a full disk): the batch is then filed one by one.
    try filings.store.database.execute(
      """
      CREATE TRIGGER refuse_poison BEFORE INSERT ON reports WHEN NEW.id = 'poison-report'
      BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
      """)
    let outcomes = fileTogether([
      client("good-report-1", [("Are you working?", "yes")]),
      client("poison-report", [("Are you working?", "yes")]),
      client("good-report-2", [("Are you working?", "no")]),
    ])
    #expect(try outcomes[0].get() == .filed(id: "good-report-1"))
    #expect(throws: StoreError.self) { try outcomes[1].get() }
    #expect(try outcomes[2].get() == .filed(id: "good-report-2"))
    #expect(
      try filings.store.reports.list().map(\.id).sorted() == ["good-report-1", "good-report-2"])
  }
}
