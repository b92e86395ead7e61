import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The grammar: precedence, relations, tests, and Introspective's parse errors
/// (docs/query-language.md#compared-with-introspective) with stable IDs and ranges.
struct QueryParserTests {
  /// A condition as `and(a, b)`-style text, leaves by attribute name (or `time`).
  private func shape(_ condition: ConditionSyntax?) -> String {
    guard let condition else { return "" }
    switch condition {
    case .and(let left, let right): return "and(\(shape(left)), \(shape(right)))"
    case .or(let left, let right): return "or(\(shape(left)), \(shape(right)))"
    case .not(let inner, _): return "not(\(shape(inner)))"
    case .group(let inner, _): return "(\(shape(inner)))"
    case .test(let test): return test.attribute?.name ?? "time"
    case .relation(let relation):
      return
        "\(relation.kind.rawValue)[\(relation.target.typeName): \(shape(relation.target.condition))]"
    }
  }

  private func parse(_ text: String) throws -> QuerySyntax { try QueryParser.parse(text) }

  @Test(arguments: [
    ("mood where a = 1 and b = 1 or c = 1", "or(and(a, b), c)"),
    ("mood where a = 1 or b = 1 and c = 1", "or(a, and(b, c))"),
    ("mood where not a = 1 or b = 1", "or(not(a), b)"),
    ("mood where a = 1 and (b = 1) or c = 1", "or(and(a, (b)), c)"),
    ("mood where a = 1 and not b = 1 or c = 1", "or(and(a, not(b)), c)"),
    ("mood where not (a = 1 or b = 1)", "not((or(a, b)))"),
    ("mood where (not not a = 1)", "(not(not(a)))"),
    ("mood where a = 1 and not (b = 1 or c = 1)", "and(a, not((or(b, c))))"),
    ("mood where ((a = 1 and b = 1) or c = 1) or d = 1", "or((or((and(a, b)), c)), d)"),
  ])
  func `and binds tighter than or and not tighter than both`(text: String, expected: String)
    throws
  {
    #expect(shape(try parse(text).condition) == expected)
  }

