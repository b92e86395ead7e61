import Foundation

/// A day of the week, numbered as Introspective does: Sunday = 0 … Saturday = 6
/// (docs/formats/introspective.md#days-of-the-week).
public enum DayOfWeek: Int, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
  case sunday = 0
  case monday, tuesday, wednesday, thursday, friday, saturday

  /// The three-letter English abbreviation: `Sun`, `Mon`, … `Sat`.
  public var abbreviation: String { String(name.prefix(3)) }

  /// The full English name: `Sunday` … `Saturday`.
  public var name: String {
    switch self {
    case .sunday: return "Sunday"
    case .monday: return "Monday"
    case .tuesday: return "Tuesday"
    case .wednesday: return "Wednesday"
    case .thursday: return "Thursday"
    case .friday: return "Friday"
    case .saturday: return "Saturday"
    }
  }

  /// The full name, as Introspective displays a single day.
  public var description: String { name }

  /// Whether the day is a Saturday or a Sunday.
  public var isWeekend: Bool { self == .saturday || self == .sunday }

  /// The first day, in week order from Sunday, whose abbreviation occurs in `text` ignoring
  /// case (docs/formats/introspective.md#days-of-the-week): `Tuesday`, `tue`, `next THU`.
  ///
  /// Containment, not equality, is Introspective's rule, so `Sun or Mon` reads as Sunday and
  /// `Samstag` as nothing; nil when no abbreviation occurs.
  public init?(parsing text: String) {
    let lower = text.lowercased()
    guard let day = Self.allCases.first(where: { lower.contains($0.abbreviation.lowercased()) })
    else { return nil }
    self = day
  }

  /// The day `date` falls on in `calendar`'s time zone
  /// (docs/formats/introspective.md#days-of-the-week: the calendar's weekday − 1).
  ///
  /// Foundation numbers weekdays 1 = Sunday whatever the calendar's first weekday, so this
  /// does not depend on locale.
  public init(date: Date, calendar: Calendar) {
    let weekday = calendar.component(.weekday, from: date)
    self = DayOfWeek(rawValue: weekday - 1) ?? .sunday
  }

  /// Abbreviations in week order, commas between and `or` before the last: `Mon, Wed or Fri`.
  ///
  /// The multi-day display (docs/formats/introspective.md#days-of-the-week); one day is just its
  /// abbreviation and no days the empty string.
  public static func list(_ days: Set<DayOfWeek>) -> String {
    let names = days.sorted().map(\.abbreviation)
    guard let last = names.last else { return "" }
    if names.count == 1 { return last }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }

  /// Ordered Sunday first, as the numbering.
  public static func < (lhs: DayOfWeek, rhs: DayOfWeek) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
