import DispatchCore
import DispatchStorage
import DispatchSupport

/// The JSON of stress check-ins and their analyses (`--json` of `dispatch stress …`).
///
/// Field names are stable. Numbers that cannot be computed (a mean without ratings, a trend
/// below its minimum) are `null` rather than absent, so every document has the same shape.
extension StressCheckIn {
  /// `{"id", "time", "timeZone", "precision", "overall", "stressors", "note"}`; each answer is
  /// `{"status": "rated"|"skipped"|"notApplicable", "value": Int|null}`.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("id", id)
    object.set(
      "time",
      time.local.iso8601(fraction: false, zone: offsetDesignator(seconds: time.utcOffsetSeconds)))
    object.set("timeZone", time.timeZoneIdentifier.map(JSONValue.string) ?? .null)
    object.set("precision", time.precision.rawValue)
    object.set("overall", Self.json(overall))
    object.set(
      "stressors",
      .array(
        stressors.map { stressor in
          guard case .object(let members) = Self.json(stressor.answer) else { return .null }
          return .object([("name", .string(stressor.name))] + members)
        }))
    object.set("note", note.map(JSONValue.string) ?? .null)
    return object.value
  }

  static func json(_ answer: StressAnswer) -> JSONValue {
    .object([
      ("status", .string(answer.status)),
      ("value", answer.value.map { .int(Int64($0)) } ?? .null),
    ])
  }
}

extension StressTally {
  /// `{"rated", "skipped", "notApplicable", "average", "highest"}`.
  public var jsonValue: JSONValue {
    .object([
      ("rated", .int(Int64(rated))), ("skipped", .int(Int64(skipped))),
      ("notApplicable", .int(Int64(notApplicable))),
      ("average", average.map { .double(StressText.rounded($0)) } ?? .null),
      ("highest", highest.map { .int(Int64($0)) } ?? .null),
    ])
  }
}

extension StressTrend {
  /// `{"checkIns", "minimumCheckIns", "slopePerWeek"}`.
  public var jsonValue: JSONValue {
    .object([
      ("checkIns", .int(Int64(checkIns))),
      ("minimumCheckIns", .int(Int64(Self.minimumCheckIns))),
      ("slopePerWeek", slopePerWeek.map { .double(StressText.rounded($0)) } ?? .null),
    ])
  }
}

extension StressComparison {
  /// Both windows, then one row for overall stress and one per stressor.
  public var jsonValue: JSONValue {
    func window(_ window: Window) -> JSONValue {
      .object([
        ("from", .string(StressDay.text(window.firstDay))),
        ("to", .string(StressDay.text(window.lastDay))),
        ("checkIns", .int(Int64(window.checkIns))),
      ])
    }
    func row(_ row: Row) -> JSONValue {
      var members: [(String, JSONValue)] = row.name.map { [("name", .string($0))] } ?? []
      members += [
        ("before", row.before.jsonValue), ("after", row.after.jsonValue),
        ("difference", row.difference.map { .double(StressText.rounded($0)) } ?? .null),
      ]
      return .object(members)
    }
    return .object([
      ("days", .int(Int64(days))), ("before", window(before)), ("after", window(after)),
      ("overall", row(overall)), ("stressors", .array(stressors.map(row))),
    ])
  }
}

extension StressSummary {
  /// The range, the items with their trends, and the worst days.
  public var jsonValue: JSONValue {
    func item(_ item: Item) -> JSONValue {
      var members: [(String, JSONValue)] = item.name.map { [("name", .string($0))] } ?? []
      guard case .object(let tally) = item.tally.jsonValue else { return .null }
      members += tally + [("trend", item.trend.jsonValue)]
      return .object(members)
    }
    let days: [JSONValue] = worstDays.map { day in
      .object([
        ("date", .string(day.dateText)), ("highest", .int(Int64(day.highest))),
        ("checkIns", .int(Int64(day.checkIns))), ("notes", .array(day.notes.map { .string($0) })),
      ])
    }
    return .object([
      ("since", .string(StressDay.text(sinceDay))), ("checkIns", .int(Int64(checkIns))),
      ("first", first.map { .string($0.instant.iso8601) } ?? .null),
      ("last", last.map { .string($0.instant.iso8601) } ?? .null),
      ("overall", item(overall)), ("stressors", .array(stressors.map(item))),
      ("worstDays", .array(days)),
    ])
  }
}
