import Foundation

/// Resolves a parsed query against a registry of types: names to types and attributes,
/// values to what each attribute kind compares, relations to windows over the start index.
public struct QueryCompiler {
  public let registry: QueryTypeRegistry
  public let context: QueryContext
  /// The text the syntax came from (for descriptions).
  let source: [Character]

  /// A compiler for queries written as `source`.
  public init(registry: QueryTypeRegistry, context: QueryContext, source: String) {
    self.registry = registry
    self.context = context
    self.source = Array(source)
  }

  /// Parses and plans `source`.
  public static func plan(
    _ source: String, registry: QueryTypeRegistry, context: QueryContext
  ) throws(QueryDiagnostic) -> QueryPlan {
    let syntax = try QueryParser.parse(source)
    return try QueryCompiler(registry: registry, context: context, source: source)
      .plan(syntax, depth: 0)
  }

  /// The text of `range` as the user wrote it.
  func text(_ range: SourceRange) -> String { range.text(in: source) }

  func plan(_ syntax: QuerySyntax, depth: Int) throws(QueryDiagnostic) -> QueryPlan {
    guard let type = registry.type(named: syntax.typeName) else {
      throw QueryDiagnostic.unknown(
        .unknownType, "unknown record type '\(syntax.typeName)'", written: syntax.typeName,
        candidates: registry.allNames, range: syntax.typeRange,
        otherwise: "'dispatch query types' lists them")
    }
    let alias = "q\(depth)"
    let condition = try syntax.condition.map { (condition) throws(QueryDiagnostic) in
      try node(condition, type: type, alias: alias, depth: depth)
    }
    return QueryPlan(
      type: type, alias: alias, condition: condition, text: text(syntax.range), source: source)
  }

  private func node(
    _ syntax: ConditionSyntax, type: QueryRecordType, alias: String, depth: Int
  ) throws(QueryDiagnostic) -> PlanNode {
    switch syntax {
    case .and(let left, let right):
      return .and(
        try node(left, type: type, alias: alias, depth: depth),
        try node(right, type: type, alias: alias, depth: depth))
    case .or(let left, let right):
      return .or(
        try node(left, type: type, alias: alias, depth: depth),
        try node(right, type: type, alias: alias, depth: depth))
    case .not(let inner, let range):
      return .not(try node(inner, type: type, alias: alias, depth: depth), range: range)
    case .group(let inner, let range):
      return .group(try node(inner, type: type, alias: alias, depth: depth), range: range)
    case .test(let test):
      return .test(try plan(test, type: type, alias: alias))
    case .relation(let relation):
      return .relation(try plan(relation, outer: type, alias: alias, depth: depth))
    }
  }

  /// The attribute a test names; nil means the record's time.
  func attribute(_ syntax: AttributeSyntax?, of type: QueryRecordType) throws(QueryDiagnostic)
    -> QueryAttribute
  {
    guard let syntax else {
      // Every type has its time first (QueryRecordType.init).
      return type.attributes[0]
    }
    if let argument = syntax.argument {
      guard let family = type.family(named: syntax.name) else {
        throw QueryDiagnostic.unknown(
          .unknownFunction, "\(type.plural) have no '\(syntax.name)(…)'", written: syntax.name,
          candidates: type.families.map(\.name), range: syntax.range,
          otherwise: type.families.isEmpty
            ? "\(type.plural) have named attributes only" : nil)
      }
      guard let attribute = family.resolve(argument) else {
        let noun = family.name == "answer" ? "question" : family.name
        throw QueryDiagnostic.unknown(
          .unknownQuestion, "no \(noun) '\(argument)'", written: argument,
          candidates: family.candidates, range: syntax.range,
          otherwise: family.candidates.isEmpty
            ? nil : "'dispatch query types \(type.name)' lists them")
      }
      return attribute
    }
    if let attribute = type.attribute(named: syntax.name) { return attribute }
    var names = type.attributes.map(\.name)
    names += type.families.map { "\($0.name)(…)" }
    throw QueryDiagnostic.unknown(
      .unknownAttribute, "\(type.plural) have no attribute '\(syntax.name)'",
      written: syntax.name, candidates: names, range: syntax.range,
      otherwise: "attributes of \(type.name): " + names.prefix(12).joined(separator: ", "))
  }
}
