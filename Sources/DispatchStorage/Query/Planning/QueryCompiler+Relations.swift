import Foundation

/// Relations: the time window between a record and another type's records, written so SQLite
/// searches the other type's start index within it for each record (no scan of the other
/// type, however large).
extension QueryCompiler {
  func plan(_ relation: RelationSyntax, outer: QueryRecordType, alias: String, depth: Int)
    throws(QueryDiagnostic) -> PlanRelation
  {
    let target = try plan(relation.target, depth: depth + 1)
    let inner = target.alias
    // The outer record's span [ms, me] and the target's [ts, te]; instants have ms = me.
    let ms = outer.start.on(alias).parenthesized
    let me =
      outer.end.map {
        SQLFragment("coalesce(") + $0.on(alias) + SQLFragment(", ") + ms + SQLFragment(")")
      } ?? ms
    let ts = target.type.start.on(inner).parenthesized
    let te =
      target.type.end.map {
        SQLFragment("coalesce(") + $0.on(inner) + SQLFragment(", ") + ts + SQLFragment(")")
      } ?? ts
    let longest = target.type.longestMilliseconds ?? 0
    let hasEnd = target.type.end != nil
    func minus(_ x: SQLFragment, _ amount: Int64) -> SQLFragment {
      x + SQLFragment(" - ?", [.integer(amount)])
    }
    func plus(_ x: SQLFragment, _ amount: Int64) -> SQLFragment {
      x + SQLFragment(" + ?", [.integer(amount)])
    }
    func between(_ x: SQLFragment, _ low: SQLFragment, _ high: SQLFragment) -> SQLFragment {
      x + SQLFragment(" BETWEEN ") + low + SQLFragment(" AND ") + high
    }
    let and = SQLFragment(" AND ")
    var milliseconds: Int64 = 0
    var unit: Calendar.Component?
    var window: SQLFragment
    switch relation.kind {
    case .within, .before, .after:
      guard let amount = relation.amount else { preconditionFailure("the parser reads an amount") }
      milliseconds = try duration(amount)
      let d = milliseconds
      switch relation.kind {
      case .within:
        // Some end of each is within d of the other, or they overlap.
        window = between(ts, minus(ms, d + longest), plus(me, d))
        if hasEnd { window = window + and + te + SQLFragment(" >= ") + minus(ms, d) }
      case .before:
        // This record ends at most d before the target starts.
        window = between(ts, me, plus(me, d))
      default:
        // This record starts at most d after the target ends.
        window = between(ts, minus(ms, d + longest), ms)
        if hasEnd { window = window + and + between(te, minus(ms, d), ms) }
      }
    case .during:
      window = between(ts, minus(ms, longest), me)
      if hasEnd { window = window + and + te + SQLFragment(" >= ") + ms }
    case .same:
      guard let amount = relation.amount else { preconditionFailure("the parser reads a unit") }
      let word = amount.unit ?? amount.text
      guard let component = CalendarWord.component(word),
        [.day, .weekOfYear, .month, .year].contains(component)
      else {
        throw QueryDiagnostic.unknown(
          .invalidUnit, "'\(word)' is not day, week, month or year", written: word,
          candidates: ["day", "week", "month", "year"], range: amount.range)
      }
      unit = component
      window = sameUnit(
        component, ms: ms, outerOffset: outer.offset.on(alias).parenthesized, ts: ts,
        targetOffset: target.type.offset.on(inner).parenthesized)
    }
    let distance =
      SQLFragment("max(0, ") + ts + SQLFragment(" - ") + me + SQLFragment(", ") + ms
      + SQLFragment(" - ") + te + SQLFragment(")")
    return PlanRelation(
      kind: relation.kind, milliseconds: milliseconds, unit: unit, target: target,
      window: window, distance: distance, range: relation.range)
  }

  /// The same local day, week (from Monday), month or year, each record read in its own
  /// offset; the start-index search covers the unit widened by the largest offsets.
  private func sameUnit(
    _ component: Calendar.Component, ms: SQLFragment, outerOffset: SQLFragment, ts: SQLFragment,
    targetOffset: SQLFragment
  ) -> SQLFragment {
    let margin = Self.offsetMargin
    let outerDay = Self.localDay(ms, offset: outerOffset)
    let targetDay = Self.localDay(ts, offset: targetOffset)
    func key(_ x: SQLFragment, _ offset: SQLFragment, _ format: String) -> SQLFragment {
      SQLFragment("strftime('\(format)', (") + x + SQLFragment(" + ") + offset
        + SQLFragment(" * 1000) / 1000, 'unixepoch')")
    }
    switch component {
    case .day:
      return ts + SQLFragment(" BETWEEN ") + outerDay
        + SQLFragment(" * 86400000 - ?", [.integer(margin)])
        + SQLFragment(" AND ") + outerDay
        + SQLFragment(" * 86400000 + ?", [.integer(Self.day + margin)])
        + SQLFragment(" AND ") + targetDay + SQLFragment(" = ") + outerDay
    case .weekOfYear:
      // 1970-01-01 was a Thursday: day + 3 counts from a Monday.
      let outerWeek =
        SQLFragment("((") + outerDay + SQLFragment(" + 3 - ((") + outerDay
        + SQLFragment(" + 3) % 7 + 7) % 7) / 7)")
      let targetWeek =
        SQLFragment("((") + targetDay + SQLFragment(" + 3 - ((") + targetDay
        + SQLFragment(" + 3) % 7 + 7) % 7) / 7)")
      return ts + SQLFragment(" BETWEEN ") + ms + SQLFragment(" - ?", [.integer(8 * Self.day)])
        + SQLFragment(" AND ") + ms + SQLFragment(" + ?", [.integer(8 * Self.day)])
        + SQLFragment(" AND ") + targetWeek + SQLFragment(" = ") + outerWeek
    default:
      let span: Int64 = component == .month ? 32 : 367
      let format = component == .month ? "%Y-%m" : "%Y"
      return ts + SQLFragment(" BETWEEN ") + ms + SQLFragment(" - ?", [.integer(span * Self.day)])
        + SQLFragment(" AND ") + ms + SQLFragment(" + ?", [.integer(span * Self.day)])
        + SQLFragment(" AND ") + key(ts, targetOffset, format) + SQLFragment(" = ")
        + key(ms, outerOffset, format)
    }
  }
}
