import DispatchKit
import Foundation
import Testing

/// `--at` / `--ago` parsing, precision and refusals (docs/records.md#when---at-and---ago).
struct RecordTimeArgumentTests {
  /// 2026-03-04T10:00:00Z, a Wednesday.
  let now = Instant(milliseconds: 1_772_618_400_000)

  func resolve(at: String? = nil, ago: String? = nil, zone: String = "UTC") throws -> RecordTime {
    try RecordTimeArgument(at: at, ago: ago).resolve(zone: zone, now: now)
  }

  @Test func `no argument is now, exact`() throws {
    let time = try resolve()
    #expect(time.instant == now)
    #expect(time.precision == .exact)
    #expect(time.timeZoneIdentifier == "UTC")
  }

  @Test(arguments: [
    ("20m", 1_200, TimestampPrecision.minute), ("1h30m", 5_400, .minute), ("3h", 10_800, .hour),
    ("2d", 172_800, .day), ("45s", 45, .minute),
  ])
  func `ago subtracts the time and keeps a precision`(
    text: String, seconds: Int64, precision: TimestampPrecision
  ) throws {
    let time = try resolve(ago: text)
    #expect(time.instant == now.adding(seconds: -seconds))
    #expect(time.precision == precision)
  }

  @Test(arguments: [
    ("09:15", "2026-03-04T09:15:00Z", TimestampPrecision.minute),
    ("yesterday 22:10", "2026-03-03T22:10:00Z", .minute),
    ("2026-03-01", "2026-03-01T00:00:00Z", .day),
    ("2026-03-01 14:05", "2026-03-01T14:05:00Z", .minute),
    ("2026-03-01T14:05", "2026-03-01T14:05:00Z", .minute),
    ("2026-03-04T08:00:00+01:00", "2026-03-04T07:00:00Z", .exact),
    ("yesterday", "2026-03-03T00:00:00Z", .day),
  ])
  func `at reads clock times, dates and ISO-8601`(
    text: String, expected: String, precision: TimestampPrecision
  ) throws {
    let time = try resolve(at: text)
    #expect(time.instant.iso8601Seconds == expected)
    #expect(time.precision == precision)
  }

  @Test func `a clock time is read in the record's zone`() throws {
    let time = try resolve(at: "09:15", zone: "Europe/Berlin")
    #expect(time.instant.iso8601Seconds == "2026-03-04T08:15:00Z")
    #expect(time.utcOffsetSeconds == 3_600)
    #expect(time.localText == "2026-03-04 09:15")
  }

  @Test(arguments: ["today 10:30", "2026-03-05", "tomorrow 09:00"])
  func `future times are refused`(text: String) throws {
    #expect(throws: DispatchError.self) { try resolve(at: text) }
    if text == "today 10:30" {
      let error = try #require(throws: DispatchError.self) { try resolve(at: text) }
      #expect(error.message.contains("'today 10:30' is in the future"))
      #expect(error.kind == .invalidRequest)
    }
  }

  @Test func `a bare clock time later than now is yesterday's`() throws {
    // Now is 2026-03-04 10:00 UTC.
    let time = try resolve(at: "10:30")
    #expect(time.instant.iso8601Seconds == "2026-03-03T10:30:00Z")
    #expect(time.precision == .minute)
    #expect(try resolve(at: "09:59").instant.iso8601Seconds == "2026-03-04T09:59:00Z")
  }

  @Test(arguments: ["20", "soon", "-5m", "1x"])
  func `bad durations are refused`(text: String) throws {
    let error = try #require(throws: DispatchError.self) { try resolve(ago: text) }
    #expect(error.message == "'\(text)' is not a duration; write it like 20m, 1h30m or 2d")
  }

  @Test(arguments: ["25:00", "noon", "2026-02-30", "yesterday at 9"])
  func `bad times are refused`(text: String) throws {
    let error = try #require(throws: DispatchError.self) { try resolve(at: text) }
    #expect(error.message.hasPrefix("'\(text)' is not a time"))
  }

  @Test func `at and ago together are refused`() {
    #expect(throws: DispatchError.self) { try resolve(at: "09:00", ago: "5m") }
  }
}
