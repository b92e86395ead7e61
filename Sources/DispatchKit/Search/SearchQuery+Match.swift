import Foundation

/// Turning a ``SearchQuery`` into an FTS5 MATCH expression.
///
/// Every term becomes a quoted FTS5 string (a doubled `"` inside), so user text is never FTS5
/// syntax. A term that names a person in the registry — display name or alternate name, case
/// and accents ignored, several words when they are consecutive — matches any of that
/// person's names (reference/dispatch.md §10): after Bob was renamed Robert, "bob" finds
/// answers that say "Robert" and answers that still say "Bob".
extension SearchQuery {
  /// The expression over the index's `body` column, restricted to `types` when not empty, or
  /// nil when there is nothing to look for.
  func matchExpression(people: [Person], types: Set<SearchRecordType> = []) -> String? {
    guard !isEmpty else { return nil }
    let names = PersonNames(people)
    var body = Self.alternatives(included, names).joined(separator: " AND ")
    if !excluded.isEmpty {
      body = "(\(body)) NOT (\(Self.alternatives(excluded, names).joined(separator: " OR ")))"
    }
    let expression = "body : (\(body))"
    guard !types.isEmpty else { return expression }
    let typeList = types.map(\.rawValue).sorted().map(Self.quoted).joined(separator: " OR ")
    return "record_type : (\(typeList)) AND \(expression)"
  }

  /// One FTS5 expression per term, people's names grouped: the longest run of consecutive
  /// words that names a person becomes one group of that person's names.
  private static func alternatives(_ terms: [Term], _ names: PersonNames) -> [String] {
    var expressions: [String] = []
    var index = 0
    while index < terms.count {
      if let (person, length) = names.longestMatch(in: terms, from: index) {
        expressions.append("(" + person.map(quoted).joined(separator: " OR ") + ")")
        index += length
        continue
      }
      switch terms[index] {
      case .word(let text), .phrase(let text): expressions.append(quoted(text))
      case .prefix(let text): expressions.append(quoted(text) + "*")
      }
      index += 1
    }
    return expressions
  }

  /// An FTS5 string: https://sqlite.org/fts5.html#fts5_strings.
  static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}

/// The registry's names by matching key, for query-time expansion.
private struct PersonNames {
  /// Each person's names, deduplicated by key, by the key of any of them. People are in ID
  /// order, so the first person claiming a name wins, as when answers are resolved.
  private var namesByKey: [String: [String]] = [:]
  /// The most words any name has: the longest run worth trying.
  private var longestName = 0

  init(_ people: [Person]) {
    for person in people {
      var seen = Set<String>()
      let names = ([person.displayName] + person.alternateNames).filter {
        let key = NameKey.normalize($0)
        return !key.isEmpty && $0.contains(where: { $0.isLetter || $0.isNumber })
          && seen.insert(key).inserted
      }
      for name in names {
        let key = NameKey.normalize(name)
        if namesByKey[key] == nil { namesByKey[key] = names }
        longestName = max(longestName, key.split(whereSeparator: \.isWhitespace).count)
      }
    }
  }

  /// The names of the person named by the longest run of terms from `start` — one phrase, or
  /// consecutive words — and the run's length.
  func longestMatch(in terms: [SearchQuery.Term], from start: Int) -> ([String], Int)? {
    if case .phrase(let text) = terms[start] {
      return namesByKey[NameKey.normalize(text)].map { ($0, 1) }
    }
    var words: [String] = []
    var best: ([String], Int)?
    for index in start..<min(terms.count, start + longestName) {
      guard case .word(let word) = terms[index] else { break }
      words.append(word)
      if let names = namesByKey[NameKey.normalize(words.joined(separator: " "))] {
        best = (names, words.count)
      }
    }
    return best
  }
}
