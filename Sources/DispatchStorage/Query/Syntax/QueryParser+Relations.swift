/// Relations to other types and tests on a record's time.
extension QueryParser {
  /// A relation, when one starts here.
  mutating func relation() throws(QueryDiagnostic) -> RelationSyntax? {
    let start = current.range
    switch current.keyword {
    case "within":
      advance()
      let amount = try value()
      let kinds: [String: RelationKind] = ["of": .within, "before": .before, "after": .after]
      guard let kind = kinds[current.keyword] else {
        throw QueryDiagnostic(
          .expectedKeyword, "expected 'of', 'before' or 'after', found \(current.quoted)",
          range: current.range, hint: "for example 'within 30 minutes of activity'")
      }
      advance()
      return try finish(kind, amount: amount, start: start)
    case "during", "overlapping", "overlaps":
      advance()
      return try finish(.during, amount: nil, start: start)
    case "same":
      return try sameUnit(start: start)
    case "on", "in":
      guard peek().isWord("same") || (peek().isWord("the") && peek(2).isWord("same")) else {
        return nil
      }
      advance()
      if current.isWord("the") { advance() }
      return try sameUnit(start: start)
    default:
      return nil
    }
  }

  private mutating func sameUnit(start: SourceRange) throws(QueryDiagnostic) -> RelationSyntax {
    try expectWord("same")
    let unit = try value()
    try expectWord("as")
    return try finish(.same, amount: unit, start: start)
  }

  private mutating func finish(_ kind: RelationKind, amount: ValueSyntax?, start: SourceRange)
    throws(QueryDiagnostic) -> RelationSyntax
  {
    let target = try query()
    return RelationSyntax(
      kind: kind, amount: amount, target: target, range: start.through(target.range))
  }

  /// A test on a time (`attribute` nil: the record's own time), when one starts here:
  /// `before 2024-05-01`, `on sat`, `in last 30 days`, `this week`, `today`.
  mutating func timeTest(attribute: AttributeSyntax?, start: SourceRange) throws(QueryDiagnostic)
    -> TestSyntax?
  {
    func test(_ op: TestOperator, _ values: [ValueSyntax], end: SourceRange) -> TestSyntax {
      TestSyntax(attribute: attribute, op: op, values: values, range: start.through(end))
    }
    let token = current
    switch token.keyword {
    case "before", "after", "on":
      guard attribute != nil || !peek().isWord("same") else { return nil }
      advance()
      let value = try value()
      let op: TestOperator =
        token.keyword == "before" ? .before : token.keyword == "after" ? .after : .on
      return test(op, [value], end: value.range)
    case "today", "yesterday":
      advance()
      return test(
        .on, [ValueSyntax(text: token.keyword, unit: nil, isQuoted: false, range: token.range)],
        end: token.range)
    case "this":
      advance()
      let unit = try value()
      return test(.inCurrent, [unit], end: unit.range)
    case "between" where attribute == nil:
      advance()
      let low = try value()
      try expectWord("and")
      let high = try value()
      return test(.between, [low, high], end: high.range)
    case "in":
      let next = peek()
      guard ["last", "past", "the", "this", "current"].contains(next.keyword) else { return nil }
      advance()
      if current.isWord("the") { advance() }
      if current.isWord("this") || current.isWord("current") {
        advance()
        let unit = try value()
        return test(.inCurrent, [unit], end: unit.range)
      }
      guard current.isWord("last") || current.isWord("past") else {
        throw QueryDiagnostic(
          .expectedKeyword, "expected 'last' or 'this', found \(current.quoted)",
          range: current.range, hint: "for example 'in last 30 days'")
      }
      advance()
      let amount = try value()
      if amount.unit == nil, !amount.isQuoted, Double(amount.text) == nil {
        // `in last week`: one of the unit.
        let one = ValueSyntax(text: "1", unit: amount.text, isQuoted: false, range: amount.range)
        return test(.inLast, [one], end: amount.range)
      }
      return test(.inLast, [amount], end: amount.range)
    default:
      return nil
    }
  }
}
