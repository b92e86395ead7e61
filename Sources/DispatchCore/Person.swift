import Foundation

/// A person in the registry: a stable identity behind the names used in answers.
public struct Person: Sendable, Equatable, Identifiable {
  public var id: String
  /// The current name.
  public var displayName: String
  /// Former or other names that resolve to this person, in order.
  public var alternateNames: [String]
  /// How many answers mention the person.
  public var usageCount: Int
  /// How many questions those answers belong to.
  public var questionCount: Int

  public init(
    id: String, displayName: String, alternateNames: [String] = [], usageCount: Int = 0,
    questionCount: Int = 0
  ) {
    self.id = id
    self.displayName = displayName
    self.alternateNames = alternateNames
    self.usageCount = usageCount
    self.questionCount = questionCount
  }

  /// Whether `name` is this person's display name or an alternate, ignoring case and accents.
  public func answers(to name: String) -> Bool {
    let key = NameKey.normalize(name)
    guard !key.isEmpty else { return false }
    return NameKey.normalize(displayName) == key
      || alternateNames.contains { NameKey.normalize($0) == key }
  }
}

/// A vocabulary entry: a token or place ever answered, with usage counts.
public struct VocabularyEntry: Sendable, Equatable {
  /// What the entry names.
  public enum Kind: String, Sendable {
    case token
    case place
  }

  public var kind: Kind
  public var text: String
  public var usageCount: Int
  public var questionCount: Int

  public init(kind: Kind, text: String, usageCount: Int, questionCount: Int) {
    self.kind = kind
    self.text = text
    self.usageCount = usageCount
    self.questionCount = questionCount
  }
}

/// The matching key for names: case and diacritics folded, whitespace trimmed
/// (docs/people.md#the-rules).
public enum NameKey {
  /// "José García" and "jose garcia" give the same key.
  public static func normalize(_ name: String) -> String {
    name.trimmingCharacters(in: .whitespacesAndNewlines)
      .folding(
        options: [.caseInsensitive, .diacriticInsensitive],
        locale: Locale(identifier: "en_US_POSIX")
      )
      .lowercased()
  }
}
