/// How a number question is entered (docs/formats/dispatch-v2.md#number-input-styles). Plain typing
/// is `textField`.
public enum NumberInputStyle: String, CaseIterable, Sendable, Codable {
  case textField
  case slider
  case stepper
  case dial
  case tapCounter
  case scale

  /// The range and step a style uses when a question sets none
  /// (docs/formats/dispatch-v2.md#number-input-styles).
  public var defaults: NumberInputConfig {
    switch self {
    case .textField, .slider, .dial:
      return NumberInputConfig(minimum: 0, maximum: 10, step: 1)
    case .stepper, .tapCounter:
      return NumberInputConfig(minimum: 0, maximum: .greatestFiniteMagnitude, step: 1)
    case .scale:
      return NumberInputConfig(minimum: 1, maximum: 5, step: 1)
    }
  }

  /// Resolves a question's stored range against the style's defaults.
  ///
  /// Non-finite stored values are ignored one by one; when the merged range has
  /// `minimum >= maximum` or `step <= 0`, the whole configuration reverts to the defaults.
  public func resolvedConfig(minimum: Double?, maximum: Double?, step: Double?)
    -> NumberInputConfig
  {
    let base = defaults
    func usable(_ value: Double?) -> Double? {
      guard let value, value.isFinite else { return nil }
      return value
    }
    var merged = NumberInputConfig(
      minimum: usable(minimum) ?? base.minimum,
      maximum: usable(maximum) ?? base.maximum,
      step: usable(step) ?? base.step)
    if merged.minimum >= merged.maximum || merged.step <= 0 {
      merged = base
    }
    if self == .scale {
      // A labeled scale draws one dot per step: clamp to ±1e6 and at most 20 dots.
      merged.minimum = min(max(merged.minimum, -1e6), 1e6)
      merged.maximum = min(max(merged.maximum, merged.minimum + merged.step), 1e6)
      let dots = ((merged.maximum - merged.minimum) / merged.step).rounded(.down) + 1
      if dots > NumberInputConfig.maximumScalePoints {
        merged.maximum = merged.minimum + merged.step * (NumberInputConfig.maximumScalePoints - 1)
      }
    }
    return merged
  }
}

/// A resolved number range.
public struct NumberInputConfig: Sendable, Equatable {
  /// The most dots a labeled scale shows.
  public static let maximumScalePoints: Double = 20

  public var minimum: Double
  public var maximum: Double
  public var step: Double

  public init(minimum: Double, maximum: Double, step: Double) {
    self.minimum = minimum
    self.maximum = maximum
    self.step = step
  }

  /// Whether the range has a finite upper end (steppers and tap counters usually do not).
  public var isBounded: Bool { maximum < .greatestFiniteMagnitude }

  /// `value` clamped into the range.
  public func clamped(_ value: Double) -> Double {
    min(max(value, minimum), maximum)
  }

  /// The values of a labeled scale, minimum first.
  public var scalePoints: [Double] {
    guard isBounded else { return [] }
    var points: [Double] = []
    var value = minimum
    while value <= maximum + step / 1000, points.count < Int(Self.maximumScalePoints) {
      points.append(value)
      value += step
    }
    return points
  }
}
