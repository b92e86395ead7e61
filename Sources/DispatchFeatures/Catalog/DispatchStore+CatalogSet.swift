import DispatchCore
import DispatchStorage

/// What adding a catalog set did, or would do under `--dry-run`.
public struct CatalogAddResult: Sendable, Equatable {
  /// A question of the set left out because the store already asks it.
  public struct Skip: Sendable, Equatable {
    /// The set's prompt.
    public var prompt: String
    /// The stored question with the same normalized prompt (docs/catalog.md#prompt-identity).
    public var existingID: String
    public var existingPrompt: String
  }

  public var setID: String
  /// The questions added (or that would be), in the set's order, with their new IDs.
  public var added: [Question]
  public var skipped: [Skip]
  public var isDryRun: Bool
}

extension QuestionsView {
  /// Adds a catalog set's questions at the end of the survey, in one transaction.
  ///
  /// A question whose normalized prompt (docs/catalog.md#prompt-identity) matches a stored
  /// question's is skipped, so adding the same set twice adds nothing the second time. New
  /// questions get new IDs, as Dispatch's catalog import does
  /// (docs/formats/exports.md#question-definitions), and go into the surveys their tags name
  /// (`wake`, `sleep`; otherwise the regular survey).
  ///
  /// - Throws: ``CatalogError`` (`.invalid`) when the set breaks a catalog rule; nothing is
  ///   added then.
  public func addCatalogSet(
    _ set: CatalogSet, dryRun: Bool = false, environment: RunEnvironment
  ) throws -> CatalogAddResult {
    let problems = CatalogValidation.problems(set)
    guard problems.isEmpty else { throw CatalogError.invalid("cannot add the set", problems) }
    return try write { tx in
      var known: [String: Question] = [:]
      for question in try list() {
        let key = CatalogDedupe.normalizedPrompt(question.prompt)
        if known[key] == nil { known[key] = question }
      }
      var next = try nextQuestionSortOrder()
      var result = CatalogAddResult(setID: set.id, added: [], skipped: [], isDryRun: dryRun)
      for entry in set.questions {
        if let existing = known[entry.normalizedPrompt] {
          result.skipped.append(
            .init(prompt: entry.prompt, existingID: existing.id, existingPrompt: existing.prompt))
          continue
        }
        let question = entry.question(id: environment.makeID(), sortOrder: next)
        let invalid = question.validationProblems()
        guard invalid.isEmpty else {
          throw CatalogError(
            .invalid,
            "set '\(set.id)': '\(entry.prompt)' is not a valid question: "
              + invalid.joined(separator: "; "))
        }
        if !dryRun { try tx.saveQuestion(question) }
        known[entry.normalizedPrompt] = question
        result.added.append(question)
        next += 1
      }
      return result
    }
  }
}
