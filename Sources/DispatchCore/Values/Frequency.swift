/// A calendar unit a frequency can be counted per (docs/formats/introspective.md#frequency).
public enum FrequencyUnit: String, CaseIterable, Sendable, Hashable {
  case nanosecond, second, minute, hour, day, week, month, quarter, year

  /// Introspective's nanoseconds per minute: 6,000,000,000.
  ///
  /// Quirk kept on purpose (docs/formats/introspective.md#frequency): the true value is 6e10, but
  /// Introspective's constant is 6e9 and its tests pin "once per second = 1e-8 per nanosecond";
  /// stored frequencies were computed with it, so Dispatch must convert the same way to compare and
  /// re-export them identically.
  public static let nanosecondsPerMinute: Double = 6_000_000_000

  /// How many minutes one unit lasts, as Introspective counts them
  /// (docs/formats/introspective.md#frequency).
  ///
  /// A year is 525,600 minutes (365 days), a quarter a fourth and a month a twelfth of that; a
  /// nanosecond is `1 / nanosecondsPerMinute`, i.e. ten times too long (the quirk above).
  public var minutesPerUnit: Double {
    switch self {
    case .nanosecond: return 1 / Self.nanosecondsPerMinute
    case .second: return 1 / 60
    case .minute: return 1
    case .hour: return 60
    case .day: return 1_440
    case .week: return 10_080
    case .month: return 525_600 / 12
    case .quarter: return 525_600 / 4
    case .year: return 525_600
    }
  }

  /// The lower-case English name used in text: `day`, `week`, `nanosecond`.
  public var name: String { rawValue }
}

/// How often something happens: a number of times per calendar unit, e.g. `2 times per week`.
///
/// Frequencies compare, hash and combine by their normalised times-per-minute
/// (docs/formats/introspective.md#frequency), so 1 per day == 7 per week.
public struct Frequency: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// How many times per `unit`.
  public var timesPerUnit: Double
  /// The unit counted per.
  public var unit: FrequencyUnit

  /// `timesPerUnit` times per `unit`.
  public init(timesPerUnit: Double, unit: FrequencyUnit) {
    self.timesPerUnit = timesPerUnit
    self.unit = unit
  }

  /// Reads text such as `2 times per week` or `0.4 times per hour`
  /// (docs/formats/introspective.md#frequency).
  ///
  /// The unit is the first of nanosecond, second, minute, hour, day, week, month, quarter, year
  /// whose name occurs anywhere in the text, ignoring case (so `nanoseconds` is a nanosecond,
  /// not a second, and `Monday` means per day). The number is what is left after deleting every
  /// character but ASCII digits and `.`; it must then be a plain number
  /// (docs/formats/introspective.md#numbers-in-text). Because of that deletion `-2 times per day`
  /// reads as 2, `1/2 per day` as 12 and `1e5 per day` as 15, exactly as in Introspective. Nil
  /// without a unit name, without digits, or for a non-finite number.
  public init?(parsing text: String) {
    let lower = text.lowercased()
    guard let unit = FrequencyUnit.allCases.first(where: { lower.contains($0.name) }) else {
      return nil
    }
    let kept = text.unicodeScalars.filter { ("0"..."9").contains($0) || $0 == "." }
    let number = String(String.UnicodeScalarView(kept))
    guard isPlainNumber(number), let times = Double(number), times.isFinite else { return nil }
    self.init(timesPerUnit: times, unit: unit)
  }

  /// `1 time per day`, `2 times per week`, `0.4 times per hour`
  /// (docs/formats/introspective.md#frequency): no trailing `.0`, and "times" whenever the count is
  /// not exactly 1.
  public var description: String {
    let noun = timesPerUnit == 1 ? "time" : "times"
    return timesPerUnit.introspectiveText + " " + noun + " per " + unit.name
  }

  /// The same frequency counted per minute, the space all comparisons and arithmetic use.
  public var timesPerMinute: Double {
    // Written as Introspective does (multiply for nanoseconds, divide otherwise) so the
    // floating-point results match stored values bit for bit.
    unit == .nanosecond
      ? timesPerUnit * FrequencyUnit.nanosecondsPerMinute : timesPerUnit / unit.minutesPerUnit
  }

  /// How many times per `other` unit: 1 per second is 60 per minute and 1e-8 per nanosecond.
  public func per(_ other: FrequencyUnit) -> Double {
    other == .nanosecond
      ? timesPerMinute / FrequencyUnit.nanosecondsPerMinute : timesPerMinute * other.minutesPerUnit
  }

  /// The same frequency re-expressed per `other`.
  public func converted(to other: FrequencyUnit) -> Frequency {
    Frequency(timesPerUnit: per(other), unit: other)
  }

  /// Equal when the times per minute are equal: 1 per day == 7 per week.
  public static func == (lhs: Frequency, rhs: Frequency) -> Bool {
    lhs.timesPerMinute == rhs.timesPerMinute
  }

  /// Ordered by times per minute.
  public static func < (lhs: Frequency, rhs: Frequency) -> Bool {
    lhs.timesPerMinute < rhs.timesPerMinute
  }

  /// Hashes the times per minute, so equal frequencies in different units hash alike.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(timesPerMinute)
  }

  /// The sum, per the left operand's unit: 1 per day + 7 per week = 2 per day.
  public static func + (lhs: Frequency, rhs: Frequency) -> Frequency {
    combined(lhs, rhs.timesPerMinute, +)
  }

  /// The difference, per the left operand's unit.
  public static func - (lhs: Frequency, rhs: Frequency) -> Frequency {
    combined(lhs, rhs.timesPerMinute, -)
  }

  /// The frequency scaled by `factor`, per the same unit.
  public static func * (lhs: Frequency, factor: Double) -> Frequency {
    combined(lhs, factor, *)
  }

  /// The frequency scaled by `factor`, per the same unit.
  public static func * (factor: Double, rhs: Frequency) -> Frequency {
    rhs * factor
  }

  /// The frequency divided by `divisor`, per the same unit; dividing by 0 gives an infinite count.
  public static func / (lhs: Frequency, divisor: Double) -> Frequency {
    combined(lhs, divisor, /)
  }

  /// Applies `operation` in per-minute space and re-expresses the result per `lhs.unit`
  /// (docs/formats/introspective.md#frequency).
  private static func combined(
    _ lhs: Frequency, _ right: Double, _ operation: (Double, Double) -> Double
  ) -> Frequency {
    Frequency(timesPerUnit: operation(lhs.timesPerMinute, right), unit: .minute)
      .converted(to: lhs.unit)
  }
}

