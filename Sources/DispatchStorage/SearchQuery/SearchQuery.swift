/// What the user typed into `dispatch search`, as terms (docs/search.md#query-syntax).
///
/// Words are separated by white space; every term must occur. `"a quoted phrase"` matches
/// those words in that order (an unclosed quote runs to the end), `word*` (or `"a phr"*`)
/// matches words that start so, and `-word` or `-"a phrase"` leaves out what contains it.
/// Nothing else has a meaning: `AND`, `OR`, `NEAR(`, `:` or `^` are searched as words or
/// ignored as punctuation, so no text can make the full-text engine fail.
public struct SearchQuery: Sendable, Equatable {
  /// One thing to look for.
  public enum Term: Sendable, Equatable {
    /// A word, matched whole (ignoring case and accents).
    case word(String)
    /// Words that must follow one another.
    case phrase(String)
    /// Words starting with the text.
    case prefix(String)

    /// The text of the term, without quotes or star.
    public var text: String {
      switch self {
      case .word(let text), .phrase(let text), .prefix(let text): return text
      }
    }
  }

  /// Terms every match contains.
  public var included: [Term]
  /// Terms no match contains.
  public var excluded: [Term]

  /// Creates a query from terms.
  public init(included: [Term], excluded: [Term] = []) {
    self.included = included
    self.excluded = excluded
  }

  /// Parses user text. Terms without a letter or digit (a lone `*`, punctuation) are dropped:
  /// the index holds only letters and digits.
  public init(parsing text: String) {
    var included: [Term] = []
    var excluded: [Term] = []
    var scanner = TermScanner(text)
    while let (term, isExcluded) = scanner.next() {
      guard term.text.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
      if isExcluded { excluded.append(term) } else { included.append(term) }
    }
    self.init(included: included, excluded: excluded)
  }

  /// Whether there is nothing to look for (exclusions alone match nothing).
  public var isEmpty: Bool { included.isEmpty }
}

/// Splits query text into terms, left to right.
private struct TermScanner {
  private let characters: [Character]
  private var index = 0

  init(_ text: String) {
    characters = Array(text)
  }

  mutating func next() -> (SearchQuery.Term, Bool)? {
    while index < characters.count && characters[index].isWhitespace { index += 1 }
    guard index < characters.count else { return nil }
    var excluded = false
    if characters[index] == "-", index + 1 < characters.count,
      !characters[index + 1].isWhitespace
    {
      excluded = true
      index += 1
    }
    if characters[index] == "\"" {
      return (phrase(), excluded)
    }
    let start = index
    while index < characters.count && !characters[index].isWhitespace { index += 1 }
    var word = String(characters[start..<index])
    guard word.hasSuffix("*") else { return (.word(word), excluded) }
    while word.hasSuffix("*") { word.removeLast() }
    return (.prefix(word), excluded)
  }

  /// A quoted phrase from the opening quote to the closing one (or the end), with a `*` right
  /// after the closing quote making it a prefix.
  private mutating func phrase() -> SearchQuery.Term {
    index += 1
    let start = index
    while index < characters.count && characters[index] != "\"" { index += 1 }
    let text = String(characters[start..<index])
    guard index < characters.count else { return .phrase(text) }
    index += 1
    guard index < characters.count && characters[index] == "*" else { return .phrase(text) }
    while index < characters.count && characters[index] == "*" { index += 1 }
    return .prefix(text)
  }
}
