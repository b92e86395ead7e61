import DispatchCore

/// One import run's merge state: what the store holds, how imported IDs map onto it, and the
/// counters of docs/import-export.md#the-import-summary.
struct ImportMerge {
  static let reportPageSize = 1000
  let db: Database
  var summary = ImportSummary()
  /// Stored questions by ID, kept current as the run merges.
  private var questions: [String: Question] = [:]
  private var typeSources: [String: QuestionTypeSource?] = [:]
  /// The first stored question with each exact prompt.
  private var questionByPrompt: [String: String] = [:]
  /// Imported question ID → the ID it merged into.
  private var questionIDMap: [String: String] = [:]
  /// Questions this run already counted: day files repeat the question list, and a question
  /// merged again within one run is one record, not another unchanged one.
  private var countedQuestions: Set<String> = []
  private let peopleBefore: Set<String>
  /// Person IDs a batch referred to (v2 people, or people answers resolved after the merge).
  private var referencedPeople: Set<String> = []
  private var peopleAnswerNames: Set<String> = []
  /// People already counted by their own record (v2 `people`), not to be counted again.
  private var countedPeople: Set<String> = []

  /// The direct records' merge, which remembers across batches what this run inserted.
  private var directRecords: DirectRecordMerge
  /// Apple Health's writer, made when the first health batch arrives.
  private var healthWriter: HealthImportWriter?
  /// Whether every batch so far was Apple Health's: only then may the run commit in parts
  /// (``ImportJournal``).
  private(set) var wroteOnlyHealth = true

  /// When the run started (recorded with Apple Health exports).
  let now: Instant

  init(db: Database, now: Instant) throws {
    self.db = db
    self.now = now
    directRecords = DirectRecordMerge(db: db)
    for question in try Question.fetchAll(db) {
      questions[question.id] = question
      if questionByPrompt[question.prompt] == nil {
        questionByPrompt[question.prompt] = question.id
      }
    }
    for row in try db.rows("SELECT id, type_source FROM questions") {
      typeSources[try row.requiredString(0)] = row.int(1).flatMap(
        QuestionTypeSource.init(rawValue:))
    }
    peopleBefore = Set(try Person.fetchAll(db).map(\.id))
  }

