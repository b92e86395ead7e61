import DispatchCore

/// Reporter CSV's local timestamp, `March 13, 2014 02:58:35pm`
/// (docs/formats/reporter.md#reporter-csv).
///
/// The column carries no zone; its offset is the difference to the GMT column, rounded to the
/// minute, and becomes a fixed-offset zone such as `GMT-0400`, as Dispatch names offsets it
/// reads from Reporter (reporter/v1x-export.json, docs/test-fixtures.md#v1x-exportjson).
public enum ReporterLocalTime {
  private static let months = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  /// The wall-clock time as seconds since 1970 read as if it were UTC, or nil when the text
  /// is not `<Month> <d>, <yyyy> <hh>:<mm>:<ss><am|pm>` (month names full or three letters,
  /// any case; a space before am/pm and a 24-hour clock without am/pm are accepted too).
  public static func wallSeconds(_ text: String) -> Int64? {
    let parts = text.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 4 || parts.count == 5, parts[1].hasSuffix(",") else { return nil }
    let name = parts[0].lowercased()
    guard name.count >= 3,
      let month = months.firstIndex(where: { $0 == name || $0.prefix(3) == name })
    else { return nil }
    guard let day = number(parts[1].dropLast(), digits: 1...2),
      let year = number(parts[2], digits: 4...4)
    else { return nil }
    var clock = parts[3].lowercased()
    if parts.count == 5 {
      let suffix = parts[4].lowercased()
      guard suffix == "am" || suffix == "pm" else { return nil }
      clock += suffix
    }
    var meridiem: String?
    if clock.hasSuffix("am") || clock.hasSuffix("pm") {
      meridiem = String(clock.suffix(2))
      clock = String(clock.dropLast(2))
    }
    let fields = clock.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count == 3, var hour = number(fields[0], digits: 1...2),
      let minute = number(fields[1], digits: 2...2), let second = number(fields[2], digits: 2...2),
      minute < 60, second < 60
    else { return nil }
    if let meridiem {
      // 12:xx am is just after midnight and 12:xx pm just after noon.
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    } else if hour > 23 {
      return nil
    }
    let days = CivilTime.days(year: year, month: month + 1, day: day)
    let civil = CivilTime(milliseconds: Int64(days) * 86_400_000, offsetSeconds: 0)
    guard (1...31).contains(day), civil.month == month + 1, civil.day == day else { return nil }
    return Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
  }

  /// The UTC offset of `local` at `instant`, rounded to the minute.
  public static func offsetSeconds(local: Int64, instant: Instant) -> Int {
    let difference = Double(local) - Double(instant.milliseconds) / 1000
    return Int((difference / 60).rounded()) * 60
  }

  /// A fixed-offset zone identifier, `GMT` for zero and `GMT-0400`-style otherwise, as
  /// Foundation's `TimeZone(secondsFromGMT:)` names them.
  public static func zoneIdentifier(offsetSeconds: Int) -> String {
    guard offsetSeconds != 0 else { return "GMT" }
    let minutes = abs(offsetSeconds) / 60
    let hours = minutes / 60
    let rest = minutes % 60
    return "GMT" + (offsetSeconds < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + String(hours)
      + (rest < 10 ? "0" : "") + String(rest)
  }

  private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
    guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    return Int(text)
  }
}
