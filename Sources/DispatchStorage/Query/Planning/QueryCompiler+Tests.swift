import DispatchCore
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
    var sql: SQLFragment
    var note: String?
    switch attribute.kind {
    case .tags:
      sql = try tagsTest(
        op, value, test.values,
        holders: attribute.holders.map { holders in
          { texts in SQLFragment("\(alias).id IN (") + holders(texts) + SQLFragment(")") }
        })
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
      } else if attribute.kind == .dosage {
        let dimension = try dosageDimension(test.values, range: test.range)
        sql = try comparison(
          op, SQLFragment("dispatch_dosage(") + value + SQLFragment(")"), values,
          range: test.range)
        if let dimension {
          // Across dimensions a comparison is false, negated or not: 1000 IU is not "< 1 kg".
          sql =
            SQLFragment("dispatch_dosage_dimension(") + value
            + SQLFragment(") = ? AND ", [.text(dimension.key)]) + sql.parenthesized
          note = "compares \(dimension) only; other dosages never match"
        }
      } else {
        sql = try comparison(op, value, values, range: test.range)
      }
    }
    return PlanTest(
      attribute: attribute.name, kind: attribute.kind, sql: sql.parenthesized,
      value: attribute.kind == .tags
        ? SQLFragment("(SELECT group_concat(v, ', ') FROM (") + value + SQLFragment("))") : value,
      range: test.range, index: attribute.index, note: note)
  }

  /// The one dimension a dosage test's values share (nil for a test without values).
  /// - Throws: values of different dimensions (`in (1 g, 2 tablets)`).
  private func dosageDimension(_ values: [ValueSyntax], range: SourceRange) throws(QueryDiagnostic)
    -> Dosage.Dimension?
  {
    let dimensions = values.compactMap { Dosage(parsing: $0.written)?.dimension }
    guard let first = dimensions.first else { return nil }
    guard dimensions.allSatisfy({ $0 == first }) else {
      throw QueryDiagnostic(
        .invalidDosage, "these dosages measure different things; compare one kind at a time",
        range: range, hint: "masses (mg, g), volumes (mL), IU and counts (tablets) never compare")
    }
    return first
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
    // Negated tests are false on an empty attribute too (NULL): only `not (…)` turns that
    // into true (docs/query-language.md#attribute-kinds-and-their-operators).
    case .notEqual: return binary("<>")
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
      return op == .between
        ? between : x + SQLFragment(" NOT BETWEEN ? AND ?", [operands[0], operands[1]])
    case .inList, .notInList:
      let marks = Array(repeating: "?", count: operands.count).joined(separator: ", ")
      return x + SQLFragment(op == .inList ? " IN (\(marks))" : " NOT IN (\(marks))", operands)
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
    // An empty text fails every negated test, as an empty number does.
    let nonEmpty = SQLFragment("coalesce(") + value + SQLFragment(", '') != '' AND ")
    switch op {
    case .notInList:
      return nonEmpty + (try comparison(op, folded, texts, range: SourceRange(0, 0))).parenthesized
    case .equal:
      return SQLFragment("coalesce(") + folded + SQLFragment(", '') = ?", texts)
    case .notEqual:
      return nonEmpty + folded + SQLFragment(" != ?", texts)
    case .contains, .notContains:
      let contains = SQLFragment("instr(") + folded + SQLFragment(", ?) > 0", texts)
      return op == .contains ? contains : nonEmpty + SQLFragment("NOT ") + contains
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

  /// A tags test. `holders`, when the attribute has one, says "the record holds one of these
  /// texts" through one list looked up per record.
  private func tagsTest(
    _ op: TestOperator, _ set: SQLFragment, _ values: [ValueSyntax],
    holders: (([DatabaseValue]) -> SQLFragment)?
  ) throws(QueryDiagnostic) -> SQLFragment {
    let texts = values.map { DatabaseValue.text(Self.fold($0.written)) }
    let marks = Array(repeating: "?", count: texts.count).joined(separator: ", ")
    let exists = SQLFragment("EXISTS (SELECT 1 FROM (") + set + SQLFragment(")")
    let holdsAny =
      holders?(texts) ?? exists + SQLFragment(" WHERE dispatch_fold(v) IN (\(marks)))", texts)
    switch op {
    case .hasAny: return holdsAny
    case .hasNone:
      // Some tags, none of them these: no tags at all is an empty attribute, which fails.
      return exists + SQLFragment(") AND NOT ") + holdsAny.parenthesized
    case .hasAll:
      return SQLFragment.joined(
        texts.map { text in
          holders?([text]) ?? exists + SQLFragment(" WHERE dispatch_fold(v) = ?)", [text])
        }, separator: " AND ")
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
