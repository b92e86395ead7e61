extension CatalogValidation {
  /// The problems of a set: its own fields, every question's, and prompts repeated within it
  /// (by normalized prompt, docs/catalog.md#prompt-identity), each located by set and question.
  public static func problems(_ set: CatalogSet) -> [CatalogProblem] {
    var problems = setFieldProblems(set, questionCount: set.questions.count)
    for (offset, question) in set.questions.enumerated() {
      problems += self.problems(question).map { $0.located(set: nil, question: offset + 1) }
    }
    problems += duplicatePrompts(set.questions.enumerated().map { ($0.offset + 1, $0.element) })
    return problems.map { $0.located(set: set.label) }
  }

  /// The problems of a whole index: every set's, and set IDs used twice.
  public static func problems(_ index: CatalogIndex) -> [CatalogProblem] {
    var problems: [CatalogProblem] = []
    var firstPosition: [String: Int] = [:]
    for (offset, set) in index.sets.enumerated() {
      problems += self.problems(set)
      if let earlier = firstPosition[set.id] {
        problems.append(
          CatalogProblem(
            set: set.label, field: "id", reason: "the id is also used by set #\(earlier)"))
      } else {
        firstPosition[set.id] = offset + 1
      }
    }
    return problems
  }

  /// Whether `id` is a slug: lowercase letters and digits in hyphen-separated words.
  public static func isSlug(_ id: String) -> Bool {
    guard !id.isEmpty, id.count <= maximumIDLength else { return false }
    return id.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { word in
      !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
    }
  }

  /// Whether `tag` looks like a BCP 47 language tag: `en`, `pt-BR`, `zh-Hant`.
  static func isLanguageTag(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLowercase })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  /// The set's own fields; `questionCount` is how many questions the file lists (nil: none
  /// could be read), which may be more than `set` holds when some were unreadable.
  static func setFieldProblems(_ set: CatalogSet, questionCount: Int?) -> [CatalogProblem] {
    var problems: [CatalogProblem] = []
    func add(_ field: String, _ reason: String) {
      problems.append(CatalogProblem(field: field, reason: reason))
    }
    if !isSlug(set.id) {
      add(
        "id",
        "the id must be a slug of lowercase letters, digits and single hyphens, at most "
          + "\(maximumIDLength) characters, e.g. 'morning-mood'")
    }
    if set.title.isEmpty { add("title", "the title is empty") }
    if set.title.count > maximumTitleLength {
      add("title", "the title is longer than \(maximumTitleLength) characters")
    }
    if set.summary.isEmpty { add("summary", "the summary is empty") }
    if set.summary.count > maximumSummaryLength {
      add("summary", "the summary is longer than \(maximumSummaryLength) characters")
    }
    if let credit = set.credit { problems += creditProblems(credit) }
    if !isLanguageTag(set.language) {
      add("language", "the language must be a language tag such as 'en' or 'pt-BR'")
    }
    if set.version < 1 { add("version", "the version must be 1 or more") }
    if let questionCount, !questionCountRange.contains(questionCount) {
      add("questions", "a set needs 1 to \(questionCountRange.upperBound) questions")
    }
    problems += tagProblems(set.tags)
    return problems
  }

  /// A problem for each question whose normalized prompt repeats an earlier one's.
  /// `questions` pairs each question with its 1-based position in the set.
  static func duplicatePrompts(_ questions: [(position: Int, question: CatalogQuestion)])
    -> [CatalogProblem]
  {
    var first: [String: Int] = [:]
    var problems: [CatalogProblem] = []
    for (position, question) in questions where !question.prompt.isEmpty {
      let key = question.normalizedPrompt
      if let earlier = first[key] {
        problems.append(
          CatalogProblem(
            question: position, field: "prompt",
            reason: "the same prompt as question \(earlier)"))
      } else {
        first[key] = position
      }
    }
    return problems
  }
}
