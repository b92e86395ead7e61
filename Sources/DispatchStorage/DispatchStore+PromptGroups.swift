import DispatchCore
import Foundation

/// Managing prompt groups (docs/schedule.md#prompt-groups): `dispatch groups`.
extension PromptsView {
  /// Finds a group by ID, name (exact, then in any letter case), 1-based list number, or
  /// unique ID prefix of at least four characters.
  ///
  /// - Throws: ``DispatchError`` (`unknownReference`) with a "did you mean" suggestion.
  public func group(matching reference: String) throws -> PromptGroup {
    try PromptGroup.match(reference, in: try promptGroups())
  }

  /// Adds or replaces a group after checking its definition.
  ///
  /// An empty ID gets a new UUID. A group not stored yet goes after the last one; a stored
  /// group keeps the sort order it carries. Two groups may not share a name in any letter
  /// case, since names are how people refer to groups.
  ///
  /// - Returns: the group as stored.
  /// - Throws: ``DispatchError`` (`invalidValue`) listing every problem with the definition,
  ///   or (`conflict`) for a name another group has.
  @discardableResult
  public func saveGroup(_ draft: PromptGroup) throws -> PromptGroup {
    return try write { try $0.saveGroup(draft) }
  }

  /// Deletes a group and renumbers the rest.
  ///
  /// Nothing references `prompt_groups` by foreign key: reports filed from the group keep its
  /// ID as text (`promptGroupID`), as reports of a deleted group do in Dispatch.
  ///
  /// - Throws: ``DispatchError`` (`unknownReference`) when no group has this ID.
  public func deleteGroup(id: String) throws {
    try write { try $0.deleteGroup(id: id) }
  }

  /// Moves a group to a 1-based position in the list and renumbers the rest.
  ///
  /// - Throws: ``DispatchError`` (`invalidValue`) for a position outside the list.
  public func moveGroup(id: String, toPosition position: Int) throws {
    try write { try $0.moveGroup(id: id, toPosition: position) }
  }

  /// Gives `groups` the sort orders 0, 1, 2, … in their order, saving only those that change.
  fileprivate func renumberGroups(_ db: Database, _ groups: [PromptGroup]) throws {
    for (index, var group) in groups.enumerated() where group.sortOrder != index {
      group.sortOrder = index
      try group.save(db)
    }
  }
}

extension StoreTransaction {
  /// Adds or replaces a group after checking its definition.
  ///
  /// An empty ID gets a new UUID. A group not stored yet goes after the last one; a stored
  /// group keeps the sort order it carries. Two groups may not share a name in any letter
  /// case, since names are how people refer to groups.
  ///
  /// - Returns: the group as stored.
  /// - Throws: ``DispatchError`` (`invalidValue`) listing every problem with the definition,
  ///   or (`conflict`) for a name another group has.
  @discardableResult
  public func saveGroup(_ draft: PromptGroup) throws -> PromptGroup {
    var group = draft
    group.name = group.name.trimmingCharacters(in: .whitespaces)
    if group.id.isEmpty { group.id = environment.makeID() }
    let problems = group.validationProblems()
    guard problems.isEmpty else {
      throw DispatchError(.invalidValue, "invalid group: " + problems.joined(separator: "; "))
    }
    let db = database
    let all = try PromptGroup.fetchAll(db)
    if let other = all.first(where: {
      $0.id != group.id && $0.name.lowercased() == group.name.lowercased()
    }) {
      throw DispatchError(
        .conflict, "a group named '\(other.name)' already exists; choose another name")
    }
    if !all.contains(where: { $0.id == group.id }) {
      group.sortOrder = (all.map(\.sortOrder).max() ?? -1) + 1
    }
    try group.save(db)
    return group
  }

  /// Deletes a group and renumbers the rest.
  ///
  /// Nothing references `prompt_groups` by foreign key: reports filed from the group keep its
  /// ID as text (`promptGroupID`), as reports of a deleted group do in Dispatch.
  ///
  /// - Throws: ``DispatchError`` (`unknownReference`) when no group has this ID.
  public func deleteGroup(id: String) throws {
    let db = database
    guard try PromptGroup.fetchAll(db).contains(where: { $0.id == id }) else {
      throw DispatchError(.unknownReference, "no group has ID '\(id)'")
    }
    try db.execute("DELETE FROM prompt_groups WHERE id = ?", [id])
    try store.prompts.renumberGroups(db, try PromptGroup.fetchAll(db))
  }

  /// Moves a group to a 1-based position in the list and renumbers the rest.
  ///
  /// - Throws: ``DispatchError`` (`invalidValue`) for a position outside the list.
  public func moveGroup(id: String, toPosition position: Int) throws {
    let db = database
    var all = try PromptGroup.fetchAll(db)
    guard let from = all.firstIndex(where: { $0.id == id }) else {
      throw DispatchError(.unknownReference, "no group has ID '\(id)'")
    }
    guard (1...all.count).contains(position) else {
      throw DispatchError(.invalidRequest, "position must be between 1 and \(all.count)")
    }
    let moved = all.remove(at: from)
    all.insert(moved, at: position - 1)
    try store.prompts.renumberGroups(db, all)
  }
}
