import DispatchCore

/// A question set of the catalog: a named, credited group of questions users add at once.
public struct CatalogSet: Sendable, Equatable {
  /// A stable slug such as `morning-mood`; what `dispatch catalog add` names.
  public var id: String
  public var title: String
  /// One or two sentences on what the set measures and when to use it.
  public var summary: String
  public var tags: [String]
  /// Who wrote the set (≤ 50 characters, docs/catalog.md#validation); nil when anonymous.
  public var credit: String?
  /// A language tag such as `en` or `pt-BR`.
  public var language: String
  /// The set's own revision, starting at 1.
  public var version: Int
  public var questions: [CatalogQuestion]
  /// When a moderator approved it; nil until then.
  public var approvedAt: Instant?

  public init(
    id: String, title: String, summary: String, tags: [String] = [], credit: String? = nil,
    language: String = "en", version: Int = 1, questions: [CatalogQuestion],
    approvedAt: Instant? = nil
  ) {
    self.id = id
    self.title = title
    self.summary = summary
    self.tags = tags
    self.credit = credit
    self.language = language
    self.version = version
    self.questions = questions
    self.approvedAt = approvedAt
  }

  /// Every text trimmed, empty optionals nil, tags lowercased, questions normalized
  /// (docs/catalog.md#validation).
  public func normalized() -> CatalogSet {
    var copy = self
    copy.id = CatalogText.trimmed(id)
    copy.title = CatalogText.trimmed(title)
    copy.summary = CatalogText.trimmed(summary)
    copy.tags = CatalogText.tags(tags)
    copy.credit = CatalogText.nonEmpty(credit)
    copy.language = CatalogText.trimmed(language)
    copy.questions = questions.map { $0.normalized() }
    return copy
  }

  /// How the set is named in problems: its ID when it has one.
  var label: String { id.isEmpty ? "(no id)" : "'\(id)'" }
}

/// A catalog index: what a catalog source publishes (docs/catalog.md).
public struct CatalogIndex: Sendable, Equatable {
  /// The newest index format this build reads and the one it writes.
  public static let currentFormatVersion = 1

  public var formatVersion: Int
  /// The index's revision; `dispatch-mod publish` bumps it.
  public var version: Int
  public var generatedAt: Instant
  public var sets: [CatalogSet]

  public init(
    formatVersion: Int = CatalogIndex.currentFormatVersion, version: Int,
    generatedAt: Instant, sets: [CatalogSet]
  ) {
    self.formatVersion = formatVersion
    self.version = version
    self.generatedAt = generatedAt
    self.sets = sets
  }

  /// The set with this ID, if any.
  public func set(id: String) -> CatalogSet? {
    sets.first { $0.id == id }
  }

  /// Every question's fingerprint, mapped to the set that holds it (the first, in order).
  public var fingerprints: [String: String] {
    var result: [String: String] = [:]
    for set in sets {
      for question in set.questions where result[question.promptFingerprint] == nil {
        result[question.promptFingerprint] = set.id
      }
    }
    return result
  }
}
