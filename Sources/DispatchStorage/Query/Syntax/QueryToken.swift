/// One token of a query's text.
struct QueryToken: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// Letters, digits and `_` starting with a letter: type and attribute names, keywords.
    case word
    /// Text starting with a digit (or a sign and a digit): `7`, `2.5`, `30m`, `2024-05-01`,
    /// `18:30`, `2024-05-01T10:00:00+02:00`. What it means depends on where it stands.
    case literal
    /// A quoted text, its escapes resolved.
    case string
    /// `=`, `!=`, `<`, `<=`, `>`, `>=`, `(`, `)` or `,` (`≠`, `≤`, `≥`, `==` and `<>` are read
    /// as their ASCII forms).
    case symbol
    /// The end of the text.
    case end
  }

  let kind: Kind
  /// The word, literal or symbol as written (symbols normalized), or the string's content.
  let text: String
  let range: SourceRange

  /// The word lower-cased; keywords compare with this.
  var keyword: String { kind == .word ? text.lowercased() : "" }

  /// Whether this is the word `word` (any case).
  func isWord(_ word: String) -> Bool { kind == .word && text.lowercased() == word }

  /// Whether this is the symbol `symbol`.
  func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }

  /// How a diagnostic names the token.
  var quoted: String {
    switch kind {
    case .end: return "the end of the query"
    case .string: return "'\"\(text)\"'"
    default: return "'\(text)'"
    }
  }
}
