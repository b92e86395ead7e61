import Foundation

/// A figure a day has one value of: the day's steps, flights climbed, hours asleep.
///
/// Its value comes from Apple Health samples where the store has any on that day
/// (de-duplicated across sources), and otherwise from the readings the day's reports carried
/// (docs/health.md#one-figure-per-day). The store's `dayFigures` joins the two; the rule for
/// readings is here.
public enum DayFigure: String, Sendable, CaseIterable {
  case steps
  case flightsClimbed
  /// Hours asleep in the night that ends on the day.
  case sleepHours

  /// The Apple Health type behind the figure.
  public var healthType: String {
    switch self {
    case .steps: return "HKQuantityTypeIdentifierStepCount"
    case .flightsClimbed: return "HKQuantityTypeIdentifierFlightsClimbed"
    case .sleepHours: return "HKCategoryTypeIdentifierSleepAnalysis"
    }
  }

  /// The report reading types the figure is made of.
  public var readingTypes: [String] {
    switch self {
    case .steps: return ["steps"]
    case .flightsClimbed: return ["flightsClimbed"]
    case .sleepHours: return ["sleepCore", "sleepDeep", "sleepREM", "sleepUnspecified"]
    }
  }

  /// The figure per local day from reports' readings, each report on its own local day: step
  /// and flight readings count since the previous report, so a day adds them; each sleep
  /// reading is the whole of last night, so a day takes the report with the most.
  public func dayValues(_ reports: [(day: Int, readings: [(type: String, value: Double)])])
    -> [Int: Double]
  {
    var days: [Int: Double] = [:]
    for report in reports {
      var value: Double?
      for reading in report.readings
      where reading.value.isFinite && readingTypes.contains(reading.type) {
        value = (value ?? 0) + (self == .sleepHours ? reading.value / 3600 : reading.value)
      }
      guard let value else { continue }
      switch self {
      case .steps, .flightsClimbed: days[report.day, default: 0] += value
      case .sleepHours: days[report.day] = max(days[report.day] ?? 0, value)
      }
    }
    return days
  }

  /// ``dayValues(_:)`` of filed reports.
  public func dayValues(of reports: [Report]) -> [Int: Double] {
    dayValues(
      reports.filter { !$0.isDraft }.map { report in
        (
          report.date.localDay(offsetSeconds: report.utcOffsetSeconds),
          report.context.health.map { ($0.type, $0.value) }
        )
      })
  }
}
