import DispatchCore
import Foundation

/// Turning a ``SearchQuery`` into an FTS5 MATCH expression.
///
/// Every term becomes a quoted FTS5 string (a doubled `"` inside), so user text is never FTS5
/// syntax. A term that names a person in the registry — display name or alternate name, case
/// and accents ignored, several words when they are consecutive — matches any of that
/// person's names (docs/search.md#query-syntax): after Bob was renamed Robert, "bob" finds
/// answers that say "Robert" and answers that still say "Bob".
extension SearchQuery {
  /// The expression over the index's `body` column, restricted to `types` when not empty, or
  /// nil when there is nothing to look for. `names` holds the registry's names for the keys
  /// ``candidateNameKeys`` gives.
  func matchExpression(names: PersonNames, types: Set<SearchRecordType> = []) -> String? {
    guard !isEmpty else { return nil }
    var body = Self.alternatives(included, names).joined(separator: " AND ")
    if !excluded.isEmpty {
      body = "(\(body)) NOT (\(Self.alternatives(excluded, names).joined(separator: " OR ")))"
    }
    let expression = "body : (\(body))"
    guard !types.isEmpty else { return expression }
    let typeList = types.map(\.rawValue).sorted().map(Self.quoted).joined(separator: " OR ")
    return "record_type : (\(typeList)) AND \(expression)"
  }

  /// The name keys (``NameKey``) that could name a person: each phrase, and each run of up to
  /// ``PersonNames/longestRun`` consecutive words.
  var candidateNameKeys: Set<String> {
    var keys = Set<String>()
    for terms in [included, excluded] {
      for start in terms.indices {
        if case .phrase(let text) = terms[start] { keys.insert(NameKey.normalize(text)) }
        var words: [String] = []
        for index in start..<min(terms.count, start + PersonNames.longestRun) {
          guard case .word(let word) = terms[index] else { break }
          words.append(word)
          keys.insert(NameKey.normalize(words.joined(separator: " ")))
        }
      }
    }
    return keys
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

/// The registry's names by matching key, for query-time expansion: each key maps to every name
/// of the person holding it (`person_name_keys`, `person_names`).
package struct PersonNames {
  /// The most words of a query tried as one name.
  static let longestRun = 6

  private let namesByKey: [String: [String]]

  init(namesByKey: [String: [String]]) {
    self.namesByKey = namesByKey.mapValues { names in
      // `person_names` holds each name and its key; one spelling per key is enough for FTS5.
      var seen = Set<String>()
      return names.filter {
        $0.contains(where: { $0.isLetter || $0.isNumber })
          && seen.insert(NameKey.normalize($0)).inserted
      }
    }.filter { !$0.value.isEmpty }
  }

  /// The names of the person named by the longest run of terms from `start` — one phrase, or
  /// consecutive words — and the run's length.
  func longestMatch(in terms: [SearchQuery.Term], from start: Int) -> ([String], Int)? {
    if case .phrase(let text) = terms[start] {
      return namesByKey[NameKey.normalize(text)].map { ($0, 1) }
    }
    var words: [String] = []
    var best: ([String], Int)?
    for index in start..<min(terms.count, start + Self.longestRun) {
      guard case .word(let word) = terms[index] else { break }
      words.append(word)
      if let names = namesByKey[NameKey.normalize(words.joined(separator: " "))] {
        best = (names, words.count)
      }
    }
    return best
  }
}
