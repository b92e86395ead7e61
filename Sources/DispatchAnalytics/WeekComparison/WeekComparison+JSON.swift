import DispatchCore
import DispatchSupport

extension WeekComparison {
  /// `YYYY-MM-DD` of the local day of `instant` at `offset` seconds.
  public static func dayLabel(_ instant: Instant, offset: Int) -> String {
    GraphTimeKey.label(instant.localDay(offsetSeconds: offset), .day)
  }

  /// `metric`, `earlier` and `later` (each with its figures, daily means and context),
  /// `weekdays` and `matchedDifference`.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("metric", .string(metric))
    object.set("earlier", Self.json(earlier))
    object.set("later", Self.json(later))
    object.set(
      "weekdays",
      .array(
        weekdays.map { day in
          var item = JSONObjectBuilder()
          item.set("weekday", .string(day.weekday))
          item.set("earlier", Self.number(day.earlier))
          item.set("later", Self.number(day.later))
          item.set("difference", Self.number(day.difference))
          return item.value
        }))
    if let matched = matchedDifference {
      var item = JSONObjectBuilder()
      item.set("mean", .double(matched.mean))
      item.set("days", matched.days)
      object.set("matchedDifference", item.value)
    } else {
      object.set("matchedDifference", .null)
    }
    return object.value
  }

  private static func number(_ value: Double?) -> JSONValue {
    value.map { JSONValue.double($0) } ?? .null
  }

  private static func json(_ week: Week) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("first", .string(GraphTimeKey.label(week.firstDay, .day)))
    object.set("last", .string(GraphTimeKey.label(week.firstDay + 6, .day)))
    object.set("entries", week.entries)
    object.set("daysWithData", week.daysWithData)
    object.set("dayBalancedMean", number(week.dayBalancedMean))
    object.set("entryMean", number(week.entryMean))
    object.set("dailyMeans", .array(week.dailyMeans.map(number)))
    if let distribution = week.distribution {
      var item = JSONObjectBuilder()
      item.set("minimum", .double(distribution.minimum))
      item.set("lowerQuartile", .double(distribution.lowerQuartile))
      item.set("median", .double(distribution.median))
      item.set("upperQuartile", .double(distribution.upperQuartile))
      item.set("maximum", .double(distribution.maximum))
      if let counts = distribution.valueCounts {
        item.set(
          "counts",
          .array(
            counts.map { entry in
              var count = JSONObjectBuilder()
              count.set("value", .double(entry.value))
              count.set("count", entry.count)
              return count.value
            }))
      }
      object.set("distribution", item.value)
    } else {
      object.set("distribution", .null)
    }
    object.set(
      "context",
      .array(
        week.context.map { entry in
          var item = JSONObjectBuilder()
          item.set(
            "from", .string(dayLabel(entry.from.instant, offset: entry.from.utcOffsetSeconds)))
          item.set("metric", entry.metric.map { JSONValue.string($0) } ?? .null)
          item.set("note", .string(entry.note))
          return item.value
        }))
    return object.value
  }
}
