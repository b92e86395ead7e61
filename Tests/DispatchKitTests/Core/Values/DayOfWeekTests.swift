import DispatchKit
import Foundation
import Testing

/// Days of the week: numbering, containment parsing and lists
/// (docs/formats/introspective.md#days-of-the-week).
struct DayOfWeekTests {
  @Test func `days are numbered from Sunday with three-letter abbreviations`() {
    #expect(DayOfWeek.allCases.map(\.rawValue) == Array(0...6))
    #expect(
      DayOfWeek.allCases.map(\.abbreviation) == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
    #expect(DayOfWeek.wednesday.name == "Wednesday")
    #expect(DayOfWeek.wednesday.description == "Wednesday")
    #expect(DayOfWeek.sunday < DayOfWeek.saturday)
  }

  @Test func `weekends are Saturday and Sunday`() {
    #expect(DayOfWeek.allCases.filter(\.isWeekend) == [.sunday, .saturday])
  }

  @Test(arguments: [
    ("Tuesday", DayOfWeek.tuesday), ("tue", .tuesday), ("next THU", .thursday),
    ("Sun or Mon", .sunday), ("Mon or Sun", .sunday), ("saturday", .saturday),
    ("fri 💊", .friday), ("Wednesday", .wednesday),
  ])
  func `the first day whose abbreviation occurs wins`(text: String, day: DayOfWeek) {
    #expect(DayOfWeek(parsing: text) == day)
  }

  @Test(arguments: ["", "Samstag", "tu", "M", "7", "٣", "weekday"])
  func `text without an abbreviation is no day`(text: String) {
    #expect(DayOfWeek(parsing: text) == nil)
  }

  @Test func `a date's day uses the calendar's zone`() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "America/New_York"))
    // 2024-01-15T03:00Z is Monday UTC but still Sunday 22:00 in New York.
    let date = Date(timeIntervalSince1970: 1_705_287_600)
    #expect(DayOfWeek(date: date, calendar: calendar) == .sunday)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    calendar.firstWeekday = 2
    #expect(DayOfWeek(date: date, calendar: calendar) == .monday)
  }

  static let lists: [(Set<DayOfWeek>, String)] = [
    ([], ""), ([.monday], "Mon"), ([.friday, .monday], "Mon or Fri"),
    ([.friday, .wednesday, .monday], "Mon, Wed or Fri"),
    (Set(DayOfWeek.allCases), "Sun, Mon, Tue, Wed, Thu, Fri or Sat"),
  ]

  @Test(arguments: lists)
  func `several days list in week order`(days: Set<DayOfWeek>, text: String) {
    #expect(DayOfWeek.list(days) == text)
  }
}
