/// Attribute names, operators and values.
extension QueryParser {
  /// Words that begin an operator phrase, so they end an attribute's name.
  static let operatorWords: Set<String> = [
    "is", "in", "not", "between", "contains", "starts", "ends", "has", "before", "after", "on",
    "does", "this", "today", "yesterday", "includes", "near",
  ]

  /// Words that end an attribute's name (`of` does not: `day of week`).
  static let attributeEnd: Set<String> = operatorWords.union([
    "and", "or", "where", "within", "during", "same",
  ])

  /// Words that never serve as a value or a unit.
  static let reserved: Set<String> = [
    "and", "or", "not", "where", "of", "before", "after", "as", "within", "during", "same",
    "in", "is", "between", "contains", "starts", "ends", "has", "on", "this",
  ]

  mutating func attributeName() throws(QueryDiagnostic) -> AttributeSyntax {
    let start = current.range
    guard current.kind == .word, !Self.attributeEnd.contains(current.keyword) else {
      throw QueryDiagnostic(
        .expectedCondition, "expected a condition, found \(current.quoted)",
        range: current.range,
        hint: "a condition is an attribute and a test, e.g. 'rating <= 2', or a relation")
    }
    if peek().isSymbol("(") {
      let name = current.text
      advance()
      advance()
      guard current.kind == .string || current.kind == .word || current.kind == .literal else {
        throw QueryDiagnostic(
          .expectedValue, "expected a quoted name inside \(name)(…)", range: current.range,
          hint: "for example \(name)(\"How happy are you?\")")
      }
      let argument = current.text
      advance()
      guard current.isSymbol(")") else {
        throw QueryDiagnostic(
          .unclosedParenthesis, "expected ')' after the name, found \(current.quoted)",
          range: current.range)
      }
      let end = current.range
      advance()
      return AttributeSyntax(name: name, argument: argument, range: start.through(end))
    }
    var words: [String] = []
    var end = start
    while current.kind == .word, !Self.attributeEnd.contains(current.keyword) {
      words.append(current.text)
      end = current.range
      advance()
    }
    return AttributeSyntax(
      name: words.joined(separator: " "), argument: nil, range: start.through(end))
  }

  mutating func operatorPhrase(after attribute: AttributeSyntax) throws(QueryDiagnostic)
    -> TestSyntax
  {
    var test = try operatorPhraseBody(after: attribute)
    // Through the last token read: `is empty` has no value, a list ends at its `)`.
    test.range = attribute.range.through(previousRange)
    return test
  }

  private mutating func operatorPhraseBody(after attribute: AttributeSyntax)
    throws(QueryDiagnostic) -> TestSyntax
  {
    let start = attribute.range
    // The range is set by `operatorPhrase` once the phrase is read.
    func test(_ op: TestOperator, _ values: [ValueSyntax]) -> TestSyntax {
      TestSyntax(attribute: attribute, op: op, values: values, range: start)
    }
    if current.kind == .symbol, let op = TestOperator(rawValue: current.text),
      ["=", "!=", "<", "<=", ">", ">="].contains(current.text)
    {
      advance()
      return test(op, [try value()])
    }
    if let timed = try timeTest(attribute: attribute, start: start) { return timed }
    let word = current.keyword
    switch word {
    case "between":
      advance()
      return test(.between, try betweenValues())
    case "contains", "includes":
      advance()
      return test(.contains, [try value()])
    case "starts", "ends":
      advance()
      try expectWord("with")
      return test(word == "starts" ? .startsWith : .endsWith, [try value()])
    case "does":
      advance()
      try expectWord("not")
      guard current.isWord("contain") || current.isWord("include") else {
        throw QueryDiagnostic(
          .expectedKeyword, "expected 'contain' after 'does not'", range: current.range)
      }
      advance()
      return test(.notContains, [try value()])
    case "not":
      advance()
      return try negatedPhrase(test)
    case "is":
      advance()
      return try isPhrase(test)
    case "in":
      advance()
      return test(.inList, try list())
    case "near":
      advance()
      var values = try list()
      guard values.count == 2 else {
        throw QueryDiagnostic(
          .expectedValue, "expected a latitude and a longitude: near (52.52, 13.40)",
          range: previousRange)
      }
      if current.isWord("within") {
        advance()
        values.append(try value())
      }
      return test(.near, values)
    case "has":
      advance()
      let quantifiers: [String: TestOperator] = ["any": .hasAny, "all": .hasAll, "none": .hasNone]
      if let op = quantifiers[current.keyword] {
        advance()
        return test(op, try listOrValue())
      }
      return test(.hasAny, [try value()])
    default:
      throw QueryDiagnostic(
        .expectedOperator, "expected a test after '\(attribute.name)', found \(current.quoted)",
        range: current.range,
        hint: "for example '= 3', 'contains \"run\"', 'is empty', 'in (a, b)', 'has any (a, b)'")
    }
  }

