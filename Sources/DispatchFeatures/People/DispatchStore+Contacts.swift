import DispatchCore
import DispatchStorage
import Foundation

/// People suggestions: the registry by any name, then names from the user's vCard contacts
/// (docs/people.md#contacts) — read when asked, never stored in reports or exported.
extension PeopleView {
  /// The settings key of the contacts file or folder.
  public static let contactsKey = "people.contacts"

  /// The vCard file or folder suggestions read names from, if one is set.
  public func contactsPath() throws -> String? {
    try store.settings.setting(Self.contactsKey)
  }

  /// Sets (or with nil, clears) the contacts file or folder, checking it can be read.
  ///
  /// - Returns: how many names it holds.
  @discardableResult
  public func setContactsPath(_ path: String?) throws -> Int {
    guard let path else {
      try store.settings.removeSetting(Self.contactsKey)
      return 0
    }
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let count = try VCardNames.names(atPath: absolute).count
    try store.settings.setSetting(Self.contactsKey, absolute)
    return count
  }

  /// The names of the contacts file or folder; none when none is set or it cannot be read
  /// (suggestions must not fail because an address book moved).
  public func contactNames() throws -> [String] {
    guard let path = try contactsPath() else { return [] }
    return (try? VCardNames.names(atPath: path)) ?? []
  }

  /// Vocabulary suggestions for type-ahead: tokens, places, or people by any of their names.
  public func suggestions(for type: QuestionType, matching text: String, limit: Int = 8) throws
    -> [String]
  {
    guard limit > 0 else { return [] }
    // The whole list for an empty text is what every survey page shows: kept until the store
    // changes. People also come from a contacts file, which the store cannot see change.
    if text.isEmpty, try type != .people || contactsPath() == nil {
      return try store.memoized("suggestions.\(type.rawValue).\(limit)") {
        try rankedSuggestions(for: type, matching: text, limit: limit)
      }
    }
    return try rankedSuggestions(for: type, matching: text, limit: limit)
  }

  private func rankedSuggestions(for type: QuestionType, matching text: String, limit: Int) throws
    -> [String]
  {
    switch type {
    case .people:
      return try peopleSuggestions(matching: text, limit: limit)
    case .location:
      return try store.search.vocabularySuggestions(.place, matching: text, limit: limit)
    default:
      return try store.search.vocabularySuggestions(.token, matching: text, limit: limit)
    }
  }

  /// People for type-ahead (docs/people.md#suggestions): registry entries matching on any name
  /// but shown once under the display name, ranked prefix-first then by use; then contacts
  /// nobody in the registry answers to, deduplicated ignoring case and accents; at most
  /// `limit`.
  public func peopleSuggestions(matching text: String, limit: Int = 8) throws -> [String] {
    guard limit > 0 else { return [] }
    let people = try list()
    var candidates: [(text: String, usage: Int)] = []
    for person in people {
      for name in [person.displayName] + person.alternateNames {
        candidates.append((name, person.usageCount))
      }
    }
    let ranked = VocabularyIndex.rank(candidates, matching: text, limit: candidates.count)
    // Who answers to each name, as PersonRegistry.resolve finds them (the first person in the
    // registry's order), looked up once per name instead of searching everyone each time.
    var owners: [String: Person] = [:]
    for person in people {
      for name in [person.displayName] + person.alternateNames {
        let key = NameKey.normalize(name)
        if !key.isEmpty && owners[key] == nil { owners[key] = person }
      }
    }
    var seenPeople = Set<String>()
    var seenNames = Set<String>()
    var result: [String] = []
    for name in ranked {
      guard let person = owners[NameKey.normalize(name)],
        seenPeople.insert(person.id).inserted
      else { continue }
      result.append(person.displayName)
      seenNames.insert(NameKey.normalize(person.displayName))
      if result.count == limit { return result }
    }
    let contacts = try contactNames().filter { owners[NameKey.normalize($0)] == nil }
    for name in VocabularyIndex.rank(
      contacts.map { ($0, 0) }, matching: text, limit: contacts.count)
    where seenNames.insert(NameKey.normalize(name)).inserted {
      result.append(name)
      if result.count == limit { break }
    }
    return result
  }
}
