import Foundation

/// A date bound given on the command line: an exact instant, or a calendar day that each
/// record reads in its own local time (docs/store.md#instants-and-local-days: a trip abroad does
/// not shift a person's days).
public enum DateBound: Sendable, Equatable {
  /// An exact instant.
  case instant(Instant)
  /// The start of a local calendar day, as days since 1970-01-01.
  case localDay(Int)
}

/// Parses the date arguments of commands such as `reports list --from`.
public enum DateArgument {
  /// Parses `YYYY-MM-DD`, `today`, `yesterday`, `Nd` (N days ago) — calendar days, with today
  /// taken in `zone` — or an ISO-8601 instant. With `endOfDay`, a day names its end (the next
  /// day's start), so `--to 2026-07-08` includes the whole day.
  public static func parse(_ text: String, zone: TimeZone, now: Instant, endOfDay: Bool)
    -> DateBound?
  {
    if let parsed = Instant.parseISO8601(text) { return .instant(parsed.instant) }
    let today = CivilTime(
      milliseconds: now.milliseconds, offsetSeconds: zone.secondsFromGMT(for: now.date))
    let todayNumber = CivilTime.days(year: today.year, month: today.month, day: today.day)
    var day: Int?
    switch text.lowercased() {
    case "today": day = todayNumber
    case "yesterday": day = todayNumber - 1
    default:
      if text.hasSuffix("d"), let count = Int(text.dropLast()), count >= 0 {
        day = todayNumber - count
      } else {
        day = dayNumber(text)
      }
    }
    guard let day else { return nil }
    return .localDay(endOfDay ? day + 1 : day)
  }

  /// Days since 1970-01-01 of a `YYYY-MM-DD` text, or nil when it is not a real date.
  public static func dayNumber(_ text: String) -> Int? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let number = CivilTime.days(year: year, month: month, day: day)
    let back = CivilTime(milliseconds: Int64(number) * 86_400_000, offsetSeconds: 0)
    return back.month == month && back.day == day ? number : nil
  }
}
