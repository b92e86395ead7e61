import DispatchSupport
import Foundation

/// Finding a question from what a user typed.
extension Question {
  /// The question `reference` names among `candidates`: an exact ID, a unique ID prefix of at
  /// least four characters, the exact prompt, the prompt in any letter case, or a part of one
  /// prompt only (`Doing?`, `happy`).
  ///
  /// - Throws: ``DispatchError`` (`unknownReference`) naming the closest prompt when none matches.
  public static func match(_ reference: String, in candidates: [Question]) throws -> Question {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    if let exact = candidates.first(where: { $0.id == trimmed }) { return exact }
    if trimmed.count >= 4 {
      let byPrefix = candidates.filter { $0.id.lowercased().hasPrefix(trimmed.lowercased()) }
      if byPrefix.count == 1 { return byPrefix[0] }
    }
    let byPrompt = candidates.filter { $0.prompt == trimmed }
    if byPrompt.count == 1 { return byPrompt[0] }
    let folded =
      byPrompt.isEmpty
      ? candidates.filter { $0.prompt.lowercased() == trimmed.lowercased() } : byPrompt
    if folded.count == 1 { return folded[0] }
    if folded.count > 1 {
      // Imports can bring two questions with one prompt: picking one would be a guess.
      let ids = folded.map { String($0.id.prefix(8)) }.joined(separator: ", ")
      throw DispatchError(
        .unknownReference,
        "'\(reference)' is the prompt of \(folded.count) questions; name one by its ID: \(ids)")
    }
    let parts = NamePart.matches(trimmed, in: candidates.map(\.prompt))
    if parts.count == 1 { return candidates[parts[0]] }
    if parts.count > 1 {
      throw NamePart.ambiguity(
        reference, kind: "prompts", names: parts.map { candidates[$0].prompt })
    }
    var message = "no question matches '\(reference)'"
    if let close = Suggestion.closest(to: trimmed, in: candidates.map(\.prompt)) {
      message += "; did you mean '\(close)'?"
    } else {
      message += " (see 'dispatch questions list')"
    }
    throw DispatchError(.unknownReference, message)
  }
}
