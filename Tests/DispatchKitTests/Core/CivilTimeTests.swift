import DispatchKit
import Testing

/// Calendar fields computed without Foundation's calendar.
struct CivilTimeTests {
  @Test(arguments: CivilCase.all)
  func `instants break into calendar fields`(_ test: CivilCase) {
    let civil = CivilTime(milliseconds: test.milliseconds, offsetSeconds: test.offsetSeconds)
    #expect(civil.iso8601(fraction: true, zone: "") == test.local)
    #expect(civil.isoWeekday == test.isoWeekday)
  }

  @Test(arguments: [
    (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 2, 29, 11_016), (2000, 3, 1, 11_017),
    (1900, 3, 1, -25_508), (2026, 7, 8, 20_642), (1, 1, 1, -719_162), (2100, 3, 1, 47_541),
  ])
  func `dates count days from the epoch`(year: Int, month: Int, day: Int, days: Int) {
    #expect(CivilTime.days(year: year, month: month, day: day) == days)
    let civil = CivilTime(milliseconds: Int64(days) * 86_400_000, offsetSeconds: 0)
    #expect([civil.year, civil.month, civil.day] == [year, month, day])
  }

  @Test func `the day before a leap day and after it are one day apart from it`() {
    #expect(
      CivilTime.days(year: 2024, month: 3, day: 1) - CivilTime.days(year: 2024, month: 2, day: 28)
        == 2)
    #expect(
      CivilTime.days(year: 2023, month: 3, day: 1) - CivilTime.days(year: 2023, month: 2, day: 28)
        == 1)
    #expect(
      CivilTime.days(year: 1900, month: 3, day: 1) - CivilTime.days(year: 1900, month: 2, day: 28)
        == 1)
  }

  @Test func `date and clock texts are zero padded`() {
    let civil = CivilTime(milliseconds: 951_782_400_007, offsetSeconds: -3_600)
    #expect(civil.dateText == "2000-02-28")
    #expect(civil.clockText == "23:00")
    #expect(civil.iso8601(fraction: false, zone: "-01:00") == "2000-02-28T23:00:00-01:00")
  }

  @Test func `years before 1000 are padded to four digits, milliseconds to three`() {
    let civil = CivilTime(milliseconds: -59_011_545_599_993, offsetSeconds: 0)
    #expect(civil.dateText == "0099-12-31")
    #expect(civil.iso8601(fraction: true, zone: "Z") == "0099-12-31T00:00:00.007Z")
    let late = CivilTime(milliseconds: 253_402_300_799_999, offsetSeconds: 0)
    #expect(late.iso8601(fraction: true, zone: "+00:00") == "9999-12-31T23:59:59.999+00:00")
    #expect(late.clockText == "23:59")
  }
}

extension CivilTimeTests {
  /// An instant at an offset and its local fields.
  struct CivilCase: Sendable, CustomTestStringConvertible {
    let id: String
    let milliseconds: Int64
    let offsetSeconds: Int
    /// Local date-time with milliseconds, no zone.
    let local: String
    /// 1 = Monday … 7 = Sunday.
    let isoWeekday: Int

    var testDescription: String { id }

    static let all: [CivilCase] = [
      CivilCase(
        id: "the epoch", milliseconds: 0, offsetSeconds: 0, local: "1970-01-01T00:00:00.000",
        isoWeekday: 4),
      CivilCase(
        id: "one millisecond before the epoch", milliseconds: -1, offsetSeconds: 0,
        local: "1969-12-31T23:59:59.999", isoWeekday: 3),
      CivilCase(
        id: "the epoch west of UTC", milliseconds: 0, offsetSeconds: -3_600,
        local: "1969-12-31T23:00:00.000", isoWeekday: 3),
      CivilCase(
        id: "a week before the epoch", milliseconds: -7 * 86_400_000, offsetSeconds: 0,
        local: "1969-12-25T00:00:00.000", isoWeekday: 4),
      CivilCase(
        id: "the last moment of a 1960 leap day", milliseconds: -310_435_200_001, offsetSeconds: 0,
        local: "1960-02-29T23:59:59.999", isoWeekday: 1),
      CivilCase(
        id: "a leap day", milliseconds: 1_709_208_000_000, offsetSeconds: 0,
        local: "2024-02-29T12:00:00.000", isoWeekday: 4),
      CivilCase(
        id: "a leap day reached through an offset", milliseconds: 1_709_208_000_000,
        offsetSeconds: -13 * 3_600, local: "2024-02-28T23:00:00.000", isoWeekday: 3),
      CivilCase(
        id: "a century leap day", milliseconds: 951_782_400_000, offsetSeconds: 0,
        local: "2000-02-29T00:00:00.000", isoWeekday: 2),
      CivilCase(
        id: "the planner vector's instant in Paris", milliseconds: 1_783_510_722_810,
        offsetSeconds: 7_200, local: "2026-07-08T13:38:42.810", isoWeekday: 3),
      CivilCase(
        id: "year one", milliseconds: -62_135_596_800_000, offsetSeconds: 0,
        local: "0001-01-01T00:00:00.000", isoWeekday: 1),
      CivilCase(
        id: "a Sunday", milliseconds: 1_783_209_600_000, offsetSeconds: 0,
        local: "2026-07-05T00:00:00.000", isoWeekday: 7),
    ]
  }
}