  @Test func `Introspective's pinned mixed expression gets standard precedence`() throws {
    // a&b|((c|d|e)&a)|f: Introspective's stack parser nests it differently
    // (docs/query-language.md#compared-with-introspective).
    let text = "mood where a = 1 and b = 1 or ((c = 1 or d = 1 or e = 1) and a = 1) or f = 1"
    #expect(
      shape(try parse(text).condition)
        == "or(or(and(a, b), (and((or(or(c, d), e)), a))), f)")
  }

  @Test func `a relation's where takes the rest of its group; chains nest`() throws {
    let query = try parse(
      "mood where rating <= 2 and within 30 minutes of activity where name = \"Socializing\"")
    #expect(query.typeName == "mood")
    #expect(shape(query.condition) == "and(rating, within[activity: name])")
    let chained = try parse(
      "heart rate where same day as mood where rating < 2 and same day as body mass where value > 170"
    )
    #expect(
      shape(chained.condition) == "same[mood: and(rating, same[body mass: value])]")
    let closed = try parse("mood where (within 1 hour after workout) and rating < 3")
    #expect(shape(closed.condition) == "and((after[workout: ]), rating)")
  }

  @Test func `relation forms and their amounts`() throws {
    func relation(_ text: String) throws -> RelationSyntax {
      guard case .relation(let relation) = try parse("mood where " + text).condition else {
        throw QueryDiagnostic(.unexpectedToken, "not a relation", range: SourceRange(0, 0))
      }
      return relation
    }
    #expect(try relation("within 30 minutes of steps").amount?.written == "30 minutes")
    #expect(try relation("within an hour before workout").kind == .before)
    #expect(try relation("within an hour before workout").amount?.written == "1 hour")
    #expect(try relation("within 2h after workout").kind == .after)
    #expect(try relation("during activity").kind == .during)
    #expect(try relation("on the same day as workout").kind == .same)
    #expect(try relation("same week as workout").amount?.text == "week")
  }

  @Test func `tests without an attribute are on the record's time`() throws {
    for text in [
      "in last 30 days", "this week", "today", "before 2026-01-01", "after yesterday",
      "on 2026-03-04", "between 2026-01-01 and 2026-02-01", "in the last week",
    ] {
      guard case .test(let test) = try parse("mood where " + text).condition else {
        Issue.record("\(text) is not a test")
        continue
      }
      #expect(test.attribute == nil, "\(text)")
    }
    guard case .test(let last) = try parse("mood where in last week").condition else { return }
    #expect(last.op == .inLast)
    #expect(last.values.first?.written == "1 week")
  }

  @Test(arguments: [
    ("rating <= 2", TestOperator.lessOrEqual), ("rating ≥ 2", .greaterOrEqual),
    ("rating != 2", .notEqual), ("rating <> 2", .notEqual), ("rating between 1 and 2", .between),
    ("rating not between 1 and 2", .notBetween), ("note contains \"x\"", .contains),
    ("note does not contain \"x\"", .notContains), ("note starts with \"x\"", .startsWith),
    ("note ends with \"x\"", .endsWith), ("note is empty", .isEmpty),
    ("note is not empty", .isNotEmpty), ("running is true", .isTrue),
    ("running is not true", .isFalse), ("day of week in (sat, sun)", .inList),
    ("day of week not in (sat)", .notInList), ("tags has any (a, b)", .hasAny),
    ("tags has all (a, b)", .hasAll), ("tags has none (a)", .hasNone), ("tags has a", .hasAny),
    ("\"Alice\" in answer(\"Who are you with?\")", .hasAny), ("time of day after 18:00", .after),
    ("end in last 3 days", .inLast), ("note is \"x\"", .equal),
  ])
  func `operators read as written`(text: String, op: TestOperator) throws {
    guard case .test(let test) = try parse("mood where " + text).condition else {
      Issue.record("not a test: \(text)")
      return
    }
    #expect(test.op == op)
  }

  @Test(arguments: [
    ("", QueryDiagnostic.ID.emptyQuery, 0, 0),
    ("mood where note = \"open", .unterminatedString, 18, 23),
    ("mood where rating # 2", .unexpectedCharacter, 18, 19),
    ("where rating = 2", .expectedType, 0, 5),
    ("mood where", .expectedCondition, 10, 10),
    ("mood where and rating = 2", .expectedCondition, 11, 14),
    ("mood where rating = 2 and", .expectedCondition, 25, 25),
    ("mood where rating = 2 and or rating = 3", .expectedCondition, 26, 28),
    ("mood where not", .expectedCondition, 14, 14),
    ("mood where rating = 2 not", .unexpectedToken, 22, 25),
    ("mood where ()", .expectedCondition, 11, 13),
    ("mood where ( and )", .expectedCondition, 13, 16),
    ("mood where (rating = 2", .unclosedParenthesis, 11, 12),
    ("mood where rating = 2)", .unexpectedToken, 21, 22),
    ("mood where rating = 2 rating = 3", .unexpectedToken, 22, 28),
    ("mood where rating 2", .expectedOperator, 18, 19),
    ("mood where rating between 1", .expectedKeyword, 27, 27),
    ("mood where within 30 minutes activity", .expectedKeyword, 29, 37),
    ("mood where day of week in sat", .expectedValue, 26, 29),
  ])
  func `malformed queries get a stable ID and the offending range`(
    text: String, id: QueryDiagnostic.ID, lower: Int, upper: Int
  ) {
    #expect(throws: QueryDiagnostic.self) { try QueryParser.parse(text) }
    do {
      _ = try QueryParser.parse(text)
    } catch {
      #expect(error.id == id, "\(text): \(error)")
      #expect(error.range == SourceRange(lower, upper), "\(text): \(error)")
    }
  }

  @Test func `a diagnostic renders the line with a caret under the text`() {
    let diagnostic = QueryDiagnostic(
      .unknownType, "unknown record type 'moood'", range: SourceRange(0, 5),
      hint: "did you mean 'mood'?")
    #expect(
      diagnostic.rendered(source: "moood where rating <= 2")
        == """
        error[Q200]: unknown record type 'moood'
          moood where rating <= 2
          ^^^^^
          did you mean 'mood'?
        """)
    #expect(
      diagnostic.description == "error[Q200]: unknown record type 'moood'; did you mean 'mood'?")
  }

  @Test func `typographic quotes and escapes read as texts`() throws {
    guard case .test(let test) = try parse("mood where note = “a \\\"b\\\" c”").condition else {
      Issue.record("not a test")
      return
    }
    #expect(test.values.first?.text == "a \"b\" c")
  }

  @Test func `the parser survives arbitrary text without crashing`() {
    var generator = SplitMix64(seed: 7)
    let pieces = [
      "mood", "where", "and", "or", "not", "(", ")", "\"x", "\"y\"", "rating", "<=", "2", "within",
      "30", "minutes", "of", "between", "in", "last", ",", "has", "any", "same", "day", "as",
      "é", "#", "answer(", "-5", "18:00",
    ]
    for _ in 0..<3_000 {
      let count = Int(generator.next() % 12)
      let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined(separator: " ")
      _ = try? QueryParser.parse(text)
    }
  }
}
