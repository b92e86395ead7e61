import Foundation

/// Tests: each attribute kind's operators as SQL over bound values.
extension QueryCompiler {
  func plan(_ test: TestSyntax, type: QueryRecordType, alias: String) throws(QueryDiagnostic)
    -> PlanTest
  {
    let attribute = try attribute(test.attribute, of: type)
    var op = test.op
    // `on sat` on a time means its day of the week.
    if attribute.kind == .instant, op == .on, test.values.count == 1,
      DayName.day(test.values[0].text) != nil, let day = type.attribute(named: "day of week")
    {
      return try planTest(test, attribute: day, op: .equal, alias: alias)
    }
    if attribute.kind == .tags, op == .equal { op = .hasAny }
    guard attribute.kind.operators.contains(op) else {
      let allowed = attribute.kind.operators.map(\.symbol).sorted().joined(separator: ", ")
      throw QueryDiagnostic(
        .operatorNotApplicable,
        "'\(op.symbol)' does not apply to \(attribute.kind.name) attribute '\(attribute.name)'",
        range: test.range, hint: "\(attribute.kind.name) attributes take \(allowed)")
    }
    return try planTest(test, attribute: attribute, op: op, alias: alias)
  }

  private func planTest(
    _ test: TestSyntax, attribute: QueryAttribute, op: TestOperator, alias: String
  ) throws(QueryDiagnostic) -> PlanTest {
    let value = attribute.value.on(alias)
    let sql: SQLFragment
    switch attribute.kind {
    case .tags:
      sql = try tagsTest(op, value, test.values)
    case .place where op == .near:
      sql = try nearTest(attribute, alias: alias, test.values)
    case .text, .place:
      sql = try textTest(op, value, test.values)
    case .choice(let choices):
      let values = try test.values.map { (value) throws(QueryDiagnostic) in
        try choice(value, in: choices)
      }
      let folded = SQLFragment("dispatch_fold(") + value + SQLFragment(")")
      sql = try comparison(op, folded, values.map { .text($0) }, range: test.range)
    case .instant:
      sql = try instantTest(
        op, value, offset: attribute.offset?.on(alias) ?? SQLFragment("0"), test.values,
        range: test.range)
    default:
      let values = try test.values.map { (value) throws(QueryDiagnostic) in
        try scalar(value, kind: attribute.kind)
      }
      if attribute.kind == .timeOfDay, op == .between || op == .notBetween, values.count == 2,
        case .integer(let low) = values[0], case .integer(let high) = values[1], low > high
      {
        // `between 22:00 and 06:00` wraps midnight.
        let wrapped =
          value.parenthesized + SQLFragment(" >= ?", [values[0]]) + SQLFragment(" OR ")
          + value.parenthesized + SQLFragment(" <= ?", [values[1]])
        sql =
          op == .between ? wrapped : SQLFragment("NOT coalesce(") + wrapped + SQLFragment(", 0)")
      } else {
        let compared =
          attribute.kind == .dosage
          ? SQLFragment("dispatch_dosage(") + value + SQLFragment(")") : value
        sql = try comparison(op, compared, values, range: test.range)
      }
    }
    return PlanTest(
      attribute: attribute.name, kind: attribute.kind, sql: sql.parenthesized,
      value: attribute.kind == .tags
        ? SQLFragment("(SELECT group_concat(v, ', ') FROM (") + value + SQLFragment("))") : value,
      range: test.range, index: attribute.index)
  }

