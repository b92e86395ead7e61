import DispatchCore
import Foundation

/// A local calendar day of the demo history, independent of any zone.
struct DemoDate: Hashable, Comparable, Sendable {
  /// Days since 1970-01-01.
  let dayNumber: Int
  let year: Int
  let month: Int
  let day: Int
  /// 1 = Monday … 7 = Sunday.
  let isoWeekday: Int

  init(dayNumber: Int) {
    self.dayNumber = dayNumber
    let civil = CivilTime.civil(fromDays: dayNumber)
    year = civil.year
    month = civil.month
    day = civil.day
    isoWeekday =
      CivilTime(milliseconds: Int64(dayNumber) * 86_400_000, offsetSeconds: 0)
      .isoWeekday
  }

  /// Parses `YYYY-MM-DD` strictly: a date that does not exist (February 30) is refused.
  init?(text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let candidate = DemoDate(dayNumber: CivilTime.days(year: year, month: month, day: day))
    guard candidate.year == year, candidate.month == month, candidate.day == day else {
      return nil
    }
    self = candidate
  }

  /// The day `count` days later (earlier when negative).
  func adding(days count: Int) -> DemoDate {
    DemoDate(dayNumber: dayNumber + count)
  }

  /// Saturday or Sunday.
  var isWeekend: Bool { isoWeekday >= 6 }

  /// `YYYY-MM-DD`.
  var text: String {
    CivilTime(milliseconds: Int64(dayNumber) * 86_400_000, offsetSeconds: 0).dateText
  }

  static func < (lhs: DemoDate, rhs: DemoDate) -> Bool {
    lhs.dayNumber < rhs.dayNumber
  }

  /// Whether the day is a US federal holiday as observed by employers, so the demo person
  /// has days off that are neither weekends nor sick days ("Holiday" in the day-kind question).
  var isUSHoliday: Bool {
    // Fixed-date holidays move to Friday or Monday when they fall on a weekend.
    let fixed = [(1, 1), (6, 19), (7, 4), (12, 25)]
    for year in [year, year + 1] {
      for (month, day) in fixed {
        let actual = DemoDate(dayNumber: CivilTime.days(year: year, month: month, day: day))
        let shift = actual.isoWeekday == 6 ? -1 : (actual.isoWeekday == 7 ? 1 : 0)
        if actual.dayNumber + shift == dayNumber { return true }
      }
    }
    let nth = (day - 1) / 7 + 1
    switch (month, isoWeekday) {
    case (1, 1), (2, 1): return nth == 3  // Martin Luther King Jr. Day, Presidents' Day
    case (5, 1): return day + 7 > 31  // Memorial Day: the last Monday
    case (9, 1): return nth == 1  // Labor Day
    case (11, 4): return nth == 4  // Thanksgiving
    default: return false
    }
  }
}

/// A time zone with the calendar that turns local wall-clock times into instants.
struct DemoZone: Sendable {
  let identifier: String
  let timeZone: TimeZone
  private let calendar: Calendar

  init?(identifier: String) {
    guard let zone = TimeZone(identifier: identifier) else { return nil }
    self.identifier = identifier
    timeZone = zone
    calendar = .gregorian(in: zone)
  }

  /// The instant at wall-clock `minute` of `date` in this zone. Minutes past 1439 fall on the
  /// following days, so a late evening abroad can be written on the day it belongs to.
  ///
  /// Built from local components, never by adding hours to midnight, so 07:30 stays 07:30 on
  /// the day a DST change happens and on the days around it.
  func instant(on date: DemoDate, minute: Int, second: Int = 0, millisecond: Int = 0) -> Instant {
    let local = date.adding(days: minute / 1440)
    let components = DateComponents(
      year: local.year, month: local.month, day: local.day, hour: minute % 1440 / 60,
      minute: minute % 60, second: second)
    let wholeSeconds: Instant
    if let found = calendar.date(from: components) {
      wholeSeconds = Instant(found)
    } else {
      // Unreachable for real dates; read the offset at that wall time instead of crashing.
      let wall = Int64(local.dayNumber) * 86_400 + Int64(minute % 1440 * 60 + second)
      let guess = Date(timeIntervalSince1970: Double(wall))
      wholeSeconds = Instant(
        milliseconds: (wall - Int64(timeZone.secondsFromGMT(for: guess))) * 1000)
    }
    return Instant(milliseconds: wholeSeconds.milliseconds + Int64(millisecond))
  }

  /// Seconds east of UTC at `instant`.
  func offset(at instant: Instant) -> Int {
    timeZone.secondsFromGMT(for: instant.date)
  }
}
