import Foundation

/// Parses the date arguments of commands such as `reports list --from`.
public enum DateArgument {
  /// Parses `YYYY-MM-DD` (that local day in `zone`), `today`, `yesterday`, `Nd` (N days
  /// ago), or an ISO-8601 instant. With `endOfDay`, a day names its end (the next midnight),
  /// so `--to 2026-07-08` includes the whole day.
  public static func parse(_ text: String, zone: TimeZone, now: Instant, endOfDay: Bool)
    -> Instant?
  {
    if let parsed = Instant.parseISO8601(text) { return parsed.instant }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let day: Date?
    switch text.lowercased() {
    case "today": day = calendar.startOfDay(for: now.date)
    case "yesterday":
      day = calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now.date))
    default:
      if text.hasSuffix("d"), let count = Int(text.dropLast()), count >= 0 {
        day = calendar.date(byAdding: .day, value: -count, to: calendar.startOfDay(for: now.date))
      } else {
        day = localDay(text, calendar: calendar)
      }
    }
    guard var start = day else { return nil }
    if endOfDay, let next = calendar.date(byAdding: .day, value: 1, to: start) {
      start = next
    }
    return Instant(start)
  }

  /// The start of a `YYYY-MM-DD` day, or nil when the text is not a real date.
  public static func localDay(_ text: String, calendar: Calendar) -> Date? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    let components = DateComponents(year: year, month: month, day: day)
    guard let date = calendar.date(from: components),
      calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month
    else { return nil }
    // A day that starts at 01:00 (a DST change at midnight) still starts at its first instant.
    return calendar.startOfDay(for: date)
  }
}
