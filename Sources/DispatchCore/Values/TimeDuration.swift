import Foundation

/// A length of time in seconds, as Introspective's `Duration`
/// (docs/formats/introspective.md#durations).
///
/// Named `TimeDuration` so it never shadows the standard library's `Swift.Duration`.
public struct TimeDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// A unit a duration can be built from or measured in, with Introspective's fixed lengths.
  public enum Unit: String, CaseIterable, Sendable, Hashable {
    case nanosecond, second, minute, hour, day, week, month, year

    /// Seconds per unit (docs/formats/introspective.md#durations): a month is 2,628,000 s (365/12
    /// days), a year 31,536,000 s.
    ///
    /// Quirk kept from Introspective (docs/formats/introspective.md#durations): a nanosecond is
    /// listed as 1e-8 s (the true value is 1e-9), so converting a nanosecond count gives the same
    /// number Introspective did.
    public var seconds: Double {
      switch self {
      case .nanosecond: return 1 / 100_000_000
      case .second: return 1
      case .minute: return 60
      case .hour: return 3_600
      case .day: return 86_400
      case .week: return 604_800
      case .month: return 2_628_000
      case .year: return 31_536_000
      }
    }
  }

  /// The length in seconds; negative when an end came before its start.
  public var seconds: Double

  /// A duration of `seconds` seconds.
  public init(seconds: Double) {
    self.seconds = seconds
  }

  /// A duration of `amount` units, e.g. `TimeDuration(4, .day)`.
  public init(_ amount: Double, _ unit: Unit) {
    self.seconds = amount * unit.seconds
  }

  /// The time from `start` to `end`.
  public init(from start: Date, to end: Date) {
    self.seconds = end.timeIntervalSince(start)
  }

  /// The duration measured in `unit`: 90 minutes is 1.5 hours.
  public func inUnit(_ unit: Unit) -> Double {
    seconds / unit.seconds
  }

  /// The duration in hours: the value graphs plot for durations
  /// (docs/formats/introspective.md#durations).
  public var hours: Double { inUnit(.hour) }

  /// The mean of `durations`; nil for an empty list
  /// (docs/formats/introspective.md#reference-vectors).
  public static func average(_ durations: [TimeDuration]) -> TimeDuration? {
    guard !durations.isEmpty else { return nil }
    return TimeDuration(seconds: durations.reduce(0) { $0 + $1.seconds } / Double(durations.count))
  }

  /// Ordered by length.
  public static func < (lhs: TimeDuration, rhs: TimeDuration) -> Bool {
    lhs.seconds < rhs.seconds
  }

  /// The sum of two durations.
  public static func + (lhs: TimeDuration, rhs: TimeDuration) -> TimeDuration {
    TimeDuration(seconds: lhs.seconds + rhs.seconds)
  }

  /// The difference of two durations.
  public static func - (lhs: TimeDuration, rhs: TimeDuration) -> TimeDuration {
    TimeDuration(seconds: lhs.seconds - rhs.seconds)
  }

  /// The duration scaled by `factor`.
  public static func * (lhs: TimeDuration, factor: Double) -> TimeDuration {
    TimeDuration(seconds: lhs.seconds * factor)
  }

  /// The duration divided by `divisor`.
  public static func / (lhs: TimeDuration, divisor: Double) -> TimeDuration {
    TimeDuration(seconds: lhs.seconds / divisor)
  }

  /// Introspective's clock text (docs/formats/introspective.md#durations): `0:00:09`, `0:10:00`,
  /// `23:00:00`, `2d 0:00:00`, `1w 2d 10:11:12`.
  ///
  /// Whole seconds, rounded to the nearest; at least `H:MM:SS` with unpadded hours below 24;
  /// days and weeks as `Nd ` and `Nw ` prefixes, and once a larger unit is shown the smaller
  /// ones stay (`1w 0d 0:00:00`). A negative duration gets a leading `-`. Non-finite values and
  /// magnitudes of 9e18 s or more (beyond a 64-bit second count) are shown as Swift prints the
  /// number of seconds (`nan`, `inf`, `1e+20`), which ``init(parsing:)`` rejects.
  public var description: String {
    let rounded = seconds.rounded()
    guard rounded.isFinite, abs(rounded) < 9e18 else { return String(seconds) }
    var rest = Int64(abs(rounded))
    let weeks = rest / 604_800
    rest %= 604_800
    let days = rest / 86_400
    rest %= 86_400
    var text = rounded < 0 ? "-" : ""
    if weeks > 0 { text += String(weeks) + "w " }
    if weeks > 0 || days > 0 { text += String(days) + "d " }
    return text + String(rest / 3_600) + ":" + twoDigits(rest / 60 % 60) + ":"
      + twoDigits(rest % 60)
  }

  private func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0" + String(value) : String(value)
  }
}

