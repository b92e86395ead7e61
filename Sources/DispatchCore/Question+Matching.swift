import DispatchSupport
import Foundation

/// Finding a question from what a user typed.
extension Question {
  /// The question `reference` names among `candidates`: an exact ID, a unique ID prefix of at
  /// least four characters, the exact prompt, or the prompt in any letter case.
  ///
  /// - Throws: ``DispatchError`` (`unknownReference`) naming the closest prompt when none matches.
  public static func match(_ reference: String, in candidates: [Question]) throws -> Question {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    if let exact = candidates.first(where: { $0.id == trimmed }) { return exact }
    if trimmed.count >= 4 {
      let byPrefix = candidates.filter { $0.id.lowercased().hasPrefix(trimmed.lowercased()) }
      if byPrefix.count == 1 { return byPrefix[0] }
    }
    if let byPrompt = candidates.first(where: { $0.prompt == trimmed }) { return byPrompt }
    let folded = candidates.filter { $0.prompt.lowercased() == trimmed.lowercased() }
    if folded.count == 1 { return folded[0] }
    var message = "no question matches '\(reference)'"
    if let close = Suggestion.closest(to: trimmed, in: candidates.map(\.prompt)) {
      message += "; did you mean '\(close)'?"
    } else {
      message += " (see 'dispatch questions list')"
    }
    throw DispatchError(.unknownReference, message)
  }
}
