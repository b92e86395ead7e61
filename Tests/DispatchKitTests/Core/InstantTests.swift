import DispatchKit
import Foundation
import Testing

/// Millisecond instants: rounding, ISO-8601 formatting and strict parsing.
struct InstantTests {
  @Test(arguments: [
    (1_700_000_000.1234, Int64(1_700_000_000_123)),
    (1_700_000_000.1236, 1_700_000_000_124),
    (0.0005, 1),
    (-0.0005, -1),
    (0.000_499, 0),
    (-0.000_499, 0),
    (1.9996, 2_000),
    (-1.2344, -1_234),
    (0, 0),
  ])
  func `seconds round to the nearest millisecond`(seconds: Double, milliseconds: Int64) {
    #expect(Instant(secondsSince1970: seconds).milliseconds == milliseconds)
  }

  @Test func `dates round to the nearest millisecond`() {
    #expect(
      Instant(Date(timeIntervalSince1970: 1_700_000_000.1234)).milliseconds
        == 1_700_000_000_123)
    #expect(
      Instant(Date(timeIntervalSince1970: 1_700_000_000.1236)).milliseconds
        == 1_700_000_000_124)
  }

  @Test func `an instant converts back to seconds and dates`() {
    let instant = Instant(milliseconds: 1_783_510_722_810)
    #expect(instant.secondsSince1970 == 1_783_510_722.81)
    #expect(instant.date == Date(timeIntervalSince1970: 1_783_510_722.81))
    #expect(instant.adding(seconds: -86_400).milliseconds == 1_783_424_322_810)
    #expect(Instant(milliseconds: 1) < Instant(milliseconds: 2))
    #expect(instant.description == instant.iso8601)
  }

  @Test(arguments: [
    (Int64(1_783_510_722_810), "2026-07-08T11:38:42.810Z", "2026-07-08T11:38:42Z"),
    (0, "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:00Z"),
    (-1, "1969-12-31T23:59:59.999Z", "1969-12-31T23:59:59Z"),
    (951_782_400_007, "2000-02-29T00:00:00.007Z", "2000-02-29T00:00:00Z"),
    (-62_135_596_800_000, "0001-01-01T00:00:00.000Z", "0001-01-01T00:00:00Z"),
    (253_402_300_799_999, "9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59Z"),
  ])
  func `instants format as UTC ISO-8601`(milliseconds: Int64, withFraction: String, plain: String) {
    let instant = Instant(milliseconds: milliseconds)
    #expect(instant.iso8601 == withFraction)
    #expect(instant.iso8601Seconds == plain)
    #expect(Instant.parseISO8601(withFraction)?.instant == instant)
  }

  @Test(arguments: ParseCase.all)
  func `ISO-8601 text parses with its offset`(_ test: ParseCase) throws {
    let parsed = try #require(Instant.parseISO8601(test.text))
    #expect(parsed.instant.milliseconds == test.milliseconds)
    #expect(parsed.offsetSeconds == test.offsetSeconds)
  }

  @Test(arguments: [
    "", "garbage", "2026-07-08", "2026-07-08T11:38", "2026-07-08T11:38:42",
    "2026-07-08 11:38:42Z", "2026-7-08T11:38:42Z", "26-07-08T11:38:42Z",
    "2026-00-08T11:38:42Z", "2026-13-08T11:38:42Z", "2026-07-00T11:38:42Z",
    "2026-07-32T11:38:42Z", "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z",
    "2026-04-31T00:00:00Z", "2026-07-08T24:00:00Z", "2026-07-08T11:60:42Z",
    "2026-07-08T11:38:61Z", "2026-07-08T11:38:42.Z", "2026-07-08T11:38:42.81",
    "2026-07-08T11:38:42+24:00", "2026-07-08T11:38:42+02:60", "2026-07-08T11:38:42+2:00",
    "2026-07-08T11:38:42+02", "2026-07-08T11:38:42Zjunk", "2026-07-08T11:38:42z",
    "2026-07-08T11:38:42 Z", "+2026-07-08T11:38:42Z", "２０２６-07-08T11:38:42Z",
  ])
  func `malformed or out-of-range text is rejected`(text: String) {
    #expect(Instant.parseISO8601(text) == nil)
  }

  @Test(arguments: [
    (0, false, "+00:00"), (0, true, "Z"), (7_200, true, "+02:00"), (-14_400, false, "-04:00"),
    (19_800, false, "+05:30"), (-34_200, false, "-09:30"),
  ])
  func `offsets format as signed hours and minutes`(seconds: Int, zulu: Bool, text: String) {
    #expect(offsetDesignator(seconds: seconds, zulu: zulu) == text)
  }
}

extension InstantTests {
  /// ISO-8601 text and what it parses to.
  struct ParseCase: Sendable, CustomTestStringConvertible {
    let text: String
    let milliseconds: Int64
    let offsetSeconds: Int

    var testDescription: String { text }

    /// 2026-07-08T11:38:42Z.
    private static let base: Int64 = 1_783_510_722_000

    static let all: [ParseCase] = [
      ParseCase(text: "2026-07-08T11:38:42.810Z", milliseconds: base + 810, offsetSeconds: 0),
      ParseCase(text: "2026-07-08T11:38:42Z", milliseconds: base, offsetSeconds: 0),
      ParseCase(text: "2026-07-08T13:38:42+02:00", milliseconds: base, offsetSeconds: 7_200),
      ParseCase(text: "2026-07-08T06:38:42-0500", milliseconds: base, offsetSeconds: -18_000),
      ParseCase(
        text: "2026-07-08T17:08:42.5+05:30", milliseconds: base + 500, offsetSeconds: 19_800),
      ParseCase(text: "2026-07-08T11:38:42+00:00", milliseconds: base, offsetSeconds: 0),
      ParseCase(text: "2026-07-08T11:38:42-00:00", milliseconds: base, offsetSeconds: 0),
      ParseCase(text: "2026-07-08T11:38:42.8104Z", milliseconds: base + 810, offsetSeconds: 0),
      ParseCase(text: "2026-07-08T11:38:42.8105Z", milliseconds: base + 811, offsetSeconds: 0),
      ParseCase(text: "2026-07-08T11:38:42.9999Z", milliseconds: base + 1_000, offsetSeconds: 0),
      ParseCase(text: "2026-07-09T00:38:42+13:00", milliseconds: base, offsetSeconds: 46_800),
      ParseCase(
        text: "2024-02-29T23:59:59-23:59", milliseconds: 1_709_337_539_000, offsetSeconds: -86_340),
      ParseCase(text: "1969-12-31T23:59:59.999Z", milliseconds: -1, offsetSeconds: 0),
    ]
  }
}
