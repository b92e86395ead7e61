import DispatchKit
import Foundation
import Testing

/// Durations: unit lengths, clock text, parsing and averages
/// (docs/formats/introspective.md#durations, docs/formats/introspective.md#reference-vectors).
struct TimeDurationTests {
  @Test(arguments: [
    (TimeDuration.Unit.second, 1.0), (.minute, 60), (.hour, 3_600), (.day, 86_400),
    (.week, 604_800), (.month, 2_628_000), (.year, 31_536_000), (.nanosecond, 1e-8),
  ])
  func `units have Introspective's lengths`(unit: TimeDuration.Unit, seconds: Double) {
    #expect(unit.seconds == seconds)
    #expect(TimeDuration(2, unit).seconds == 2 * seconds)
    #expect(TimeDuration(2, unit).inUnit(unit) == 2)
  }

  static let texts: [(Double, String)] = [
    (9, "0:00:09"), (59, "0:00:59"), (9 * 60, "0:09:00"), (10 * 60, "0:10:00"),
    (59 * 60, "0:59:00"), (9 * 3_600, "9:00:00"), (23 * 3_600, "23:00:00"),
    (2 * 86_400, "2d 0:00:00"), (0, "0:00:00"), (604_800, "1w 0d 0:00:00"),
    (604_800 + 2 * 86_400 + 10 * 3_600 + 11 * 60 + 12, "1w 2d 10:11:12"),
    (52 * 604_800 + 86_399, "52w 0d 23:59:59"), (-9, "-0:00:09"), (-90_000, "-1d 1:00:00"),
  ]

  @Test(arguments: texts)
  func `the description is a clock with week and day prefixes`(seconds: Double, text: String) {
    #expect(TimeDuration(seconds: seconds).description == text)
  }

  @Test(arguments: texts)
  func `descriptions parse back`(seconds: Double, text: String) {
    #expect(TimeDuration(parsing: text) == TimeDuration(seconds: seconds))
  }

  @Test(arguments: [(9.4, "0:00:09"), (9.5, "0:00:10"), (59.6, "0:01:00"), (-0.4, "0:00:00")])
  func `fractions of a second round to the nearest second`(seconds: Double, text: String) {
    #expect(TimeDuration(seconds: seconds).description == text)
  }

  @Test(arguments: [
    (Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"), (1e20, "1e+20"),
  ])
  func `values beyond a clock print as plain seconds`(seconds: Double, text: String) {
    #expect(TimeDuration(seconds: seconds).description == text)
    #expect(TimeDuration(parsing: text) == nil)
  }

  @Test func `the average of the documented durations`() throws {
    let durations = [
      TimeDuration(4, .day), TimeDuration(8, .hour), TimeDuration(12, .minute),
      TimeDuration(16, .second),
    ]
    #expect(try #require(TimeDuration.average(durations)).description == "1d 2:03:04")
    #expect(TimeDuration.average([]) == nil)
  }

  @Test func `graphs plot hours`() throws {
    let durations = [4.0, 3, 2, 1].map { TimeDuration($0, .hour) }
    #expect(try #require(TimeDuration.average(durations)).hours == 2.5)
    #expect(TimeDuration(90, .minute).hours == 1.5)
  }

  @Test func `arithmetic and ordering work on seconds`() {
    let start = Date(timeIntervalSince1970: 1_000)
    #expect(TimeDuration(from: start, to: start.addingTimeInterval(90)).seconds == 90)
    #expect(TimeDuration(from: start.addingTimeInterval(90), to: start).seconds == -90)
    #expect(TimeDuration(1, .hour) + TimeDuration(30, .minute) == TimeDuration(90, .minute))
    #expect(TimeDuration(1, .hour) - TimeDuration(30, .minute) == TimeDuration(30, .minute))
    #expect(TimeDuration(1, .hour) * 2 == TimeDuration(2, .hour))
    #expect(TimeDuration(1, .hour) / 4 == TimeDuration(15, .minute))
    #expect(TimeDuration(59, .minute) < TimeDuration(1, .hour))
  }

  @Test(arguments: [
    ("20m", 1_200.0), ("1h30m", 5_400), ("1h 30m", 5_400), ("2h", 7_200), ("45s", 45),
    ("1d", 86_400), ("1w2d", 777_600), ("1.5h", 5_400), (".5m", 30), ("0s", 0),
    ("1w 2d 3h 4m 5s", 788_645), (" 20m ", 1_200), ("-20m", -1_200), ("1d 2:03:04", 93_784),
    ("1d2h", 93_600), ("100:00:00", 360_000), ("90m", 5_400),
  ])
  func `compact and clock forms parse`(text: String, seconds: Double) {
    #expect(TimeDuration(parsing: text)?.seconds == seconds)
  }

  @Test(arguments: [
    "", " ", "-", "90", "1.5", "20", "m", "20 m", "20M", "1H", "20min", "30m1h", "1h1h", "1m 2h",
    "1h 0:30:00", "0:30:00 1h", "1:30", "0:60:00", "0:00:60", "0:0:09", ":00:09", "1:00:00:00",
    "-1:00:00:00", "--20m", "+20m", "1e5s", "nan", "nans", "inf", "٣m", "３h", "5.m", "1,5h",
    "20m💊", "💊", String(repeating: "9", count: 400) + "s", "1h\t30m",
  ])
  func `malformed durations and bare numbers are rejected`(text: String) {
    #expect(TimeDuration(parsing: text) == nil)
  }

  @Test func `huge finite amounts parse without overflow`() throws {
    let duration = try #require(TimeDuration(parsing: String(repeating: "9", count: 300) + "s"))
    #expect(duration.seconds.isFinite)
    #expect(duration.description == String(duration.seconds))
  }
}
