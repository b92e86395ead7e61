import DispatchCore

/// What `--why ID` shows: one record against each condition of the query, with the values
/// it was judged on.
public struct QueryWhy: Sendable {
  /// One test or relation and how the record fared.
  public struct Leaf: Sendable {
    /// The condition as written.
    public let text: String
    public let met: Bool
    /// The attribute's value, or for a relation the nearest record of the other type.
    public let detail: String
  }

  public let record: QueryRecord
  /// Whether the whole query selects the record.
  public let matches: Bool
  public let leaves: [Leaf]
}

extension QueryEngine {
  /// How record `id` fares against `plan`.
  ///
  /// - Throws: ``QueryDiagnostic`` `Q400` when the type has no record with that ID.
  public func why(_ plan: QueryPlan, id: String) throws -> QueryWhy {
    let byID =
      plan.typePredicate + SQLFragment(" AND ") + plan.on(plan.type.id)
      + SQLFragment(" = ?", [.text(id)])
    guard let record = try records(plan, where: byID, limit: 1).first else {
      throw QueryDiagnostic(
        .unknownRecord, "no \(plan.type.name) with ID '\(id)'", range: SourceRange(0, 0),
        hint: "'dispatch query \"\(plan.type.name)\" --limit 5' shows IDs")
    }
    let matches = try flag(plan, plan.condition?.sql ?? SQLFragment("1"), byID: byID)
    var leaves: [QueryWhy.Leaf] = []
    for leaf in plan.condition?.leaves ?? [] {
      let met = try flag(plan, leaf.sql, byID: byID)
      let detail: String
      switch leaf {
      case .test(let test):
        let value =
          try rows(
            SQLFragment("SELECT ") + test.value + SQLFragment(" FROM ") + plan.from
              + SQLFragment(" WHERE ") + byID
          ).first?.values.first ?? .null
        let text = QueryValueText.text(value, kind: test.kind, offsetSeconds: record.offsetSeconds)
        detail = "\(test.attribute) is " + (text.isEmpty ? "empty" : "'\(text)'")
      case .relation(let relation):
        detail = try nearest(relation, plan: plan, byID: byID)
      default:
        detail = ""
      }
      leaves.append(.init(text: text(of: leaf, in: plan), met: met, detail: detail))
    }
    return QueryWhy(record: record, matches: matches, leaves: leaves)
  }

  private func flag(_ plan: QueryPlan, _ condition: SQLFragment, byID: SQLFragment) throws -> Bool {
    let sql =
      SQLFragment("SELECT coalesce(") + condition + SQLFragment(", 0) FROM ") + plan.from
      + SQLFragment(" WHERE ") + byID
    return (try rows(sql).first?.int(0) ?? 0) != 0
  }

  /// The nearest record of the relation's type that meets its own condition: inside the
  /// window when there is one, else within a week either side.
  private func nearest(_ relation: PlanRelation, plan: QueryPlan, byID: SQLFragment) throws
    -> String
  {
    let target = relation.target
    let head =
      SQLFragment("SELECT ") + target.on(target.type.id) + SQLFragment(", ") + relation.distance
      + SQLFragment(" FROM ") + plan.from + SQLFragment(", ") + target.from
      + SQLFragment(" WHERE ") + byID + SQLFragment(" AND ") + target.predicate
    let week: Int64 = 7 * 86_400_000
    let ms = plan.on(plan.type.start).parenthesized
    let ts = target.on(target.type.start).parenthesized
    let nearby =
      ts + SQLFragment(" BETWEEN ") + ms
      + SQLFragment(" - ? AND ", [.integer(week + (target.type.longestMilliseconds ?? 0))]) + ms
      + SQLFragment(" + ?", [.integer(week)])
    let order = SQLFragment(" ORDER BY 2, 1 LIMIT 1")
    let name = target.type.name
    if let row = try rows(head + SQLFragment(" AND ") + relation.window + order).first {
      return "\(name) \(row.string(0) ?? "") is \(Self.apart(row.int64(1) ?? 0))"
    }
    if let row = try rows(head + SQLFragment(" AND ") + nearby + order).first {
      return "nearest matching \(name), \(row.string(0) ?? ""), is \(Self.apart(row.int64(1) ?? 0))"
    }
    return "no matching \(name) within a week"
  }

  private static func apart(_ milliseconds: Int64) -> String {
    milliseconds <= 0
      ? "at the same time or overlapping"
      : TimeDuration(seconds: Double(milliseconds) / 1000).description + " away"
  }
}
