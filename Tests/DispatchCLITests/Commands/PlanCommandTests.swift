import Foundation
import Testing

/// `dispatch plan` and `dispatch settings` from the command line
/// (docs/schedule.md#scheduling-when-dispatch-asks).
@Suite("plan and settings")
struct PlanCommandTests {
  struct PlannedJSON: Decodable, Equatable {
    let date: String
    let source: String
    let identifier: String
    let day: String
    let promptGroupID: String?
    let parentIdentifier: String?
  }

  func plan(_ cli: CLISandbox, _ arguments: [String]) throws -> [PlannedJSON] {
    let result = try cli.succeed(["plan", "--json"] + arguments)
    return try JSONDecoder().decode([PlannedJSON].self, from: Data(result.stdout.utf8))
  }

  @Test func `compatible seeding prints Dispatch's vector and changes no settings`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let before = try cli.succeed(["settings", "--json"]).stdout
    let prompts = try plan(
      cli, ["--date", "2026-07-08", "--seeding", "compatible", "--time-zone", "UTC"])
    #expect(
      prompts.map(\.date) == [
        "2026-07-08T11:38:42.810Z", "2026-07-08T14:36:56.553Z", "2026-07-08T16:12:52.843Z",
        "2026-07-08T23:30:04.348Z",
      ])
    #expect(prompts.allSatisfy { $0.source == "random" && $0.day == "2026-07-08" })
    #expect(try cli.succeed(["settings", "--json"]).stdout == before)
  }

  @Test func `private plans are stable between runs and differ between stores`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["--store", cli.path("other.sqlite"), "init"])
    let first = try plan(cli, ["--days", "3", "--time-zone", "Europe/Lisbon"])
    let again = try plan(cli, ["--days", "3", "--time-zone", "Europe/Lisbon"])
    let other = try plan(
      cli, ["--days", "3", "--time-zone", "Europe/Lisbon", "--store", cli.path("other.sqlite")])
    #expect(first.count == 12)
    #expect(first == again)
    #expect(first.map(\.date) != other.map(\.date))
    // Today is DISPATCH_NOW's date in the plan's zone; past prompts are listed too.
    #expect(first.first?.day == "2026-03-04")
  }

  @Test func `settings shape the plan: fixed times, nags and the window`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["settings", "set", "fixed-times", "09:30"])
    try cli.succeed(["settings", "set", "nags", "on"])
    try cli.succeed(["settings", "set", "window", "09:00-21:00"])
    let prompts = try plan(cli, ["--date", "2026-07-08", "--time-zone", "UTC"])
    #expect(prompts.filter { $0.source == "fixed" }.map(\.date) == ["2026-07-08T09:30:00.000Z"])
    #expect(prompts.filter { $0.source == "random" }.count == 4)
    #expect(prompts.filter { $0.source == "nag" }.count == 15)
    let nag = try #require(prompts.first { $0.source == "nag" })
    #expect(nag.parentIdentifier?.hasPrefix("prompt-") == true)
    let parents = prompts.filter { $0.source != "nag" }
    #expect(parents.allSatisfy { $0.date >= "2026-07-08T09:00" && $0.date < "2026-07-08T21:00" })
    #expect(prompts.map(\.date) == prompts.map(\.date).sorted())
  }

  @Test func `settings get and set print and store values`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    #expect(try cli.succeed(["settings", "get", "window"]).stdout == "window  08:00-24:00\n")
    #expect(
      try cli.succeed(["settings", "set", "nag-delay", "500"]).stdout
        == "nag-delay = 120 (clamped from 500)\n")
    try cli.succeed(["settings", "set", "distribution", "refractory"])
    let all = try cli.succeed(["settings", "--json"]).stdout
    #expect(all.contains(#""distribution": "refractory""#))
    #expect(all.contains(#""nag-delay": "120""#))
  }

  @Test func `bad input gets one clear line and a documented exit code`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.fail(["plan", "--time-zone", "Mars/Base"], status: 64, message: "'Mars/Base'")
    try cli.fail(["plan", "--date", "2026-02-30"], status: 64, message: "--date")
    try cli.fail(["plan", "--days", "0"], status: 64, message: "--days")
    try cli.fail(["plan", "--window", "10:00-10:00"], status: 65, message: "has no length")
    try cli.fail(
      ["plan", "--window", "10:00-12:00", "--prompts-per-day", "5"], status: 65,
      message: "the maximum is 4")
    try cli.fail(["plan", "--distribution", "randm"], status: 64, message: "did you mean 'random'")
    try cli.fail(["settings", "set", "prompts", "3"], status: 64, message: "no setting named")
    try cli.fail(["settings", "set", "window", "8-22"], status: 65, message: "HH:MM-HH:MM")
    try cli.fail(
      ["settings", "set", "minimum-gap", "400"], status: 65, message: "the maximum is 3")
    try cli.fail(["settings", "set", "fixed-times", "25:00"], status: 65, message: "'25:00'")
    try cli.fail(["settings", "set", "time-zone", "Nowhere"], status: 65, message: "'Nowhere'")
    // A refused value leaves the stored one alone.
    #expect(try cli.succeed(["settings", "get", "minimum-gap"]).stdout == "minimum-gap  30\n")
  }

  @Test func `calendar-end groups plan from an .ics folder, a broken file is a note`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let folder = cli.path("calendars")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let event = """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:standup@example\r
      SUMMARY:Standup\r
      DTSTART:20260708T140000Z\r
      DTEND:20260708T141500Z\r
      RRULE:FREQ=DAILY;COUNT=3\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:holiday@example\r
      SUMMARY:Holiday\r
      DTSTART;VALUE=DATE:20260708\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    try Data(event.utf8).write(to: URL(fileURLWithPath: folder + "/work.ics"))
    try Data("%PDF-1.4 not a calendar".utf8).write(to: URL(fileURLWithPath: folder + "/x.ics"))
    try cli.succeed(["settings", "set", "calendar", folder])
    try cli.succeed([
      "groups", "add", "After meetings", "--on", "calendar-end", "--title-contains", "standup",
      "--question", "Are you working?",
    ])
    let result = try cli.succeed([
      "plan", "--json", "--date", "2026-07-08", "--days", "2", "--time-zone", "UTC",
      "--prompts-per-day", "1",
    ])
    #expect(result.stderr.contains("x.ics"))
    let prompts = try JSONDecoder().decode([PlannedJSON].self, from: Data(result.stdout.utf8))
    let ends = prompts.filter { $0.promptGroupID != nil }.map(\.date)
    #expect(ends == ["2026-07-08T14:15:00.000Z", "2026-07-09T14:15:00.000Z"])
  }
}
