import DispatchCore
import Foundation

/// The registry's edits as pure functions (docs/people.md#the-rules): answers keep the names
/// they were given, and the registry decides who each name means.
public enum PersonRegistry {
  /// `person` under a new display name, the old one kept as an alternate so earlier answers
  /// still resolve to them. Renaming back and forth never duplicates a name.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` when the trimmed new name is empty.
  public static func renamed(_ person: Person, to newName: String) throws -> Person {
    let name = newName.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else {
      throw DispatchError(.invalidValue, "a person's new name cannot be empty")
    }
    var renamed = person
    renamed.displayName = name
    renamed.alternateNames = deduplicated(
      person.alternateNames + [person.displayName], excluding: name)
    return renamed
  }

  /// `survivor` holding every name of `absorbed` too: the survivor's alternates, then the
  /// absorbed display name and alternates, deduplicated in order. Uses add up; the question
  /// count is the larger of the two, since both may count the same questions.
  public static func merged(_ absorbed: Person, into survivor: Person) -> Person {
    var merged = survivor
    merged.alternateNames = deduplicated(
      survivor.alternateNames + [absorbed.displayName] + absorbed.alternateNames,
      excluding: survivor.displayName)
    merged.usageCount = survivor.usageCount + absorbed.usageCount
    merged.questionCount = max(survivor.questionCount, absorbed.questionCount)
    return merged
  }

  /// The first person in `people` (ordered by ID) answering to `name`, by display name or
  /// alternate, ignoring case and accents; nil for an empty name.
  public static func resolve(_ name: String, in people: [Person]) -> Person? {
    people.first { $0.answers(to: name) }
  }

  /// `names` in order with empty ones, repeats and anything equal to `excluded` dropped, all
  /// compared ignoring case and accents; each kept name is trimmed.
  static func deduplicated(_ names: [String], excluding excluded: String) -> [String] {
    var seen: Set<String> = [NameKey.normalize(excluded)]
    var result: [String] = []
    for name in names {
      let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
      let key = NameKey.normalize(trimmed)
      guard !key.isEmpty, seen.insert(key).inserted else { continue }
      result.append(trimmed)
    }
    return result
  }
}
