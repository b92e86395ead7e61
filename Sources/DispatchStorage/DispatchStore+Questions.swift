import DispatchCore
import Foundation

/// Managing questions.
extension QuestionsView {
  /// Every question, disabled ones included, by sort order then ID.
  public func list() throws -> [Question] {
    try Question.fetchAll(database)
  }

  /// Finds a question by exact ID, unique ID prefix, exact prompt, or case-insensitive prompt.
  ///
  /// - Throws: ``DispatchError`` (`unknownReference`) naming the closest prompt when none matches.
  public func question(matching reference: String) throws -> Question {
    try Question.match(reference, in: try list())
  }

  /// Seeds Dispatch's seven default questions when the store has no questions and no reports.
  ///
  /// - Returns: whether the defaults were added.
  @discardableResult
  public func seedDefaultQuestionsIfEmpty() throws -> Bool {
    return try write { try $0.seedDefaultQuestionsIfEmpty() }
  }

  /// Adds a question. An empty ID gets a new UUID; it goes last unless it has a sort order.
  ///
  /// - Throws: ``DispatchError`` (`invalidValue`) listing every problem with the definition.
  @discardableResult
  public func addQuestion(_ draft: Question, appending: Bool = true) throws -> Question {
    return try write { try $0.addQuestion(draft, appending: appending) }
  }

  /// Replaces a stored question's definition.
  public func updateQuestion(_ question: Question) throws {
    try write { try $0.updateQuestion(question) }
  }

  /// Removes a question; filed answers keep their prompt text and stay in their reports.
  public func removeQuestion(id: String) throws {
    try write { try $0.removeQuestion(id: id) }
  }

  /// Moves a question to a 1-based position in the survey order and renumbers the rest.
  public func moveQuestion(id: String, toPosition position: Int) throws {
    try write { try $0.moveQuestion(id: id, toPosition: position) }
  }

  fileprivate func renumber(_ db: Database) throws {
    for (index, var question) in try Question.fetchAll(db).enumerated()
    where question.sortOrder != index {
      question.sortOrder = index
      try question.save(db)
    }
  }

  fileprivate func validate(_ question: Question) throws {
    let problems = question.validationProblems()
    guard problems.isEmpty else {
      throw DispatchError(.invalidValue, "invalid question: " + problems.joined(separator: "; "))
    }
  }
}

extension StoreTransaction {
  /// Seeds Dispatch's seven default questions when the store has no questions and no reports.
  ///
  /// - Returns: whether the defaults were added.
  @discardableResult
  public func seedDefaultQuestionsIfEmpty() throws -> Bool {
    let db = database
    let questions = try db.scalarInt("SELECT count(*) FROM questions") ?? 0
    let reports = try db.scalarInt("SELECT count(*) FROM reports") ?? 0
    guard questions == 0 && reports == 0 else { return false }
    for question in DefaultQuestions.all {
      try question.save(db)
    }
    return true
  }

  /// Adds a question. An empty ID gets a new UUID; it goes last unless it has a sort order.
  ///
  /// - Throws: ``DispatchError`` (`invalidValue`) listing every problem with the definition.
  @discardableResult
  public func addQuestion(_ draft: Question, appending: Bool = true) throws -> Question {
    var question = draft
    if question.id.isEmpty { question.id = environment.makeID() }
    try store.questions.validate(question)
    let db = database
    if try Question.fetch(db, id: question.id) != nil {
      throw DispatchError(.conflict, "a question with ID '\(question.id)' already exists")
    }
    if appending {
      question.sortOrder = (try db.scalarInt("SELECT max(sort_order) + 1 FROM questions")) ?? 0
    }
    try VocabularyIndex.followingPeoplePrompts(db) { try question.save(db) }
    return question
  }

  /// Replaces a stored question's definition.
  public func updateQuestion(_ question: Question) throws {
    try store.questions.validate(question)
    let db = database
    guard try Question.fetch(db, id: question.id) != nil else {
      throw DispatchError(.unknownReference, "no question has ID '\(question.id)'")
    }
    try VocabularyIndex.followingPeoplePrompts(db) { try question.save(db) }
  }

  /// Removes a question; filed answers keep their prompt text and stay in their reports.
  public func removeQuestion(id: String) throws {
    let db = database
    try VocabularyIndex.followingPeoplePrompts(db) { try Question.delete(db, id: id) }
    try store.questions.renumber(db)
  }

  /// Moves a question to a 1-based position in the survey order and renumbers the rest.
  public func moveQuestion(id: String, toPosition position: Int) throws {
    let db = database
    var all = try Question.fetchAll(db)
    guard let from = all.firstIndex(where: { $0.id == id }) else {
      throw DispatchError(.unknownReference, "no question has ID '\(id)'")
    }
    guard (1...all.count).contains(position) else {
      throw DispatchError(.invalidRequest, "position must be between 1 and \(all.count)")
    }
    let moved = all.remove(at: from)
    all.insert(moved, at: position - 1)
    for (index, var question) in all.enumerated() where question.sortOrder != index {
      question.sortOrder = index
      try question.save(db)
    }
  }
}

extension QuestionsView {
  /// The sort order after the last question: where a question added at the end goes.
  public func nextQuestionSortOrder() throws -> Int {
    try database.scalarInt("SELECT max(sort_order) + 1 FROM questions") ?? 0
  }
}

extension StoreTransaction {
  /// Stores a question as it is (insert or replace), without checks or renumbering: for
  /// callers that validated it and chose its sort order.
  public func saveQuestion(_ question: Question) throws {
    let db = database
    try VocabularyIndex.followingPeoplePrompts(db) { try question.save(db) }
  }
}
