import DispatchCore

/// A target or dimension of a drill-in, as one value per filed report
/// (docs/insights.md#drill-in-rules): nil where the report says nothing about it, so each pairing
/// sees only the reports where both of its variables are known.
enum DrillInValues: Sendable {
  /// Whether a label was answered, or a context held.
  case binary([Bool?])
  /// A number answer or a health metric.
  case numeric([Double?])
}

/// The health metrics a drill-in compares, with their copy (docs/insights.md#drill-in-rules).
enum DrillInMetric: String, Sendable, CaseIterable {
  case sleep
  case steps
  case heartRate
  case restingHeartRate

  /// The dimension name, also the Pearson headline's "your <metric>".
  var noun: String {
    switch self {
    case .sleep: return "sleep"
    case .steps: return "steps"
    case .heartRate: return "average heart rate"
    case .restingHeartRate: return "resting heart rate"
    }
  }

  /// "You slept longer", "You logged fewer steps", "Your resting heart rate ran higher".
  func headline(higher: Bool) -> String {
    switch self {
    case .sleep: return higher ? "You slept longer" : "You slept less"
    case .steps: return higher ? "You logged more steps" : "You logged fewer steps"
    case .heartRate: return "Your average heart rate ran \(higher ? "higher" : "lower")"
    case .restingHeartRate: return "Your resting heart rate ran \(higher ? "higher" : "lower")"
    }
  }

  /// A value without its unit, as the mean detail's "7.2 over 25" and its CI bounds show it.
  func bare(_ value: Double) -> String {
    self == .sleep ? InsightFormat.fixed(value, decimals: 1) : InsightFormat.grouped(value)
  }

  /// The unit a difference and its interval are followed by: "2.0 h", "-2,400 steps",
  /// "4 bpm".
  var unit: String? {
    switch self {
    case .sleep: return "h"
    case .steps: return "steps"
    case .heartRate, .restingHeartRate: return "bpm"
    }
  }

  /// The report's value: sleep as the sum of `sleep*` readings in hours, steps summed, the
  /// heart rates averaged; nil when it has no such reading.
  func value(of readings: [HealthReading]) -> Double? {
    var total = 0.0
    var count = 0
    for reading in readings where reading.value.isFinite && matches(reading.type) {
      total += reading.value
      count += 1
    }
    guard count > 0 else { return nil }
    switch self {
    case .sleep: return total / 3600
    case .steps: return total
    case .heartRate, .restingHeartRate: return total / Double(count)
    }
  }

  private func matches(_ type: String) -> Bool {
    switch self {
    case .sleep: return type.hasPrefix("sleep")
    case .steps: return type == "steps"
    case .heartRate: return type == "heartRateAvg"
    case .restingHeartRate: return type == "restingHeartRate"
    }
  }
}

/// What a drill-in looks for: one binary target per label, or the number answers.
struct DrillInTarget: Sendable {
  /// "Yes", "coding", "Alice"; for a number question its quoted prompt.
  var label: String
  var values: DrillInValues
}

/// A context a target is compared across (the dimensions of docs/insights.md#drill-in-rules).
struct DrillInDimension: Sendable {
  /// "Alice", "Office", "Wi-Fi", "morning", or a metric's noun: names null and short rows.
  var name: String
  /// The headline's phrase: "when Alice was around", "at Office", "in the morning".
  var phrase: String
  /// The rate detail's with-phrase: "with Alice", "at Office", "on Wi-Fi", "in the morning".
  var withPhrase: String
  /// "without", "elsewhere" or "otherwise".
  var withoutWord: String
  /// Set for health metrics, which the binary × numeric copy words differently.
  var metric: DrillInMetric?
  var values: DrillInValues
}
