import DispatchSupport
import Foundation

/// Finding a prompt group from what a user typed.
extension PromptGroup {
  /// The group `reference` names among `candidates` (in list order): an exact ID, the exact
  /// name, the name in any letter case, a 1-based list number, a unique ID prefix of at
  /// least four characters, or a part of one name only (`Evening` for "Evening reflection").
  ///
  /// Names come before numbers so a group called "2024" is still found by its name.
  ///
  /// - Throws: ``DispatchError`` (`unknownReference`) naming the closest group name when none
  ///   matches, or saying what to type instead when several do.
  public static func match(_ reference: String, in candidates: [PromptGroup]) throws
    -> PromptGroup
  {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    if let exact = candidates.first(where: { $0.id == trimmed }) { return exact }
    if let byName = candidates.first(where: { $0.name == trimmed }) { return byName }
    let folded = candidates.filter { $0.name.lowercased() == trimmed.lowercased() }
    if folded.count == 1 { return folded[0] }
    if folded.count > 1 {
      throw DispatchError(
        .unknownReference,
        "\(folded.count) groups are named '\(trimmed)'; use the list number or the ID")
    }
    if let number = Int(trimmed), candidates.indices.contains(number - 1) {
      return candidates[number - 1]
    }
    if trimmed.count >= 4 {
      let byPrefix = candidates.filter { $0.id.lowercased().hasPrefix(trimmed.lowercased()) }
      if byPrefix.count == 1 { return byPrefix[0] }
      if byPrefix.count > 1 {
        throw DispatchError(
          .unknownReference,
          "'\(trimmed)' starts \(byPrefix.count) group IDs; give more of the ID")
      }
    }
    let parts = NamePart.matches(trimmed, in: candidates.map(\.name))
    if parts.count == 1 { return candidates[parts[0]] }
    if parts.count > 1 {
      throw NamePart.ambiguity(
        reference, kind: "group names", names: parts.map { candidates[$0].name })
    }
    var message = "no group matches '\(reference)'"
    if let close = Suggestion.closest(to: trimmed, in: candidates.map(\.name)) {
      message += "; did you mean '\(close)'?"
    } else if candidates.isEmpty {
      message += " (there are no groups yet; add one with 'dispatch groups add')"
    } else {
      message += " (see 'dispatch groups list')"
    }
    throw DispatchError(.unknownReference, message)
  }
}
