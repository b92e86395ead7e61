import DispatchCommandLine
import DispatchKit
import Foundation

/// The plain-text lines of `dispatch health`.
enum HealthText {
  static func seriesHeading(_ series: HealthSeries, units: UnitSystem) -> String {
    let how: String
    switch series.aggregation {
    case .cumulative: how = "total, de-duplicated across sources"
    case .categorical: how = "hours"
    case .discrete, .none: how = "average (min–max)"
    }
    return "\(HealthTypeCatalog.displayName(series.type)) per \(series.period.rawValue): \(how)"
      + (series.unit.map { ", " + DisplayMeasure(0, unit: $0, in: units).unit } ?? "")
  }

  static func point(_ point: HealthSeries.Point, of series: HealthSeries, units: UnitSystem)
    -> String
  {
    // Counts pro-rated between sources are whole things (steps, flights): shown rounded.
    let value = series.unit == "count" ? point.value.rounded() : point.value
    func shown(_ value: Double) -> String {
      number(DisplayMeasure(value, unit: series.unit ?? "", in: units).value)
    }
    var line = "\(point.date)  \(shown(value))"
    if let minimum = point.minimum, let maximum = point.maximum {
      line += " (\(shown(minimum))–\(shown(maximum)))"
    }
    if let raw = point.rawSum, series.aggregation == .cumulative, abs(raw - point.value) > 0.5 {
      line += "  · \(shown(raw.rounded())) before de-duplication"
    }
    return line + "  · \(point.count) samples"
  }

  static func workout(_ entry: HealthWorkoutEntry, zone: TimeZone, units: UnitSystem) -> String {
    // In the zone it was recorded in, else the store's.
    let local = entry.timeZone.flatMap(ZoneLookup.zone) ?? zone
    let start = CivilTime(
      milliseconds: entry.start.milliseconds,
      offsetSeconds: local.secondsFromGMT(for: entry.start.date))
    var parts = [
      start.dateText + " " + start.clockText,
      HealthWorkoutActivityTypes.displayName(entry.activityType),
    ]
    if let duration = entry.duration { parts.append(TimeDuration(seconds: duration).description) }
    if let distance = entry.distance {
      parts.append(DisplayMeasure(distance.value, unit: distance.unit, in: units).text)
    }
    if let energy = entry.energy { parts.append("\(number(energy.value)) \(energy.unit)") }
    if let heart = entry.averageHeartRate { parts.append("\(number(heart)) bpm average") }
    if entry.routePoints > 0 { parts.append("route of \(entry.routePoints) points") }
    return parts.joined(separator: "  ")
  }

  static func summary(_ day: HealthActivitySummaryEntry) -> String {
    func ring(_ value: Double?, _ goal: Double?, _ unit: String) -> String {
      "\(value.map(number) ?? "–")/\(goal.map(number) ?? "–") \(unit)"
    }
    return
      "\(day.day)  move \(ring(day.activeEnergy, day.activeEnergyGoal, day.activeEnergyUnit ?? ""))"
      + "  exercise \(ring(day.exerciseMinutes, day.exerciseGoal, "min"))"
      + "  stand \(ring(day.standHours, day.standGoal, "h"))"
  }

  static func level(_ day: HealthActivityLevel) -> String {
    var line = "\(day.date)  \(day.steps.map(number) ?? "–") steps"
    if let energy = day.activeEnergy { line += "  \(number(energy)) \(day.energyUnit ?? "")" }
    for entry in day.context { line += "  [\(entry.metric ?? "all"): \(entry.note)]" }
    return line
  }

  /// The local date of `instant` in `zone`.
  static func day(_ instant: Instant, _ zone: TimeZone) -> String {
    instant.localDateText(in: zone)
  }

  /// Whole numbers grouped (`12,780`), others to one decimal.
  static func number(_ value: Double) -> String { DisplayMeasure.tenths(value) }
}
