import DispatchCore
import Foundation

/// A wall-clock time as EXIF writes it ("2026:03:04 09:30:00"), without a zone: which moment
/// it names depends on the offset written beside it, or failing that on the user's zone.
package struct PhotoWallTime: Equatable {
  var year: Int
  var month: Int
  var day: Int
  var hour: Int
  var minute: Int
  var second: Int

  /// Parses "YYYY:MM:DD HH:MM:SS"; some writers use "-" or "T", and a fraction may follow.
  /// Nil for the "0000:00:00 00:00:00" cameras write when their clock was never set, and for
  /// any field out of range (Calendar would roll month 13 into the next year instead).
  init?(exif text: String) {
    let numbers = text.split { !("0"..."9").contains($0) }.prefix(6).compactMap { Int($0) }
    guard numbers.count == 6 else { return nil }
    (year, month, day) = (numbers[0], numbers[1], numbers[2])
    (hour, minute, second) = (numbers[3], numbers[4], numbers[5])
    guard (1900...2200).contains(year), (1...12).contains(month), (1...31).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
    else { return nil }
  }

  /// Seconds east of UTC in an EXIF offset ("+05:30", "-05:00"); nil for a blank or odd one.
  static func offsetSeconds(exif text: String) -> Int? {
    guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
    let digits = text.dropFirst().filter { $0 != ":" }
    guard digits.count == 4, digits.allSatisfy({ ("0"..."9").contains($0) }),
      let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
      hours <= 14, minutes < 60
    else { return nil }
    return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
  }

  /// The moment this wall time names in `zone`; nil for a day the month does not have.
  func instant(in zone: TimeZone) -> Instant? {
    let calendar = Calendar.gregorian(in: zone)
    let components = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
    guard let date = calendar.date(from: components),
      calendar.component(.day, from: date) == day
    else { return nil }
    return Instant(date)
  }
}
