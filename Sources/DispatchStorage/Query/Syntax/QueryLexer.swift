/// Splits a query's text into tokens (docs/query-language.md, "Lexical rules").
enum QueryLexer {
  /// The tokens of `source`, ending with an `.end` token.
  ///
  /// - Throws: ``QueryDiagnostic`` `Q001` for an unterminated string, `Q002` for a character
  ///   that cannot start a token.
  static func tokens(_ source: String) throws(QueryDiagnostic) -> [QueryToken] {
    let characters = Array(source)
    var tokens: [QueryToken] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character.isWhitespace {
        index += 1
        continue
      }
      let start = index
      if let close = closingQuote(of: character) {
        let text = try string(characters, from: &index, close: close)
        tokens.append(QueryToken(kind: .string, text: text, range: SourceRange(start, index)))
      } else if character.isLetter || character == "_" {
        index += 1
        while index < characters.count, continuesWord(characters, at: index) { index += 1 }
        tokens.append(word(.word, characters, start, index))
      } else if startsLiteral(characters, at: index, after: tokens.last) {
        index += 1
        while index < characters.count, continuesLiteral(characters[index]) { index += 1 }
        tokens.append(word(.literal, characters, start, index))
      } else if let symbol = symbol(characters, at: index) {
        index += symbol.length
        tokens.append(
          QueryToken(kind: .symbol, text: symbol.text, range: SourceRange(start, index)))
      } else {
        throw QueryDiagnostic(
          .unexpectedCharacter, "unexpected character '\(character)'",
          range: SourceRange(start, start + 1),
          hint: "quote texts with \"…\"; see 'dispatch help query'")
      }
    }
    tokens.append(
      QueryToken(kind: .end, text: "", range: SourceRange(characters.count, characters.count)))
    return tokens
  }

  private static func word(
    _ kind: QueryToken.Kind, _ characters: [Character], _ start: Int, _ end: Int
  ) -> QueryToken {
    QueryToken(kind: kind, text: String(characters[start..<end]), range: SourceRange(start, end))
  }

  /// Straight and typographic quotes: phones and word processors turn `"` into `“`.
  private static func closingQuote(of character: Character) -> Character? {
    switch character {
    case "\"": return "\""
    case "'": return "'"
    case "“": return "”"
    case "‘": return "’"
    default: return nil
    }
  }

  private static func string(_ characters: [Character], from index: inout Int, close: Character)
    throws(QueryDiagnostic) -> String
  {
    let start = index
    index += 1
    var text = ""
    while index < characters.count {
      let character = characters[index]
      if character == "\\", index + 1 < characters.count {
        text.append(characters[index + 1])
        index += 2
        continue
      }
      index += 1
      if character == close || (close == "”" && character == "\"") { return text }
      text.append(character)
    }
    throw QueryDiagnostic(
      .unterminatedString, "unterminated text: no closing \(close)",
      range: SourceRange(start, characters.count), hint: "end the text with \(close)")
  }

  /// Words may hold `-` between letters (`check-in`) and `.` between parts of a dotted name.
  private static func continuesWord(_ characters: [Character], at index: Int) -> Bool {
    let character = characters[index]
    if character.isLetter || character.isNumber || character == "_" { return true }
    guard character == "-" || character == ".", index + 1 < characters.count else { return false }
    return characters[index + 1].isLetter
  }

  /// A digit starts a literal; so does a sign before a digit where a value may stand (after a
  /// comparison, `(` or `,`), so `value > -5` is a negative number.
  private static func startsLiteral(
    _ characters: [Character], at index: Int, after previous: QueryToken?
  ) -> Bool {
    let character = characters[index]
    if character.isASCII && character.isNumber { return true }
    guard character == "-" || character == "+", index + 1 < characters.count,
      characters[index + 1].isASCII, characters[index + 1].isNumber
    else { return false }
    guard let previous else { return true }
    return previous.kind == .symbol && previous.text != ")"
  }

  private static func continuesLiteral(_ character: Character) -> Bool {
    guard character.isASCII else { return false }
    return character.isLetter || character.isNumber || ".:-+/_".contains(character)
  }

  private static let symbols: [(written: String, text: String)] = [
    ("<=", "<="), (">=", ">="), ("!=", "!="), ("<>", "!="), ("==", "="), ("≤", "<="),
    ("≥", ">="), ("≠", "!="), ("=", "="), ("<", "<"), (">", ">"), ("(", "("), (")", ")"),
    (",", ","),
  ]

  private static func symbol(_ characters: [Character], at index: Int) -> (
    text: String, length: Int
  )? {
    for (written, text) in symbols {
      let length = written.count
      guard index + length <= characters.count else { continue }
      if String(characters[index..<index + length]) == written { return (text, length) }
    }
    return nil
  }
}
