import DispatchCore

/// Runs a search over the index (docs/search.md#output; ``SearchSchema``).
///
/// Ranking reads the newest ``rankingWindow`` matches in rowid order, which is date order and
/// which FTS5 walks without touching the other matches, scores them with bm25, and keeps the
/// best. Only the rows returned get their highlights read. A query matching fewer documents than
/// the window is ranked exactly; a word in every other report is ranked among recent reports,
/// which keeps a search over 100,000 reports in milliseconds.
struct SearchEngine {
  /// How many of the newest matches relevance ranking considers.
  static let rankingWindow = 1000
  /// Marks FTS5 puts around matches; control characters no answer holds.
  static let open: Character = "\u{2}"
  static let close: Character = "\u{3}"

  let db: Database

  func run(_ match: String, _ options: SearchOptions) throws -> [SearchResult] {
    let window = options.order == .newest ? options.limit : max(options.limit, Self.rankingWindow)
    var candidates: [(id: Int64, bm25: Double)] = try db.rows(
      """
      SELECT rowid, bm25(search_index, 1.0, 0.0) FROM search_index
      WHERE search_index MATCH ? ORDER BY rowid DESC LIMIT ?
      """, [match, window]
    ).map { (try $0.requiredInt64(0), $0.double(1) ?? 0) }
    if options.order == .relevance {
      // Ties (a one-word answer matching a one-word query scores the same everywhere) go to
      // the newest.
      candidates.sort { $0.bm25 != $1.bm25 ? $0.bm25 < $1.bm25 : $0.id > $1.id }
    }
    return try candidates.prefix(options.limit).compactMap { try result($0.id, $0.bm25, match) }
  }

  /// The document `id` as a result, its matching lines highlighted.
  private func result(_ id: Int64, _ bm25: Double, _ match: String) throws -> SearchResult? {
    // A rowid range rather than `rowid = ?`: FTS5 combines a range with MATCH and seeks to it.
    guard
      let row = try db.rows(
        """
        SELECT d.record_type, d.record_id, d.date_ms, d.utc_offset_s, d.parts,
          highlight(search_index, 0, char(2), char(3))
        FROM search_index JOIN search_documents d ON d.id = search_index.rowid
        WHERE search_index MATCH ? AND search_index.rowid >= ? AND search_index.rowid <= ?
        """, [match, id, id]
      ).first,
      let type = row.string(0).flatMap(SearchRecordType.init(rawValue:))
    else { return nil }
    let lines = (row.string(5) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
    var matches: [SearchMatch] = []
    if type == .report {
      let parts = (row.string(4) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated() where line.contains(Self.open) {
        let response = index < parts.count ? String(parts[index]) : ""
        matches.append(
          SearchMatch(
            question: response.isEmpty ? nil : try question(of: response),
            snippet: snippet(String(line))))
      }
    } else {
      matches.append(SearchMatch(question: nil, snippet: snippet(lines.joined(separator: " · "))))
    }
    return SearchResult(
      recordType: type, recordID: try row.requiredString(1),
      date: row.int64(2).map(Instant.init(milliseconds:)), utcOffsetSeconds: row.int(3),
      matches: matches, bm25: bm25)
  }

  private func question(of response: String) throws -> String? {
    try db.rows("SELECT question_prompt FROM responses WHERE id = ?", [response]).first?
      .string(0)
  }

  private func snippet(_ highlighted: String) -> SearchSnippet {
    SearchSnippet(highlighted: highlighted, open: Self.open, close: Self.close)
  }
}

extension SearchView {
  /// Searches the records' free text (docs/search.md#output; the syntax is ``SearchQuery``): best
  /// matches first, or newest first, each with its matching text highlighted.
  public func run(_ text: String, options: SearchOptions = SearchOptions()) throws
    -> [SearchResult]
  {
    try run(SearchQuery(parsing: text), options: options)
  }

  /// Searches for `query`'s terms.
  public func run(_ query: SearchQuery, options: SearchOptions = SearchOptions()) throws
    -> [SearchResult]
  {
    // Changes made outside the store's transactions are indexed before anything is read; a
    // read-only connection searches the index as it is.
    if !database.isReadOnly { try store.flushSearchIndex() }
    return try database.read { db in
      let names = try Self.personNames(db, keys: query.candidateNameKeys)
      guard let match = query.matchExpression(names: names, types: options.types) else {
        return []
      }
      return try SearchEngine(db: db).run(match, options)
    }
  }

  /// Every name of each person whose name key is one of `keys`, through the registry's lookup
  /// tables (the first person to claim a key holds it).
  static func personNames(_ db: Database, keys: Set<String>) throws -> PersonNames {
    let keys = keys.filter { !$0.isEmpty }.sorted()
    guard !keys.isEmpty else { return PersonNames(namesByKey: [:]) }
    let placeholders = Array(repeating: "?", count: keys.count).joined(separator: ", ")
    var namesByKey: [String: [String]] = [:]
    for row in try db.rows(
      """
      SELECT k.key, n.name FROM person_name_keys k JOIN person_names n ON n.person_id = k.person_id
      WHERE k.key IN (\(placeholders)) ORDER BY k.key, n.name
      """, keys)
    {
      namesByKey[try row.requiredString(0), default: []].append(try row.requiredString(1))
    }
    return PersonNames(namesByKey: namesByKey)
  }
}
