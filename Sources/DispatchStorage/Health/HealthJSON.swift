import DispatchCore
import DispatchSupport

/// The `--json` shapes of `dispatch health` (stable field names; instants ISO-8601 UTC).
public enum HealthJSON {
  /// `{type, count, unit, first, last, displayName}`.
  public static func type(_ summary: HealthTypeSummary) -> JSONValue {
    .object([
      ("type", .string(summary.type)), ("count", .int(Int64(summary.count))),
      ("unit", summary.unit.map(JSONValue.string) ?? .null),
      ("first", .string(summary.first.iso8601)), ("last", .string(summary.last.iso8601)),
      ("displayName", .string(HealthTypeCatalog.displayName(summary.type))),
    ])
  }

  /// A catalog entry, with `present` and `count` from the store.
  public static func catalog(_ info: HealthTypeInfo, count: Int?) -> JSONValue {
    .object([
      ("type", .string(info.identifier)), ("kind", .string(info.kind.rawValue)),
      ("displayName", .string(info.displayName)),
      ("canonicalUnit", info.canonicalUnit.map(JSONValue.string) ?? .null),
      ("aggregation", .string(info.aggregation.rawValue)), ("present", .bool(count != nil)),
      ("count", .int(Int64(count ?? 0))),
    ])
  }

  public static func series(_ series: HealthSeries) -> JSONValue {
    .object([
      ("type", .string(series.type)),
      ("displayName", .string(HealthTypeCatalog.displayName(series.type))),
      ("aggregation", .string(series.aggregation.rawValue)),
      ("unit", series.unit.map(JSONValue.string) ?? .null),
      ("per", .string(series.period.rawValue)),
      (
        "points",
        .array(
          series.points.map { point in
            var members: [(String, JSONValue)] = [
              ("date", .string(point.date)), ("value", .double(point.value)),
              ("count", .int(Int64(point.count))),
            ]
            if let minimum = point.minimum { members.append(("minimum", .double(minimum))) }
            if let maximum = point.maximum { members.append(("maximum", .double(maximum))) }
            if let raw = point.rawSum { members.append(("rawSum", .double(raw))) }
            return .object(members)
          })
      ),
    ])
  }

  public static func workout(_ entry: HealthWorkoutEntry) -> JSONValue {
    func amount(_ pair: (value: Double, unit: String)?) -> JSONValue {
      pair.map { .object([("value", .double($0.value)), ("unit", .string($0.unit))]) } ?? .null
    }
    return .object([
      ("activityType", .string(entry.activityType)),
      ("displayName", .string(HealthWorkoutActivityTypes.displayName(entry.activityType))),
      ("start", .string(entry.start.iso8601)), ("end", .string(entry.end.iso8601)),
      ("durationSeconds", entry.duration.map(JSONValue.double) ?? .null),
      ("distance", amount(entry.distance)), ("activeEnergy", amount(entry.energy)),
      ("averageHeartRate", entry.averageHeartRate.map(JSONValue.double) ?? .null),
      ("source", .string(entry.source)),
      ("timeZone", entry.timeZone.map(JSONValue.string) ?? .null),
      ("routePoints", .int(Int64(entry.routePoints))),
    ])
  }

  public static func summary(_ day: HealthActivitySummaryEntry) -> JSONValue {
    func number(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
    return .object([
      ("date", .string(day.day)), ("activeEnergy", number(day.activeEnergy)),
      ("activeEnergyGoal", number(day.activeEnergyGoal)),
      ("activeEnergyUnit", day.activeEnergyUnit.map(JSONValue.string) ?? .null),
      ("moveTime", number(day.moveTime)), ("moveTimeGoal", number(day.moveTimeGoal)),
      ("exerciseMinutes", number(day.exerciseMinutes)), ("exerciseGoal", number(day.exerciseGoal)),
      ("standHours", number(day.standHours)), ("standGoal", number(day.standGoal)),
    ])
  }

  public static func level(_ day: HealthActivityLevel) -> JSONValue {
    .object([
      ("date", .string(day.date)), ("steps", day.steps.map(JSONValue.double) ?? .null),
      ("activeEnergy", day.activeEnergy.map(JSONValue.double) ?? .null),
      ("activeEnergyUnit", day.energyUnit.map(JSONValue.string) ?? .null),
      (
        "context",
        .array(
          day.context.map { entry in
            .object([
              ("metric", entry.metric.map(JSONValue.string) ?? .null),
              ("note", .string(entry.note)),
            ])
          })
      ),
    ])
  }
}
