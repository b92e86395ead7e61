import DispatchKit
import Foundation
import Testing

/// Times of day: Introspective's lenient parsing with its 12 am quirk
/// (docs/formats/introspective.md#time-of-day).
struct TimeOfDayTests {
  @Test(arguments: [
    ("9", 9, 0, 0), ("9:30", 9, 30, 0), ("21:30:15", 21, 30, 15), ("9:30 pm", 21, 30, 0),
    ("9pm", 21, 0, 0), ("9 PM", 21, 0, 0), ("9:30 am", 9, 30, 0), ("12 pm", 12, 0, 0),
    ("12 am", 12, 0, 0), ("12:30 am", 12, 30, 0), ("0:00", 0, 0, 0), ("00:05", 0, 5, 0),
    ("0 pm", 12, 0, 0), (" 7:05:09 ", 7, 5, 9), ("23:59:59", 23, 59, 59), ("pm 3", 15, 0, 0),
    ("13 pm", 13, 0, 0),
  ])
  func `text parses as hour, minute and second`(
    text: String, hour: Int, minute: Int, second: Int
  ) throws {
    let time = try #require(TimeOfDay(parsing: text))
    #expect(time.hour == hour)
    #expect(time.minute == minute)
    #expect(time.second == second)
  }

  @Test(arguments: [
    "", " ", "am", "pm", "25:00", "24:00", "9:60", "9:00:60", "-1:00", "+9", "9:", ":30",
    "9::30", "1:2:3:4", "nine", "9.30", "٣:00", "９:00", "9:30 a.m.", "🕘", "999999999999999999999",
    "123", "9:5000",
  ])
  func `malformed or out-of-range text is rejected`(text: String) {
    #expect(TimeOfDay(parsing: text) == nil)
  }

  @Test func `fields are validated`() {
    #expect(TimeOfDay(hour: 24) == nil)
    #expect(TimeOfDay(hour: -1) == nil)
    #expect(TimeOfDay(hour: 1, minute: 60) == nil)
    #expect(TimeOfDay(hour: 1, second: 60) == nil)
    #expect(TimeOfDay(hour: 23, minute: 59, second: 59)?.secondsSinceMidnight == 86_399)
  }

  @Test(arguments: [
    (9, 5, 0, "9:05"), (21, 30, 15, "21:30:15"), (0, 0, 0, "0:00"), (12, 0, 1, "12:00:01"),
  ])
  func `the description omits zero seconds and parses back`(
    hour: Int, minute: Int, second: Int, text: String
  ) throws {
    let time = try #require(TimeOfDay(hour: hour, minute: minute, second: second))
    #expect(time.description == text)
    #expect(TimeOfDay(parsing: text) == time)
  }

  @Test func `ordering is by hour, then minute, then second`() throws {
    let times = try ["10:00", "9:59:59", "9:59", "10:00:01"].map {
      try #require(TimeOfDay(parsing: $0))
    }
    #expect(times.sorted().map(\.description) == ["9:59", "9:59:59", "10:00", "10:00:01"])
  }

  @Test func `a date's time of day uses the calendar's zone and ignores sub-seconds`() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "America/New_York"))
    // 2024-01-15T14:59:59.900Z is 09:59:59.9 in New York (UTC−5).
    let date = Date(timeIntervalSince1970: 1_705_330_799.9)
    let time = TimeOfDay(date: date, calendar: calendar)
    #expect(time.description == "9:59:59")
    #expect(try time < #require(TimeOfDay(parsing: "10:00")))
    #expect(try !(time < #require(TimeOfDay(parsing: "9:59:59"))))
  }
}
