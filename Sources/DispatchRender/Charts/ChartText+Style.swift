import DispatchCore

/// Values in an axis's style: plain numbers, or hours as durations through
/// ``DisplayNumber/duration(seconds:)``, the one definition of how Dispatch writes durations.
extension ChartText {
  /// Tick labels for `values` spaced `step` apart, in `style`.
  static func tickLabels(_ values: [Double], step: Double, style: ChartValueStyle) -> [String] {
    switch style {
    case .number: return tickLabels(values, step: step)
    case .hours: return values.map(hours)
    case .clock: return values.map(clock)
    }
  }

  /// One value in `style`, e.g. a reference line's or a bar's.
  static func value(_ value: Double, style: ChartValueStyle) -> String {
    switch style {
    case .number: return self.value(value)
    case .hours: return hours(value)
    case .clock: return clock(value)
    }
  }

  /// `23:30` for 23.5 and `00:30` for 24.5: hours after a midnight, read on a clock.
  static func clock(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let minutes = ((Int((value * 60).rounded()) % 1440) + 1440) % 1440
    func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
  }

  /// `1 h 30 min` for 1.5; a padded axis may reach below zero, so the sign is kept.
  private static func hours(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let text = DisplayNumber.duration(seconds: value.magnitude * 3600)
    return value < 0 && text != "0 s" ? "-" + text : text
  }
}
