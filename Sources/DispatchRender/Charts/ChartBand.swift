/// A shaded range at each x, drawn under an ``XYChart``'s series: e.g. each period's lowest to
/// highest answer around the line of its means.
public struct ChartBand: Sendable, Equatable {
  /// What the band shows, for the legend: `lowest to highest`.
  public var name: String
  public var ranges: [ChartRange]

  public init(name: String, ranges: [ChartRange]) {
    self.name = name
    self.ranges = ranges
  }
}

/// The span from `lower` to `upper` at `x`.
public struct ChartRange: Sendable, Equatable {
  public var x: Double
  public var lower: Double
  public var upper: Double

  public init(x: Double, lower: Double, upper: Double) {
    self.x = x
    self.lower = lower
    self.upper = upper
  }

  var isFinite: Bool { x.isFinite && lower.isFinite && upper.isFinite }
}

/// How an axis's values read: plain numbers, or hours written as durations (`1 h 30 min`)
/// through the one display helper, ``DisplayNumber/duration(seconds:)``.
public enum ChartValueStyle: Sendable, Equatable {
  case number
  case hours
  /// Hours on a clock, written `23:30`; 24.5 is `00:30` (see ``ClockPeriods``).
  case clock
}
