import DispatchCore
import Foundation

/// Records as graph samples: the graph commands draw any record type and attribute the query
/// language knows, filtered by any query.
extension QueryEngine {
  /// The attribute `text` names on `type`: a plain attribute (`rating`, `heart rate`) or a
  /// family member (`answer("How happy are you?")`); nil when there is none.
  public func attribute(_ text: String, of type: QueryRecordType) -> QueryAttribute? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
      let name = String(trimmed[..<open]).trimmingCharacters(in: .whitespaces)
      var argument = String(
        trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      )
      .trimmingCharacters(in: .whitespaces)
      let quotes: Set<Character> = ["\"", "'", "“", "”"]
      while let first = argument.first, quotes.contains(first) { argument.removeFirst() }
      while let last = argument.last, quotes.contains(last) { argument.removeLast() }
      return type.family(named: name)?.resolve(argument)
    }
    return type.attribute(named: trimmed)
  }

  /// The records `plan` selects, oldest first, with `attribute`'s value as a graph reads it:
  /// numbers, durations in hours, dosages in base units, times of day in hours; texts, choices
  /// and places as text; tags as lists. Without an attribute every sample has no value (for
  /// counting).
  public func samples(_ plan: QueryPlan, attribute: QueryAttribute?) throws -> [GraphSample] {
    let type = plan.type
    var value = SQLFragment("NULL")
    if let attribute {
      switch attribute.kind {
      case .tags:
        value =
          SQLFragment("(SELECT group_concat(v, char(31)) FROM (") + plan.on(attribute.value)
          + SQLFragment("))")
      case .dosage:
        value = SQLFragment("dispatch_dosage(") + plan.on(attribute.value) + SQLFragment(")")
      default:
        value = plan.on(attribute.value)
      }
    }
    let precision = type.precision.map { plan.on($0) } ?? SQLFragment("NULL")
    let sql =
      SQLFragment("SELECT ") + plan.on(type.start) + SQLFragment(", ") + plan.on(type.offset)
      + SQLFragment(", ") + value + SQLFragment(", ") + precision + SQLFragment(" FROM ")
      + plan.from + SQLFragment(" WHERE ") + plan.predicate + SQLFragment(" ORDER BY 1")
    return try rows(sql).map { row in
      GraphSample(
        start: Instant(milliseconds: row.int64(0) ?? 0), offsetSeconds: row.int(1) ?? 0,
        value: attribute.flatMap { Self.graphValue(row.values[2], kind: $0.kind) },
        isDayOnly: row.string(3) == TimestampPrecision.day.rawValue)
    }
  }

  /// The integer IDs of the records `plan` selects (Health samples, for their day parts).
  public func integerIDs(_ plan: QueryPlan) throws -> Set<Int64> {
    let sql =
      SQLFragment("SELECT ") + plan.on(plan.type.id) + SQLFragment(" FROM ") + plan.from
      + SQLFragment(" WHERE ") + plan.predicate
    return Set(try rows(sql).compactMap { $0.int64(0) })
  }

  static func graphValue(_ value: DatabaseValue, kind: QueryAttributeKind) -> GraphValue? {
    switch value {
    case .null: return nil
    case .integer(let number): return graphValue(number: Double(number), kind: kind)
    case .real(let number): return graphValue(number: number, kind: kind)
    case .text(let text):
      if kind == .tags {
        return .tags(text.split(separator: "\u{1F}").map(String.init))
      }
      if kind == .number, let number = Double(text) { return .number(number) }
      return .text(text)
    case .blob: return nil
    }
  }

  private static func graphValue(number: Double, kind: QueryAttributeKind) -> GraphValue {
    switch kind {
    case .duration: return .number(number / 3_600_000)
    case .timeOfDay: return .number(number / 3600)
    case .instant: return .text(Instant(milliseconds: Int64(number)).iso8601Seconds)
    case .dayOfWeek:
      let index = Int(number)
      return .text(DayOfWeek(rawValue: index)?.name ?? String(index))
    case .text, .place, .choice: return .text(GraphNumber.text(number))
    default: return .number(number)
    }
  }
}
