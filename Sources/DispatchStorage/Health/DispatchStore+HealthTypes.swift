import DispatchCore
import Foundation

extension HealthView {
  /// The HealthKit identifier a user means by `name` (`steps`, `Heart Rate`, `StepCount` or the
  /// identifier itself): the catalog's matches, preferring one with stored samples, else a
  /// stored type whose name matches.
  /// - Throws: ``DispatchError`` `.unknownReference` with a suggestion when nothing matches.
  public func resolveHealthType(_ name: String) throws -> String {
    let present = try healthTypes().map(\.type)
    let matches = HealthTypeCatalog.resolve(name).map(\.identifier)
    if let stored = matches.first(where: present.contains) { return stored }
    let folded = Self.fold(name)
    if let stored = present.first(where: {
      Self.fold($0) == folded || Self.fold(HealthTypeCatalog.displayName($0)) == folded
        || Self.fold(Self.suffix($0)) == folded
    }) {
      return stored
    }
    if let first = matches.first { return first }
    let names =
      present.map(HealthTypeCatalog.displayName)
      + HealthTypeCatalog.all.map(\.displayName)
    throw DispatchError(
      .unknownReference,
      "'\(name)' is not a health type" + RecordText.suggestion(name, in: names)
        + "; 'dispatch health types --all' lists them")
  }

  /// The sample types whose series show `type`: blood pressure is its systolic and diastolic
  /// samples (Apple Health stores the reading as a correlation of the two); any other type is
  /// itself.
  public static func seriesTypes(of type: String) -> [String] {
    type == "HKCorrelationTypeIdentifierBloodPressure"
      ? [
        "HKQuantityTypeIdentifierBloodPressureSystolic",
        "HKQuantityTypeIdentifierBloodPressureDiastolic",
      ] : [type]
  }

  private static func fold(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
  }

  /// The identifier without its `HK…TypeIdentifier` prefix.
  private static func suffix(_ identifier: String) -> String {
    for prefix in [
      "HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier",
      "HKDataType",
    ] where identifier.hasPrefix(prefix) {
      return String(identifier.dropFirst(prefix.count))
    }
    return identifier
  }
}

/// A day's activity level: steps and active energy, de-duplicated, with the metric-context
/// notes that limit what it means (docs/health.md#dispatch-health, as Introspective shows them
/// beside Activity Levels).
public struct HealthActivityLevel: Sendable, Equatable {
  public var date: String
  public var steps: Double?
  public var activeEnergy: Double?
  public var energyUnit: String?
  /// Notes for all metrics or for steps, energy or activity that touch this day.
  public var context: [MetricContextEntry]
}

extension HealthView {
  /// Daily activity levels between `from` and `to`, in `zone` where samples carry none.
  public func healthActivityLevels(from: Instant? = nil, to: Instant? = nil, zone: TimeZone)
    throws -> [HealthActivityLevel]
  {
    let steps = try healthSeries(
      type: "HKQuantityTypeIdentifierStepCount", from: from, to: to, zone: zone)
    let energy = try healthSeries(
      type: "HKQuantityTypeIdentifierActiveEnergyBurned", from: from, to: to, zone: zone)
    let stepsByDay = Dictionary(steps.points.map { ($0.date, $0.value) }, uniquingKeysWith: +)
    let energyByDay = Dictionary(energy.points.map { ($0.date, $0.value) }, uniquingKeysWith: +)
    let days = Set(stepsByDay.keys).union(energyByDay.keys).sorted()
    let notes = try store.records.metricContext().filter { entry in
      guard let metric = entry.metric?.lowercased() else { return true }
      return [
        "steps", "step", "active energy", "energy", "activity", "activity levels", "exercise",
      ]
      .contains(metric)
    }
    return days.map { date in
      HealthActivityLevel(
        date: date, steps: stepsByDay[date], activeEnergy: energyByDay[date],
        energyUnit: energy.unit,
        context: notes.filter { Self.touches($0, day: date) })
    }
  }

  /// Whether a note's time range (its `from` day only, when it has no end) meets `day`.
  private static func touches(_ entry: MetricContextEntry, day: String) -> Bool {
    let start = entry.from.local.dateText
    guard let end = entry.to else { return start == day }
    let last = CivilTime(
      milliseconds: end.milliseconds, offsetSeconds: entry.from.utcOffsetSeconds
    ).dateText
    return start <= day && day <= last
  }
}
