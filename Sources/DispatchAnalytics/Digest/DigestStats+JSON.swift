import DispatchCore
import DispatchSupport

extension DigestStats {
  /// `summary` (the narrative), the period and its window, then every figure behind it.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("summary", .string(summary))
    object.set("period", .string(period.rawValue))
    object.set("start", .string(window.start.iso8601))
    object.set("end", .string(window.end.iso8601))
    object.set("reportCount", reportCount)
    object.set("priorPeriodReportCount", priorPeriodReportCount)
    object.set("topTokens", Self.json(topTokens))
    object.set("topPeople", Self.json(topPeople))
    object.set("topPlaces", Self.json(topPlaces))
    object.set(
      "numericAverages",
      .array(
        numericAverages.map { average in
          var entry = JSONObjectBuilder()
          entry.set("prompt", .string(average.prompt))
          entry.set("mean", .double(average.mean))
          entry.set("count", average.count)
          return entry.value
        }))
    object.set("valenceAverage", valenceAverage.map { JSONValue.double($0) } ?? .null)
    object.set("priorValenceAverage", priorValenceAverage.map { JSONValue.double($0) } ?? .null)
    object.set("stepsTotal", .double(stepsTotal))
    object.set("workoutCount", workoutCount)
    object.set("workoutSeconds", .double(workoutSeconds))
    object.set("streakDays", streakDays)
    object.set("topInsights", .array(topInsights.map(\.jsonValue)))
    return object.value
  }

  private static func json(_ counts: [Count]) -> JSONValue {
    .array(
      counts.map { count in
        var entry = JSONObjectBuilder()
        entry.set("name", .string(count.name))
        entry.set("count", count.count)
        return entry.value
      })
  }
}