  mutating func apply(_ batch: ImportBatch) throws {
    // A long file arrives in several consecutive batches: it is one file of the summary.
    if summary.files.last?.path != batch.path || summary.files.last?.format != batch.format {
      summary.files.append((batch.path, batch.format))
    }
    summary["skipped"] += batch.skipped
    summary.problems += batch.problems
    summary.zonelessDates += batch.zonelessDates
    if !(batch.questions.isEmpty && batch.reports.isEmpty && batch.records.isEmpty
      && batch.promptGroups.isEmpty && batch.people.isEmpty)
    {
      wroteOnlyHealth = false
    }
    for imported in batch.questions {
      try merge(imported, overwrites: batch.format == .dispatchV2)
    }
    // Pages bound what is held twice: the remapped copies and the stored reports they match.
    let reportMerge = ReportMerge(db: db)
    for start in stride(from: 0, to: batch.reports.count, by: Self.reportPageSize) {
      let page = batch.reports[start..<min(start + Self.reportPageSize, batch.reports.count)]
      try reportMerge.merge(page.map(remapped), byInstant: batch.mergesByInstant, into: &summary)
    }
    for report in batch.reports {
      for response in report.responses where isPeopleQuestion(response) {
        for token in response.tokens ?? [] { peopleAnswerNames.insert(token.text) }
      }
    }
    try directRecords.merge(batch.records, into: &summary)
    if let health = batch.health {
      if healthWriter == nil { healthWriter = try HealthImportWriter(db: db, now: now) }
      try healthWriter?.write(health, path: batch.path, into: &summary)
    }
    if !batch.promptGroups.isEmpty {
      var storedGroups = Dictionary(
        try PromptGroup.fetchAll(db).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      for group in batch.promptGroups {
        var remappedGroup = group
        remappedGroup.questionIDs = group.questionIDs.map { questionIDMap[$0] ?? $0 }
        if tally(
          stored: storedGroups[group.id], new: remappedGroup, imported: "promptGroupsImported")
        {
          try remappedGroup.save(db)
          storedGroups[group.id] = remappedGroup
        }
      }
    }
    if !batch.people.isEmpty {
      var people = try Person.fetchAll(db)
      for person in batch.people {
        try mergePerson(person, into: &people)
      }
    }
  }

  /// Rebuilds the vocabulary and counts the people the run brought in.
  mutating func finish() throws {
    try healthWriter?.finish()
    // Health data imported now belongs on the reports filed in its span, and reports
    // imported now get the health data already stored.
    if healthWriter != nil || summary["reportsImported"] > 0 {
      summary.healthContextReports = try HealthContextAttachment.attachAll(db)
    }
    try VocabularyIndex.rebuild(db)
    let people = try Person.fetchAll(db)
    for name in peopleAnswerNames {
      if let person = people.first(where: { $0.answers(to: name) }) {
        referencedPeople.insert(person.id)
      }
    }
    let uncounted = referencedPeople.subtracting(countedPeople)
    summary["peopleImported"] += uncounted.subtracting(peopleBefore).count
    summary["unchanged"] += uncounted.intersection(peopleBefore).count
  }

  // MARK: - Questions

  private mutating func merge(_ imported: ImportedQuestion, overwrites: Bool) throws {
    let incoming = imported.question
    var targetID = incoming.id
    if !imported.hasSourceID, questions[targetID] == nil,
      let byPrompt = questionByPrompt[incoming.prompt]
    {
      targetID = byPrompt
    }
    questionIDMap[incoming.id] = targetID
    let firstSighting = countedQuestions.insert(targetID).inserted
    guard let existing = questions[targetID] else {
      try store(incoming, source: imported.typeSource)
      summary["questionsImported"] += 1
      if imported.typeSource.isInferred { summary["inferred"] += 1 }
      return
    }
    let existingSource = typeSources[targetID] ?? nil
    var merged = overwrites ? incoming : existing
    merged.id = targetID
    var source = existingSource
    // docs/import-export.md#how-imports-merge: a stated type beats an inferred one, JSON payloads
    // beat CSV cells; a type made in Dispatch (no source) stays.
    if let existingSource, imported.typeSource > existingSource {
      merged.type = incoming.type
      source = imported.typeSource
    }
    if !overwrites {
      merged.isEnabled = existing.isEnabled || incoming.isEnabled
      merged.placeholder = existing.placeholder ?? incoming.placeholder
      if merged.type == .multipleChoice || merged.type == .yesNo {
        merged.choices =
          existing.choices + incoming.choices.filter { !existing.choices.contains($0) }
      }
    } else if imported.typeSource.isInferred == false {
      source = .stated
    }
    if merged == existing && source == existingSource {
      if firstSighting { summary["unchanged"] += 1 }
    } else {
      try store(merged, source: source)
      if firstSighting { summary["updated"] += 1 }
    }
  }

  private mutating func store(_ question: Question, source: QuestionTypeSource?) throws {
    try question.save(db)
    try db.execute(
      "UPDATE questions SET type_source = ? WHERE id = ?", [source?.rawValue, question.id])
    questions[question.id] = question
    typeSources[question.id] = source
    if questionByPrompt[question.prompt] == nil { questionByPrompt[question.prompt] = question.id }
  }

  /// The report with its responses pointing at the merged question IDs, in survey order
  /// (v2 files list responses by ID; the store keeps the order they are asked in).
  private func remapped(_ report: Report) -> Report {
    var copy = report
    for index in copy.responses.indices {
      if let id = copy.responses[index].questionID, let target = questionIDMap[id] {
        copy.responses[index].questionID = target
      }
    }
    let order = copy.responses.enumerated().map { offset, response -> (Int, Int) in
      let id = response.questionID ?? questionByPrompt[response.questionPrompt]
      return (id.flatMap { questions[$0]?.sortOrder } ?? Int.max, offset)
    }
    copy.responses = zip(order, copy.responses).sorted { $0.0 < $1.0 }.map(\.1)
    return copy
  }

  private func isPeopleQuestion(_ response: Response) -> Bool {
    let id = response.questionID.flatMap { questionIDMap[$0] ?? $0 }
    if let id, let question = questions[id] { return question.type == .people }
    guard let byPrompt = questionByPrompt[response.questionPrompt] else { return false }
    return questions[byPrompt]?.type == .people
  }

  // MARK: - People and counting

  /// Merges one v2 person into the registry; `people` is the registry, kept current.
  private mutating func mergePerson(_ person: Person, into people: inout [Person]) throws {
    countedPeople.insert(person.id)
    if let index = people.firstIndex(where: { $0.id == person.id }) {
      var merged = person
      merged.usageCount = people[index].usageCount
      merged.questionCount = people[index].questionCount
      if tally(stored: people[index], new: merged, imported: "peopleImported") {
        try merged.save(db)
        people[index] = merged
      }
      try db.execute("UPDATE people SET is_explicit = 1 WHERE id = ?", [person.id])
      return
    }
    if let index = people.firstIndex(where: { $0.answers(to: person.displayName) }) {
      // The same person under another ID: union the names, keep the stored identity.
      var match = people[index]
      for name in [person.displayName] + person.alternateNames where !match.answers(to: name) {
        match.alternateNames.append(name)
      }
      countedPeople.insert(match.id)
      if match == people[index] {
        summary["unchanged"] += 1
      } else {
        try match.save(db)
        people[index] = match
        summary["updated"] += 1
      }
      return
    }
    try person.save(db)
    try db.execute("UPDATE people SET is_explicit = 1 WHERE id = ?", [person.id])
    people.append(person)
    summary["peopleImported"] += 1
  }

  /// Counts a record as imported, unchanged or updated; returns whether it must be saved.
  private mutating func tally<Record: Equatable>(
    stored: Record?, new: Record, imported counter: String
  ) -> Bool {
    guard let stored else {
      summary[counter] += 1
      return true
    }
    if stored == new {
      summary["unchanged"] += 1
      return false
    }
    summary["updated"] += 1
    return true
  }
}
