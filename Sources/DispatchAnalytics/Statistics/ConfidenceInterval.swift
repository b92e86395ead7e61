/// A two-sided confidence interval for an effect: a mean or rate difference, a correlation.
public struct ConfidenceInterval: Sendable, Equatable {
  /// The lower bound.
  public var lower: Double
  /// The upper bound (never below `lower`).
  public var upper: Double
  /// The confidence level the bounds were computed for, e.g. 0.95.
  public var level: Double

  /// An interval from its bounds and level.
  public init(lower: Double, upper: Double, level: Double) {
    self.lower = lower
    self.upper = upper
    self.level = level
  }

  /// Whether `value` lies within the bounds (inclusive).
  public func contains(_ value: Double) -> Bool {
    lower <= value && value <= upper
  }
}

extension ConfidenceInterval {
  /// Whether `level` is a usable confidence level: strictly between 0 and 1.
  static func isValid(level: Double) -> Bool {
    level > 0 && level < 1
  }

  /// The two-sided normal critical value z with P(|Z| ≤ z) = level, for a valid level.
  static func normalCriticalValue(level: Double) -> Double? {
    guard isValid(level: level) else { return nil }
    return NormalDistribution.quantile(0.5 + level / 2)
  }

  /// An interval from bounds that must be finite; nil otherwise.
  init?(checkedLower lower: Double, upper: Double, level: Double) {
    guard lower.isFinite, upper.isFinite, lower <= upper else { return nil }
    self.init(lower: lower, upper: upper, level: level)
  }
}