  private mutating func negatedPhrase(_ test: (TestOperator, [ValueSyntax]) -> TestSyntax)
    throws(QueryDiagnostic) -> TestSyntax
  {
    switch current.keyword {
    case "between":
      advance()
      return test(.notBetween, try betweenValues())
    case "in":
      advance()
      return test(.notInList, try list())
    case "contains", "includes":
      advance()
      return test(.notContains, [try value()])
    case "empty":
      advance()
      return test(.isNotEmpty, [])
    default:
      throw QueryDiagnostic(
        .expectedOperator, "expected 'between', 'in', 'contains' or 'empty' after 'not'",
        range: current.range, hint: "to negate a whole test, put 'not' before it")
    }
  }

  private mutating func isPhrase(_ test: (TestOperator, [ValueSyntax]) -> TestSyntax)
    throws(QueryDiagnostic) -> TestSyntax
  {
    var negated = false
    if current.isWord("not") {
      negated = true
      advance()
    }
    switch current.keyword {
    case "empty":
      advance()
      return test(negated ? .isNotEmpty : .isEmpty, [])
    case "true", "false":
      let isTrue = (current.keyword == "true") != negated
      advance()
      return test(isTrue ? .isTrue : .isFalse, [])
    default:
      return test(negated ? .notEqual : .equal, [try value()])
    }
  }

  private mutating func betweenValues() throws(QueryDiagnostic) -> [ValueSyntax] {
    let low = try value()
    try expectWord("and")
    return [low, try value()]
  }

  /// The token just read.
  var previousRange: SourceRange { tokens[Swift.max(0, position - 1)].range }

  mutating func expectWord(_ word: String) throws(QueryDiagnostic) {
    guard current.isWord(word) else {
      throw QueryDiagnostic(
        .expectedKeyword, "expected '\(word)', found \(current.quoted)", range: current.range)
    }
    advance()
  }

  /// `(a, b, c)`.
  mutating func list() throws(QueryDiagnostic) -> [ValueSyntax] {
    guard current.isSymbol("(") else {
      throw QueryDiagnostic(
        .expectedValue, "expected a list in parentheses, found \(current.quoted)",
        range: current.range, hint: "for example 'in (sat, sun)'")
    }
    let open = current.range
    advance()
    var values = [try value()]
    while current.isSymbol(",") {
      advance()
      values.append(try value())
    }
    guard current.isSymbol(")") else {
      throw QueryDiagnostic(
        .unclosedParenthesis, "the list is never closed; found \(current.quoted)", range: open,
        hint: "separate values with ',' and end the list with ')'")
    }
    advance()
    return values
  }

  mutating func listOrValue() throws(QueryDiagnostic) -> [ValueSyntax] {
    current.isSymbol("(") ? try list() : [try value()]
  }

  /// One value: a literal (with a unit word after a plain number), a quoted text or a word.
  mutating func value() throws(QueryDiagnostic) -> ValueSyntax {
    let token = current
    switch token.kind {
    case .string:
      advance()
      return ValueSyntax(text: token.text, unit: nil, isQuoted: true, range: token.range)
    case .literal:
      advance()
      // A word after a plain number is its unit (`30 minutes`, `20 mg`), unless a test
      // follows it: then it began the next attribute (`rating = 2 rating = 3`).
      let next = peek()
      let startsTest =
        next.kind == .symbol && next.text != ")" && next.text != ","
        || ["is", "in", "not", "between", "contains", "starts", "ends", "has", "does"]
          .contains(next.keyword)
      if current.kind == .word, !Self.reserved.contains(current.keyword), !startsTest,
        token.text.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" })
      {
        let unit = current
        advance()
        return ValueSyntax(
          text: token.text, unit: unit.text, isQuoted: false, range: token.range.through(unit.range)
        )
      }
      return ValueSyntax(text: token.text, unit: nil, isQuoted: false, range: token.range)
    case .word where !Self.reserved.contains(token.keyword):
      advance()
      // `an hour`, `a day`: one of the unit.
      if token.keyword == "a" || token.keyword == "an", current.kind == .word,
        !Self.reserved.contains(current.keyword)
      {
        let unit = current
        advance()
        return ValueSyntax(
          text: "1", unit: unit.text, isQuoted: false, range: token.range.through(unit.range))
      }
      return ValueSyntax(text: token.text, unit: nil, isQuoted: false, range: token.range)
    default:
      throw QueryDiagnostic(
        .expectedValue, "expected a value, found \(token.quoted)", range: token.range,
        hint: "quote texts: \"…\"")
    }
  }
}
