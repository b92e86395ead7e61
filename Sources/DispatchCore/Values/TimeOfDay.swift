import Foundation

/// A wall-clock time without a date: hour, minute and second
/// (docs/formats/introspective.md#time-of-day).
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// 0…23.
  public let hour: Int
  /// 0…59.
  public let minute: Int
  /// 0…59.
  public let second: Int

  /// The time `hour:minute:second`, or nil when a field is out of range.
  public init?(hour: Int, minute: Int = 0, second: Int = 0) {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
      return nil
    }
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The local wall-clock time of `date` in `calendar`'s time zone, sub-seconds dropped.
  ///
  /// Comparing a date with a time of day (docs/formats/introspective.md#time-of-day: hour, then
  /// minute, then second, sub-seconds ignored) is comparing `TimeOfDay(date:calendar:)` with it.
  public init(date: Date, calendar: Calendar) {
    let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
    // A Gregorian calendar always yields these fields in range; clamp rather than trust.
    hour = min(max(parts.hour ?? 0, 0), 23)
    minute = min(max(parts.minute ?? 0, 0), 59)
    second = min(max(parts.second ?? 0, 0), 59)
  }

  /// Reads `9`, `9:30`, `21:30:15`, `9:30 pm`, `9pm` the way Introspective does
  /// (docs/formats/introspective.md#time-of-day).
  ///
  /// The characters a, p, m and spaces are stripped from both ends (ignoring case), the rest is
  /// split on `:` into hour[:minute[:second]] of ASCII digits, and when the text contains `pm`
  /// an hour below 12 gains 12. **Quirk kept:** nothing handles `am`, so `12 am` and `12:30 am`
  /// stay 12 (noon), exactly as Introspective stored them. Unlike Introspective this rejects
  /// empty text, more than three fields, signs and out-of-range fields (`25:00`, `9:60`).
  public init?(parsing text: String) {
    let lower = text.lowercased()
    let stripped = lower.trimmingCharacters(in: CharacterSet(charactersIn: "apm "))
    let fields = stripped.split(separator: ":", omittingEmptySubsequences: false)
    guard !stripped.isEmpty, fields.count <= 3 else { return nil }
    var numbers: [Int] = []
    for field in fields {
      guard !field.isEmpty, field.count <= 2, field.allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = Int(field)
      else { return nil }
      numbers.append(number)
    }
    var hour = numbers[0]
    if lower.contains("pm") && hour < 12 { hour += 12 }
    self.init(
      hour: hour, minute: numbers.count > 1 ? numbers[1] : 0,
      second: numbers.count > 2 ? numbers[2] : 0)
  }

  /// Seconds since midnight, 0…86,399.
  public var secondsSinceMidnight: Int { hour * 3_600 + minute * 60 + second }

  /// `H:MM`, or `H:MM:SS` when the second is not 0: `9:05`, `21:30:15`.
  ///
  /// The 24-hour clock with an unpadded hour, matching the `H:mm:ss` of Introspective's default
  /// date format (docs/formats/introspective.md#dates-in-text); seconds are dropped when zero
  /// because most times of day are typed without them. ``init(parsing:)`` reads every description
  /// back.
  public var description: String {
    var text = String(hour) + ":" + twoDigits(minute)
    if second != 0 { text += ":" + twoDigits(second) }
    return text
  }

  /// Ordered by hour, then minute, then second.
  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
    lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
  }

  private func twoDigits(_ value: Int) -> String {
    value < 10 ? "0" + String(value) : String(value)
  }
}
