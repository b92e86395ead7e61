import DispatchCore
import DispatchSupport
import Foundation

/// A graph kept under a name for the dashboard (docs/serve.md#the-dashboard): the options of
/// `dispatch graph` as the parameters of `GET /graph` (`q=mood&per=week`), which the services
/// layer reads back into a graph request.
public struct SavedGraph: Sendable, Equatable {
  public let name: String
  /// URL-encoded parameters: `q`, `y`, `per`, `agg`, `kind`, `vs`, `vs-y`, `vs-agg`.
  public let parameters: String
  public let created: Instant
}

extension QueriesView {
  /// Every saved graph, in the order they were saved.
  public func savedGraphs() throws -> [SavedGraph] {
    try database.rows(
      "SELECT name, parameters, created_ms FROM saved_graphs ORDER BY position, name_key"
    ).map { row in
      SavedGraph(
        name: row.string(0) ?? "", parameters: row.string(1) ?? "",
        created: Instant(milliseconds: row.int64(2) ?? 0))
    }
  }

  /// Saves `parameters` as `name`, replacing a graph of that name in its place; the caller
  /// has checked that they draw (``SavedGraph``).
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` for an empty name.
  public func saveGraph(name: String, parameters: String) throws {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty, !trimmed.hasPrefix("-") else {
      throw DispatchError(.invalidValue, "a saved graph needs a name that does not start with '-'")
    }
    try write { transaction in
      let db = transaction.database
      let next = (try db.scalarInt("SELECT max(position) FROM saved_graphs") ?? 0) + 1
      try db.execute(
        """
        INSERT INTO saved_graphs (name, name_key, parameters, position, created_ms)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (name_key) DO UPDATE SET name = excluded.name, parameters = excluded.parameters
        """,
        [
          trimmed, trimmed.lowercased(), parameters, next,
          transaction.environment.now().milliseconds,
        ])
    }
  }

  /// Removes the saved graph called `name` (any case).
  ///
  /// - Throws: ``DispatchError`` `.unknownReference` naming the closest saved graph.
  public func removeSavedGraph(_ name: String) throws {
    let all = try savedGraphs()
    guard let graph = all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
      let hint = Suggestion.closest(to: name, in: all.map(\.name)).map { "; did you mean '\($0)'?" }
      throw DispatchError(.unknownReference, "no saved graph '\(name)'" + (hint ?? ""))
    }
    try write {
      try $0.database.execute(
        "DELETE FROM saved_graphs WHERE name_key = ?", [graph.name.lowercased()])
    }
  }
}
