import DispatchCore
import DispatchSupport
import Foundation

/// Editing the people registry (docs/people.md#the-rules, docs/people.md#people). Answers are never
/// rewritten: a rename or merge changes who a name means, so every reader that resolves names
/// through the registry sees the change at once, history included.
extension PeopleView {
  /// The person a reference names: any of their names (ignoring case and accents), their ID,
  /// or a unique ID prefix of at least four characters.
  ///
  /// - Throws: ``DispatchError`` `.unknownReference` when nobody matches or a prefix is
  ///   ambiguous.
  public func person(matching reference: String) throws -> Person {
    try Self.person(matching: reference, in: try list())
  }

  static func person(matching reference: String, in people: [Person]) throws -> Person {
    let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
    if let person = PersonRegistry.resolve(trimmed, in: people) { return person }
    if let person = people.first(where: { $0.id == trimmed }) { return person }
    let prefixed = people.filter {
      trimmed.count >= 4 && $0.id.lowercased().hasPrefix(trimmed.lowercased())
    }
    if prefixed.count == 1 { return prefixed[0] }
    if prefixed.count > 1 {
      throw DispatchError(.unknownReference, "'\(trimmed)' is the start of several people's IDs")
    }
    var message = "nobody in the registry is called '\(trimmed)'"
    let names = people.flatMap { [$0.displayName] + $0.alternateNames }
    if let close = Suggestion.closest(to: trimmed, in: names) {
      message += "; did you mean '\(close)'?"
    } else {
      message += "; 'dispatch people list' shows everyone"
    }
    throw DispatchError(.unknownReference, message)
  }

  /// Renames a person; the old name becomes an alternate so earlier answers still count.
  ///
  /// - Throws: `.unknownReference` for an unknown person, `.invalidValue` for an empty name,
  ///   `.conflict` when the new name already means somebody else (merge them instead).
  @discardableResult
  public func renamePerson(_ reference: String, to newName: String) throws -> Person {
    return try write { try $0.renamePerson(reference, to: newName) }
  }

  /// Merges people into a survivor: their names become its alternates, their answers count
  /// as its answers, and their registry entries go.
  ///
  /// - Throws: `.unknownReference` for an unknown person, `.conflict` when a person is named
  ///   twice or as the survivor.
  @discardableResult
  public func mergePeople(_ references: [String], into survivorReference: String) throws
    -> Person
  {
    return try write { try $0.mergePeople(references, into: survivorReference) }
  }

  /// Removes a registry entry only: answers keep their text, and names still answered come
  /// back as plain entries without alternates at the next rebuild (which runs now).
  @discardableResult
  public func removePerson(_ reference: String) throws -> Person {
    return try write { try $0.removePerson(reference) }
  }

  /// Where a person is mentioned: each people answer naming them under any of their names.
  public func mentions(of person: Person) throws -> PersonMentions {
    let rows = try database.rows(
      """
      SELECT v.text, r.question_prompt, rp.date_ms, rp.utc_offset_s
      FROM response_values v
      JOIN responses r ON r.id = v.response_id
      JOIN reports rp ON rp.id = r.report_id AND rp.is_draft = 0
      WHERE v.role = 'token' AND r.question_prompt IN (SELECT prompt FROM questions WHERE type = 4)
      ORDER BY rp.date_ms
      """)
    let people = try list()
    var mentions = PersonMentions(person: person)
    for row in rows {
      let name = try row.requiredString(0)
      // The first person answering to a name owns it, as everywhere else.
      guard PersonRegistry.resolve(name, in: people)?.id == person.id else { continue }
      let date = Instant(milliseconds: row.int64(2) ?? 0)
      let offset = row.int(3) ?? 0
      mentions.record(name: name, prompt: try row.requiredString(1), at: date, offset: offset)
    }
    return mentions
  }
}

extension StoreTransaction {
  /// Renames a person; the old name becomes an alternate so earlier answers still count.
  ///
  /// - Throws: `.unknownReference` for an unknown person, `.invalidValue` for an empty name,
  ///   `.conflict` when the new name already means somebody else (merge them instead).
  @discardableResult
  public func renamePerson(_ reference: String, to newName: String) throws -> Person {
    let db = database
    let people = try Person.fetchAll(db)
    let person = try PeopleView.person(matching: reference, in: people)
    let renamed = try PersonRegistry.renamed(person, to: newName)
    if let other = PersonRegistry.resolve(renamed.displayName, in: people), other.id != person.id {
      throw DispatchError(
        .conflict,
        "'\(renamed.displayName)' already means \(other.displayName); to make them one "
          + "person run 'dispatch people merge \"\(person.displayName)\" --into "
          + "\"\(other.displayName)\"'")
    }
    try renamed.save(db)
    try db.execute("UPDATE people SET is_explicit = 1 WHERE id = ?", [person.id])
    try VocabularyIndex.rebuild(db)
    return try Person.fetchAll(db).first { $0.id == person.id } ?? renamed
  }

  /// Merges people into a survivor: their names become its alternates, their answers count
  /// as its answers, and their registry entries go.
  ///
  /// - Throws: `.unknownReference` for an unknown person, `.conflict` when a person is named
  ///   twice or as the survivor.
  @discardableResult
  public func mergePeople(_ references: [String], into survivorReference: String) throws
    -> Person
  {
    let db = database
    let people = try Person.fetchAll(db)
    var survivor = try PeopleView.person(matching: survivorReference, in: people)
    var absorbedIDs = Set<String>()
    for reference in references {
      let absorbed = try PeopleView.person(matching: reference, in: people)
      guard absorbed.id != survivor.id else {
        throw DispatchError(
          .conflict, "'\(reference)' is \(survivor.displayName), the person merged into")
      }
      guard absorbedIDs.insert(absorbed.id).inserted else {
        throw DispatchError(.conflict, "'\(reference)' names \(absorbed.displayName) twice")
      }
      survivor = PersonRegistry.merged(absorbed, into: survivor)
      try db.execute("DELETE FROM people WHERE id = ?", [absorbed.id])
    }
    try survivor.save(db)
    try db.execute("UPDATE people SET is_explicit = 1 WHERE id = ?", [survivor.id])
    // The survivor's new names are a change the sync triggers do not see when it was named
    // on purpose already.
    try noteSyncChange(kind: "person", id: survivor.id)
    try VocabularyIndex.rebuild(db)
    return try Person.fetchAll(db).first { $0.id == survivor.id } ?? survivor
  }

  /// Removes a registry entry only: answers keep their text, and names still answered come
  /// back as plain entries without alternates at the next rebuild (which runs now).
  @discardableResult
  public func removePerson(_ reference: String) throws -> Person {
    let db = database
    let person = try PeopleView.person(matching: reference, in: try Person.fetchAll(db))
    try db.execute("DELETE FROM people WHERE id = ?", [person.id])
    try VocabularyIndex.rebuild(db)
    return person
  }
}
