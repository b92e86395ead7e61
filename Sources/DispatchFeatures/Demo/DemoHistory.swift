import DispatchCore
import DispatchStorage
import DispatchSupport

/// The demo history behind `dispatch demo`: a deterministic, rich store to explore every
/// feature with (issue "demo"): six months of reports, several a day, every question type,
/// wake and sleep reports, a trip across a time-zone and a DST change, people, places and
/// weather-like context.
public enum DemoHistory {
  /// Fills `store`, which must hold no questions and no reports, with the demo history.
  ///
  /// Everything is written in one transaction, so a failure leaves the store empty. The same
  /// configuration gives byte-identical store content: IDs are UUIDv5 names under the seed and
  /// every draw comes from ``SplitMix64``.
  ///
  /// - Throws: ``DispatchError`` (`invalidValue`) for an unusable configuration, (`conflict`)
  ///   for a store that already holds data; `StoreError` when the database fails.
  /// - Parameter health: also import the demo's Apple Health export (`dispatch demo` does;
  ///   it takes a few seconds in a debug build, so tests that do not need it leave it out).
  public static func populate(
    _ store: DispatchStore, configuration: DemoConfiguration = DemoConfiguration(),
    health: Bool = false
  ) throws -> DemoSummary {
    let generator = try DemoGenerator(configuration: configuration)
    let reports = generator.reports()
    let records = DemoRecords(generator: generator)
    try store.write { tx in
      let counts = try store.maintenance.counts()
      guard counts.questions == 0 && counts.reports == 0 && counts.drafts == 0 else {
        throw DispatchError(
          .conflict,
          "the demo history goes into an empty store; this one holds \(counts.questions) "
            + "questions and \(counts.reports + counts.drafts) reports")
      }
      try tx.seedDefaultQuestionsIfEmpty()
      for question in DemoQuestion.allCases where !question.isDefault {
        try tx.addQuestion(question.definition, appending: false)
      }
      for group in DemoPromptGroups.all {
        try tx.savePromptGroup(group)
      }
      for place in DemoPlaces.named {
        try tx.saveSensorPlace(place)
      }
      try tx.setSetting(SettingKey.timeZone, DemoConfiguration.homeTimeZone)
      // A fixed planning secret, so the demo's coming prompts (and its status line) are the
      // same on every machine; a real store draws its secret at random.
      var random = SplitMix64(seed: configuration.seed ^ 0x5EC2_E7)
      let secret = (0..<4).map { _ in String(random.next(), radix: 16) }
        .map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined()
      try tx.setSetting(ScheduleSettings.secretKey, secret)
      try tx.fileAll(reports)
      try tx.insertPromptHistory(
        DemoPromptLog.records(for: reports, seed: configuration.seed))
      try records.write(in: tx)
    }
    let imported =
      health
      ? try DemoHealth.importExport(configuration, days: generator.dayCount, into: store)
      : DemoHealth.Counts()
    var summary = try summary(of: reports, days: generator.dayCount, store: store)
    summary.records = records.counts
    summary.healthSamples = imported.samples
    summary.healthWorkouts = imported.workouts
    // Saved check-ins and an evening reminder, as a regular of `dispatch mood` keeps them.
    try CheckInPresets.add("good", mood: "8", note: "usual good day", in: store)
    try CheckInPresets.add("tired", mood: "4", note: "tired but fine", in: store)
    try CheckInReminders.add("21:30", preset: "good", in: store)
    for query in DemoQueries.all {
      try store.queries.saveQuery(name: query.name, expression: query.expression)
      if query.pinned { try store.queries.setQueryPinned(query.name, true) }
    }
    // Graphs saved for the dashboard, as the graph page and `dispatch graph --save` keep them.
    for (name, parameters) in DemoQueries.graphs {
      try store.queries.saveGraph(name: name, parameters: parameters)
    }
    summary.queries = try store.queries.pinnedQuerySummaries().map { pinned in
      DemoQueryCount(
        name: pinned.query.name, expression: pinned.query.expression, count: pinned.count,
        mean: pinned.mean?.value, meanAttribute: pinned.mean?.attribute)
    }
    return summary
  }

  private static func summary(of reports: [Report], days: Int, store: DispatchStore) throws
    -> DemoSummary
  {
    let counts = try store.maintenance.counts()
    var typeByID: [String: QuestionType] = [:]
    for question in try store.questions.list() { typeByID[question.id] = question.type }
    let doing = DemoQuestion.doing.definition.id
    var answered: [QuestionType: Int] = [:]
    var places = Set<String>()
    var tokens = Set<String>()
    var responses = 0
    var skipped = 0
    for report in reports {
      for response in report.responses {
        responses += 1
        guard !response.isSkipped else {
          skipped += 1
          continue
        }
        if let id = response.questionID, let type = typeByID[id] { answered[type, default: 0] += 1 }
        if let place = response.location?.text { places.insert(place) }
        if response.questionID == doing { tokens.formUnion((response.tokens ?? []).map(\.text)) }
      }
    }
    // Every day files a wake and a sleep report, so the range is never empty.
    let epoch = Instant(milliseconds: 0)
    let prompts = try store.prompts.promptRecords(from: epoch, to: Instant(milliseconds: Int64.max))
    return DemoSummary(
      days: days, reports: reports.count,
      regularReports: reports.filter { $0.kind == .regular && $0.promptGroupID == nil }.count,
      wakeReports: reports.filter { $0.kind == .wake }.count,
      sleepReports: reports.filter { $0.kind == .sleep }.count,
      promptGroupReports: reports.filter { $0.promptGroupID != nil }.count,
      responses: responses, skippedResponses: skipped, questions: counts.questions,
      promptGroups: counts.promptGroups, people: try store.people.list().count,
      places: places.count,
      tokens: tokens.count, photos: reports.reduce(0) { $0 + $1.context.photos.count },
      firstReport: reports.first?.date ?? epoch, lastReport: reports.last?.date ?? epoch,
      timeZones: Set(reports.map(\.timeZoneIdentifier)).sorted(), answeredByType: answered,
      prompts: prompts.count, promptsAnswered: prompts.filter { $0.state == .answered }.count)
  }
}
