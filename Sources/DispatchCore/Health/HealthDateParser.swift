/// Apple Health's timestamps, `YYYY-MM-DD HH:MM:SS ±HHMM` (25 bytes,
/// docs/formats/apple-health.md#dates-and-time-zones), read by position: no formatter, no
/// allocation. The instant is kept with the offset as written, which in real exports is the phone's
/// offset at export time, not the sample's.
package enum HealthDateParser {
  /// The instant in milliseconds since the epoch and the offset in seconds; nil for anything
  /// else. Also accepted, for hand-made files: `T` for the space, no space before the offset,
  /// `Z`, `+HH:MM`, and no offset at all (read as UTC).
  package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> (
    milliseconds: Int64, offset: Int32
  )? {
    guard text.count >= 19,
      let year = digits(text, 0, 4), text[4] == UInt8(ascii: "-"),
      let month = digits(text, 5, 2), text[7] == UInt8(ascii: "-"),
      let day = digits(text, 8, 2),
      text[10] == UInt8(ascii: " ") || text[10] == UInt8(ascii: "T"),
      let hour = digits(text, 11, 2), text[13] == UInt8(ascii: ":"),
      let minute = digits(text, 14, 2), text[16] == UInt8(ascii: ":"),
      let second = digits(text, 17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
      let offset = offsetSeconds(text, from: 19)
    else { return nil }
    let days = Int64(CivilTime.days(year: year, month: month, day: day))
    let local = ((days * 24 + Int64(hour)) * 60 + Int64(minute)) * 60 + Int64(second)
    return ((local - Int64(offset)) * 1000, offset)
  }

  /// A date only, `YYYY-MM-DD` (activity summaries, date of birth): days since the epoch.
  package static func day(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    guard text.count == 10, let year = digits(text, 0, 4), text[4] == UInt8(ascii: "-"),
      let month = digits(text, 5, 2), text[7] == UInt8(ascii: "-"), let day = digits(text, 8, 2),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    return CivilTime.days(year: year, month: month, day: day)
  }

  private static func digits(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ width: Int)
    -> Int?
  {
    var value = 0
    for index in start..<start + width {
      let digit = Int(text[index]) - 48
      guard digit >= 0 && digit <= 9 else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  /// The offset after the seconds, from `start`: ` -0400`, `-0400`, `-04:00`, `Z` or nothing.
  private static func offsetSeconds(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int32? {
    var index = start
    if index < text.count, text[index] == UInt8(ascii: " ") { index += 1 }
    if index == text.count { return 0 }
    if text[index] == UInt8(ascii: "Z") { return index + 1 == text.count ? 0 : nil }
    let sign: Int32
    switch text[index] {
    case UInt8(ascii: "+"): sign = 1
    case UInt8(ascii: "-"): sign = -1
    default: return nil
    }
    index += 1
    guard let hours = digits(text, index, 2, limit: text.count) else { return nil }
    index += 2
    if index < text.count, text[index] == UInt8(ascii: ":") { index += 1 }
    guard let minutes = digits(text, index, 2, limit: text.count), index + 2 == text.count,
      hours <= 14, minutes < 60
    else { return nil }
    return sign * Int32(hours * 3600 + minutes * 60)
  }

  private static func digits(
    _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ width: Int, limit: Int
  ) -> Int? {
    guard start + width <= limit else { return nil }
    return digits(text, start, width)
  }
}