extension TimeDuration {
  /// Reads a duration back from its ``description`` or from the compact form people type.
  ///
  /// Accepted, with an optional leading `-`:
  /// - the clock text of ``description``: `0:00:09`, `2d 0:00:00`, `1w 2d 10:11:12` (any
  ///   number of hour digits; minutes and seconds exactly two digits below 60);
  /// - compact amounts with units `w`, `d`, `h`, `m` (minutes), `s`, largest first, each at most
  ///   once, optionally separated by spaces: `20m`, `1h30m`, `1h 30m`, `1.5h`, `1w2d`;
  /// - `w`/`d` amounts followed by a clock: `1d 2:03:04`.
  ///
  /// A bare number such as `90` is rejected: it could mean seconds, minutes or hours, and a
  /// wrong guess would silently file a wrong value. Units are lower-case only (`M` could be
  /// read as months). Numbers are plain ASCII decimals
  /// (docs/formats/introspective.md#numbers-in-text); the result must be finite.
  public init?(parsing text: String) {
    var body = Substring(text.trimmingCharacters(in: .whitespaces))
    let negative = body.hasPrefix("-")
    if negative { body = body.dropFirst() }
    let tokens = body.split(separator: " ", omittingEmptySubsequences: true)
    guard !tokens.isEmpty else { return nil }
    var total = 0.0
    var smallestRank = Int.max
    for (position, token) in tokens.enumerated() {
      if token.contains(":") {
        // The clock covers hours, minutes and seconds, so it must come last and after w/d only.
        guard position == tokens.count - 1, smallestRank > 3,
          let clock = Self.clockSeconds(token)
        else { return nil }
        total += clock
      } else {
        guard let amount = Self.compactSeconds(token, smallestRank: &smallestRank) else {
          return nil
        }
        total += amount
      }
    }
    guard total.isFinite else { return nil }
    self.init(seconds: negative ? -total : total)
  }

  /// Units of the compact form with their rank (larger units first) and length in seconds.
  private static let compactUnits: [Character: (rank: Int, seconds: Double)] = [
    "w": (5, 604_800), "d": (4, 86_400), "h": (3, 3_600), "m": (2, 60), "s": (1, 1),
  ]

  /// Seconds in a run like `1h30m`; `smallestRank` carries the unit order across tokens.
  private static func compactSeconds(_ token: Substring, smallestRank: inout Int) -> Double? {
    var total = 0.0
    var rest = token[...]
    while !rest.isEmpty {
      let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      rest = rest.dropFirst(number.count)
      guard isPlainNumber(String(number)), let amount = Double(number),
        let symbol = rest.first, let unit = compactUnits[symbol], unit.rank < smallestRank
      else { return nil }
      smallestRank = unit.rank
      total += amount * unit.seconds
      rest = rest.dropFirst()
    }
    return total
  }

  /// Seconds in `H:MM:SS`.
  private static func clockSeconds(_ token: Substring) -> Double? {
    let parts = token.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      !parts[0].isEmpty, parts[1].count == 2, parts[2].count == 2,
      let hours = Double(parts[0]), let minutes = Double(parts[1]), let seconds = Double(parts[2]),
      minutes < 60, seconds < 60
    else { return nil }
    return hours * 3_600 + minutes * 60 + seconds
  }
}
