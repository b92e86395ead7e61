/// Parses a query's text into a ``QuerySyntax`` (the grammar is in docs/query-language.md):
/// `or` binds loosest, then `and`, then `not`; a relation's own `where` takes the rest of its
/// parenthesized group, so `(within 1 hour of workout where duration > 30m) and rating < 3`
/// is how a condition on the outer type follows one.
public struct QueryParser {
  var tokens: [QueryToken]
  var position = 0

  /// Parses `source`.
  ///
  /// - Throws: ``QueryDiagnostic`` for text that does not follow the grammar.
  public static func parse(_ source: String) throws(QueryDiagnostic) -> QuerySyntax {
    var parser = QueryParser(tokens: try QueryLexer.tokens(source))
    guard parser.current.kind != .end else {
      throw QueryDiagnostic(
        .emptyQuery, "the query is empty", range: SourceRange(0, 0),
        hint: "start with a record type, e.g. 'mood where rating <= 2'")
    }
    let query = try parser.query()
    guard parser.current.kind == .end else {
      if parser.current.isSymbol(")") {
        throw QueryDiagnostic(
          .unexpectedToken, "')' without a matching '('", range: parser.current.range)
      }
      throw QueryDiagnostic(
        .unexpectedToken, "unexpected \(parser.current.quoted) after a complete query",
        range: parser.current.range, hint: "join conditions with 'and' or 'or'")
    }
    return query
  }

  var current: QueryToken { tokens[position] }

  func peek(_ offset: Int = 1) -> QueryToken {
    tokens[Swift.min(position + offset, tokens.count - 1)]
  }

  mutating func advance() {
    if position < tokens.count - 1 { position += 1 }
  }

  /// Words that end a type's name.
  private static let typeEnd: Set<String> = ["where", "and", "or"]

  mutating func query() throws(QueryDiagnostic) -> QuerySyntax {
    let start = current.range
    guard current.kind == .word, !Self.typeEnd.contains(current.keyword) else {
      throw QueryDiagnostic(
        .expectedType, "expected a record type, found \(current.quoted)", range: current.range,
        hint: "for example 'mood', 'reports', 'activity', 'heart rate'")
    }
    var words: [String] = []
    var end = start
    while current.kind == .word, !Self.typeEnd.contains(current.keyword) {
      words.append(current.text)
      end = current.range
      advance()
    }
    let typeRange = start.through(end)
    var condition: ConditionSyntax?
    if current.isWord("where") {
      advance()
      condition = try disjunction()
    }
    return QuerySyntax(
      typeName: words.joined(separator: " "), typeRange: typeRange, condition: condition,
      range: typeRange.through(condition?.range ?? typeRange))
  }

  mutating func disjunction() throws(QueryDiagnostic) -> ConditionSyntax {
    var left = try conjunction()
    while current.isWord("or") {
      advance()
      left = .or(left, try conjunction())
    }
    return left
  }

  mutating func conjunction() throws(QueryDiagnostic) -> ConditionSyntax {
    var left = try negation()
    while current.isWord("and") {
      advance()
      left = .and(left, try negation())
    }
    return left
  }

  mutating func negation() throws(QueryDiagnostic) -> ConditionSyntax {
    guard current.isWord("not") else { return try primary() }
    let start = current.range
    advance()
    let inner = try negation()
    return .not(inner, range: start.through(inner.range))
  }

  mutating func primary() throws(QueryDiagnostic) -> ConditionSyntax {
    if current.isSymbol("(") {
      let open = current.range
      advance()
      if current.isSymbol(")") {
        throw QueryDiagnostic(
          .expectedCondition, "empty parentheses", range: open.through(current.range))
      }
      let inner = try disjunction()
      guard current.isSymbol(")") else {
        throw QueryDiagnostic(
          .unclosedParenthesis, "'(' is never closed; found \(current.quoted)", range: open,
          hint: "add ')' after the condition")
      }
      let close = current.range
      advance()
      return .group(inner, range: open.through(close))
    }
    if let relation = try relation() { return .relation(relation) }
    if let test = try timeTest(attribute: nil, start: current.range) { return .test(test) }
    if current.kind == .string, peek().isWord("in") {
      // `"Alice" in answer("Who are you with?")`: membership, as `has any`.
      let value = ValueSyntax(
        text: current.text, unit: nil, isQuoted: true, range: current.range)
      advance()
      advance()
      let attribute = try attributeName()
      return .test(
        TestSyntax(
          attribute: attribute, op: .hasAny, values: [value],
          range: value.range.through(attribute.range)))
    }
    let attribute = try attributeName()
    return .test(try operatorPhrase(after: attribute))
  }
}
