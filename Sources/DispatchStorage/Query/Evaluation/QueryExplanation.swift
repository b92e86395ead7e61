/// What `--explain` shows: the parsed tree with the count each condition matches on its own,
/// the counts as the top-level conditions combine, and which condition empties the result.
public struct QueryExplanation: Sendable {
  /// One node of the tree.
  public struct Node: Sendable {
    /// `and`, `or`, `not`, `group`, `test` or `relation`.
    public let kind: String
    /// The text the node came from.
    public let text: String
    /// Records of the type this node matches on its own.
    public let count: Int
    public let children: [Node]
    /// For a relation: the other type's own matches, explained the same way (one element).
    let targets: [QueryExplanation]
    /// How a test compares, when that is not obvious ("compares masses only; …").
    public let note: String?

    /// For a relation: the other type's own matches, explained the same way.
    public var target: QueryExplanation? { targets.first }

    init(
      kind: String, text: String, count: Int, children: [Node], target: QueryExplanation?,
      note: String? = nil
    ) {
      self.note = note
      self.kind = kind
      self.text = text
      self.count = count
      self.children = children
      self.targets = target.map { [$0] } ?? []
    }
  }

  /// One step of the top-level `and` chain: the condition and the records left after it
  /// and every condition before it.
  public struct Step: Sendable {
    public let text: String
    public let alone: Int
    public let combined: Int
  }

  /// The expression.
  public let text: String
  /// The type's name and plural.
  public let type: String
  public let plural: String
  /// Every record of the type.
  public let total: Int
  /// The records the whole query selects.
  public let matched: Int
  public let root: Node?
  public let steps: [Step]
  /// The condition after which nothing is left, when the result is empty.
  public let emptiedBy: String?
}

extension QueryEngine {
  /// Explains `plan` against the current data.
  public func explain(_ plan: QueryPlan) throws -> QueryExplanation {
    let total = try count(plan, where: plan.typePredicate)
    let matched = try count(plan)
    var steps: [QueryExplanation.Step] = []
    var emptiedBy: String?
    if let condition = plan.condition {
      var combined = plan.typePredicate
      for conjunct in condition.conjuncts {
        let alone = try count(plan, node: conjunct)
        combined = combined + SQLFragment(" AND ") + conjunct.sql.parenthesized
        let left = try count(plan, where: combined)
        steps.append(.init(text: text(of: conjunct, in: plan), alone: alone, combined: left))
        if left == 0, emptiedBy == nil, total > 0 {
          // A condition that matches nothing on its own is the reason, else the one whose
          // addition left nothing.
          emptiedBy = try firstEmptyLeaf(conjunct, plan: plan) ?? text(of: conjunct, in: plan)
        }
      }
    }
    return QueryExplanation(
      text: plan.text, type: plan.type.name, plural: plan.type.plural, total: total,
      matched: matched, root: try plan.condition.map { try node($0, plan: plan) },
      steps: steps, emptiedBy: emptiedBy)
  }

  private func count(_ plan: QueryPlan, node: PlanNode) throws -> Int {
    try count(plan, where: plan.typePredicate + SQLFragment(" AND ") + node.sql.parenthesized)
  }

  private func firstEmptyLeaf(_ node: PlanNode, plan: QueryPlan) throws -> String? {
    for leaf in node.leaves where try count(plan, node: leaf) == 0 {
      return text(of: leaf, in: plan)
    }
    return nil
  }

  private func node(_ node: PlanNode, plan: QueryPlan) throws -> QueryExplanation.Node {
    let count = try self.count(plan, node: node)
    let text = text(of: node, in: plan)
    switch node {
    case .and:
      return .init(
        kind: "and", text: text, count: count,
        children: try flattened(node, plan: plan, and: true), target: nil)
    case .or:
      return .init(
        kind: "or", text: text, count: count,
        children: try flattened(node, plan: plan, and: false), target: nil)
    case .not(let inner, _):
      return .init(
        kind: "not", text: text, count: count, children: [try self.node(inner, plan: plan)],
        target: nil)
    case .group(let inner, _):
      return try self.node(inner, plan: plan)
    case .test(let test):
      return .init(
        kind: "test", text: text, count: count, children: [], target: nil, note: test.note)
    case .relation(let relation):
      return .init(
        kind: "relation", text: text, count: count, children: [],
        target: try explain(relation.target))
    }
  }

  /// `a and b and c` as three children, not a nested pair.
  private func flattened(_ node: PlanNode, plan: QueryPlan, and: Bool) throws
    -> [QueryExplanation.Node]
  {
    switch (node, and) {
    case (.and(let left, let right), true), (.or(let left, let right), false):
      return try flattened(left, plan: plan, and: and) + flattened(right, plan: plan, and: and)
    default:
      return [try self.node(node, plan: plan)]
    }
  }

  /// The source text of a node.
  func text(of node: PlanNode, in plan: QueryPlan) -> String {
    plan.source(node.range)
  }
}