  /// Ordering, equality, lists and emptiness of one comparable value.
  func comparison(
    _ op: TestOperator, _ value: SQLFragment, _ operands: [DatabaseValue], range: SourceRange
  ) throws(QueryDiagnostic) -> SQLFragment {
    let x = value.parenthesized
    func binary(_ symbol: String) -> SQLFragment {
      x + SQLFragment(" \(symbol) ?", [operands[0]])
    }
    switch op {
    case .equal: return binary("=")
    case .notEqual: return binary("IS NOT")
    case .less: return binary("<")
    case .lessOrEqual: return binary("<=")
    case .greater: return binary(">")
    case .greaterOrEqual: return binary(">=")
    case .before: return binary("<")
    case .after: return binary(">")
    case .between, .notBetween:
      if Self.isAbove(operands[0], operands[1]) {
        throw QueryDiagnostic(
          .invalidRange, "the range is empty: its first value is above its second",
          range: range, hint: "write the smaller value first")
      }
      let between = x + SQLFragment(" BETWEEN ? AND ?", [operands[0], operands[1]])
      return op == .between ? between : SQLFragment("NOT coalesce(") + between + SQLFragment(", 0)")
    case .inList, .notInList:
      let marks = Array(repeating: "?", count: operands.count).joined(separator: ", ")
      let list = x + SQLFragment(" IN (\(marks))", operands)
      return op == .inList ? list : SQLFragment("NOT coalesce(") + list + SQLFragment(", 0)")
    case .isEmpty: return x + SQLFragment(" IS NULL")
    case .isNotEmpty: return x + SQLFragment(" IS NOT NULL")
    case .isTrue: return SQLFragment("coalesce(") + x + SQLFragment(", 0) != 0")
    case .isFalse: return x + SQLFragment(" = 0")
    default:
      preconditionFailure("operator \(op) reached comparison")
    }
  }

  private func textTest(_ op: TestOperator, _ value: SQLFragment, _ values: [ValueSyntax])
    throws(QueryDiagnostic) -> SQLFragment
  {
    let folded = SQLFragment("dispatch_fold(") + value + SQLFragment(")")
    let texts = values.map { DatabaseValue.text(Self.fold($0.written)) }
    switch op {
    case .equal:
      return SQLFragment("coalesce(") + folded + SQLFragment(", '') = ?", texts)
    case .notEqual:
      return SQLFragment("coalesce(") + folded + SQLFragment(", '') != ?", texts)
    case .contains, .notContains:
      let contains = SQLFragment("instr(") + folded + SQLFragment(", ?) > 0", texts)
      return op == .contains
        ? contains : SQLFragment("NOT coalesce(") + contains + SQLFragment(", 0)")
    case .startsWith, .endsWith:
      let count = Self.fold(values[0].written).count
      let start = op == .startsWith ? "1, \(count)" : "-\(count)"
      return count == 0
        ? SQLFragment("1") : SQLFragment("substr(") + folded + SQLFragment(", \(start)) = ?", texts)
    case .isEmpty: return SQLFragment("coalesce(") + value + SQLFragment(", '') = ''")
    case .isNotEmpty: return SQLFragment("coalesce(") + value + SQLFragment(", '') != ''")
    default:
      return try comparison(op, folded, texts, range: SourceRange(0, 0))
    }
  }

  private func tagsTest(_ op: TestOperator, _ set: SQLFragment, _ values: [ValueSyntax])
    throws(QueryDiagnostic) -> SQLFragment
  {
    let texts = values.map { DatabaseValue.text(Self.fold($0.written)) }
    let marks = Array(repeating: "?", count: texts.count).joined(separator: ", ")
    let exists = SQLFragment("EXISTS (SELECT 1 FROM (") + set + SQLFragment(")")
    switch op {
    case .hasAny: return exists + SQLFragment(" WHERE dispatch_fold(v) IN (\(marks)))", texts)
    case .hasNone:
      return SQLFragment("NOT ") + exists
        + SQLFragment(" WHERE dispatch_fold(v) IN (\(marks)))", texts)
    case .hasAll:
      return SQLFragment.joined(
        texts.map { exists + SQLFragment(" WHERE dispatch_fold(v) = ?)", [$0]) }, separator: " AND "
      )
    case .contains:
      return exists + SQLFragment(" WHERE instr(dispatch_fold(v), ?) > 0)", texts)
    case .isEmpty: return SQLFragment("NOT ") + exists + SQLFragment(")")
    case .isNotEmpty: return exists + SQLFragment(")")
    default: preconditionFailure("operator \(op) reached tags")
    }
  }

  private static func isAbove(_ left: DatabaseValue, _ right: DatabaseValue) -> Bool {
    switch (left, right) {
    case (.integer(let a), .integer(let b)): return a > b
    case (.real(let a), .real(let b)): return a > b
    case (.integer(let a), .real(let b)): return Double(a) > b
    case (.real(let a), .integer(let b)): return a > Double(b)
    case (.text(let a), .text(let b)): return a > b
    default: return false
    }
  }

  /// Texts compare case-folded, as the SQL function `dispatch_fold` folds stored ones.
  static func fold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive], locale: nil)
  }
}
