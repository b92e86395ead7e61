import DispatchCore
import DispatchStorage
import Foundation

/// Introspective's "Is __ a weekday?" intent (docs/formats/introspective.md#intents): true unless
/// the date is a Saturday or a Sunday.
public enum Weekday {
  /// The date `text` names (`YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`; today in `zone` at
  /// `now`) and whether it is a weekday.
  public static func check(_ text: String, zone: TimeZone, now: Instant) throws(DispatchError)
    -> (date: LocalDate, isWeekday: Bool)
  {
    let today = LocalDate(now, in: zone)
    let date: LocalDate
    switch text.lowercased() {
    case "today": date = today
    case "tomorrow": date = today.adding(days: 1)
    case "yesterday": date = today.adding(days: -1)
    default:
      guard let parsed = LocalDate(parsing: text) else {
        throw DispatchError(
          .invalidValue, "'\(text)' is not a date; use YYYY-MM-DD, today or tomorrow")
      }
      date = parsed
    }
    // 1970-01-01 was a Thursday: ISO weekday 4.
    let isoWeekday = ((date.dayNumber % 7 + 7 + 3) % 7) + 1
    return (date, isoWeekday <= 5)
  }

  /// ``check(_:zone:now:)`` in the store's zone and clock.
  public static func check(_ text: String, in store: DispatchStore, environment: RunEnvironment)
    throws -> (
      date: LocalDate, isWeekday: Bool
    )
  {
    try check(text, zone: ScheduleSettings.load(from: store).zone, now: environment.now())
  }
}