extension Frequency {
  /// The frequency an EasyPill export's "Frequency" column means
  /// (docs/formats/introspective.md#easypill-medications).
  ///
  /// `daily` is 1 per day, `weekly` 1 per week, `every hour` 1 per hour, and `every N hours`,
  /// `every N days` or `every N weeks` is 1/N per hour, day or week, N being the first number in
  /// the text (`every 2.5 hours` → 0.4 per hour). `as needed` and anything else, including an
  /// `every` text without a number or with N = 0 (Introspective would store an infinite
  /// frequency), has no frequency. Matching is exact and case-sensitive, as EasyPill writes
  /// these texts itself.
  public static func easyPill(_ text: String) -> Frequency? {
    switch text {
    case "daily": return Frequency(timesPerUnit: 1, unit: .day)
    case "weekly": return Frequency(timesPerUnit: 1, unit: .week)
    case "every hour": return Frequency(timesPerUnit: 1, unit: .hour)
    default: break
    }
    guard text.hasPrefix("every") else { return nil }
    let unit: FrequencyUnit
    if text.hasSuffix("weeks") {
      unit = .week
    } else if text.hasSuffix("days") {
      unit = .day
    } else if text.hasSuffix("hours") {
      unit = .hour
    } else {
      return nil
    }
    guard let number = PlainNumber.firstNumber(in: text), let interval = Double(number),
      interval > 0, interval.isFinite
    else { return nil }
    return Frequency(timesPerUnit: 1 / interval, unit: unit)
  }

  /// Whether `text` is a complete EasyPill frequency, the test the EasyPill importer's column
  /// re-alignment uses (step 3 in docs/formats/introspective.md#easypill-medications).
  ///
  /// True for exactly `as needed`, `daily` or `weekly`, or for text starting with `every` and
  /// ending with `hour`, `hours`, `days` or `weeks`. Note `every 2 hour` passes this test although
  /// ``easyPill(_:)`` gives it no frequency, as in Introspective.
  public static func isEasyPillFrequency(_ text: String) -> Bool {
    if text == "as needed" || text == "daily" || text == "weekly" { return true }
    return text.hasPrefix("every")
      && ["hour", "hours", "days", "weeks"].contains(where: { text.hasSuffix($0) })
  }
}
