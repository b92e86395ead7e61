import DispatchKit
import Foundation
import Testing

/// `dispatch groups list|show|add|edit|remove|move`.
@Suite("groups")
struct GroupsCommandTests {
  struct RegionJSON: Decodable, Equatable {
    let latitude: Double
    let longitude: Double
    let radius: Double
    let name: String?
  }

  struct GroupJSON: Decodable, Equatable {
    let id: String
    let name: String
    let scheduleKind: String
    let schedule: String
    let isEnabled: Bool
    let sortOrder: Int
    let questionIDs: [String]
    let scheduleHours: Int?
    let scheduleCount: Int?
    let scheduleDistribution: String?
    let scheduledTimes: [String]?
    let calendarMatchKind: String?
    let calendarIdentifiers: [String]?
    let calendarTitleFilter: String?
    let monitorDirection: String?
    let monitorDelayMinutes: Int?
    let placeRegion: RegionJSON?
  }

  struct ShownQuestionJSON: Decodable, Equatable {
    let id: String
    let prompt: String?
    let missing: Bool?
  }

  struct ShownGroupJSON: Decodable {
    let id: String
    let questions: [ShownQuestionJSON]
  }

  static let working = "Are you working?"
  static let doing = "What are you doing?"
  static var workingID: String { DefaultQuestions.all[1].id }
  static var doingID: String { DefaultQuestions.all[2].id }

  private func initialized() throws -> CLISandbox {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    return cli
  }

  private func groups(_ cli: CLISandbox) throws -> [GroupJSON] {
    try cli.succeed(["groups", "list", "--json"]).json([GroupJSON].self)
  }

  @discardableResult
  private func add(_ cli: CLISandbox, _ arguments: [String]) throws -> GroupJSON {
    try cli.succeed(["groups", "add"] + arguments + ["--json"]).json(GroupJSON.self)
  }

  // MARK: - add and list

  @Test func addEveryNHoursThenListAndShow() throws {
    let cli = try initialized()
    let text = try cli.succeed([
      "groups", "add", "Energy", "--every", "3", "--question", Self.working, "--question",
      String(Self.doingID.prefix(6)),
    ])
    let group = try #require(try groups(cli).first)
    #expect(
      text.stdout
        == "Added group 'Energy' (every 3 hours, 2 questions, position 1) · \(group.id.prefix(8))\n"
    )
    #expect(UUID(uuidString: group.id) != nil)
    #expect(group.scheduleKind == "everyNHours")
    #expect(group.scheduleHours == 3)
    #expect(group.questionIDs == [Self.workingID, Self.doingID])
    #expect(group.isEnabled && group.sortOrder == 0)
    let list = try cli.succeed(["groups"], environment: ["NO_COLOR": "1"])
    #expect(
      list.stdoutLines == [
        "  1. Energy", "     every 3 hours · 2 questions · \(group.id.prefix(8))",
      ])
    let show = try cli.succeed(["groups", "show", "energy"], environment: ["NO_COLOR": "1"])
    #expect(
      show.stdoutLines == [
        "Energy", "  Schedule:  every 3 hours", "  Enabled:   yes", "  Position:  1",
        "  ID:        \(group.id)", "  Questions:", "    1. Are you working?",
        "    2. What are you doing?",
      ])
  }

  struct Kind: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let scheduleKind: String
    let words: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "each schedule kind is stored and described",
    arguments: [
      Kind(arguments: ["--every", "1"], scheduleKind: "everyNHours", words: "every hour"),
      Kind(
        arguments: ["--times-per-day", "4"], scheduleKind: "timesPerDay",
        words: "4 times a day, semiRandom"),
      Kind(
        arguments: ["--times-per-day", "2", "--distribution", "refractory"],
        scheduleKind: "timesPerDay", words: "2 times a day, refractory"),
      Kind(
        arguments: ["--daily-at", "21:00,9:00"], scheduleKind: "dailyAt",
        words: "daily at 09:00, 21:00"),
      Kind(
        arguments: ["--on", "workout-end"], scheduleKind: "workoutEnd",
        words: "when a workout ends"),
      Kind(
        arguments: ["--on", "arrival", "--place", "Home"], scheduleKind: "placeTrigger",
        words: "on arrival at Home"),
      Kind(
        arguments: ["--on", "departure", "--place", "Work", "--delay", "10"],
        scheduleKind: "placeTrigger", words: "on departure from Work, after 10 minutes"),
      Kind(
        arguments: ["--on", "calendar-end"], scheduleKind: "calendarEventEnd",
        words: "when a calendar event ends"),
      Kind(
        arguments: ["--on", "calendar-end", "--calendar", "Work", "--calendar", "Gym"],
        scheduleKind: "calendarEventEnd",
        words: "when a calendar event ends (calendars 'Work', 'Gym')"),
      Kind(
        arguments: ["--on", "calendar-end", "--title-contains", "standup"],
        scheduleKind: "calendarEventEnd",
        words: "when a calendar event ends (titles containing 'standup')"),
    ])
  func eachKind(_ kind: Kind) throws {
    let cli = try initialized()
    let group = try add(cli, ["G"] + kind.arguments + ["--question", Self.working])
    #expect(group.scheduleKind == kind.scheduleKind)
    #expect(group.schedule == kind.words)
    #expect(try groups(cli) == [group])
  }

  @Test func jsonShapeOfEachKind() throws {
    let cli = try initialized()
    let daily = try add(cli, ["Daily", "--daily-at", "9:00,21:30", "--question", Self.working])
    #expect(daily.scheduledTimes == ["09:00", "21:30"])
    #expect(daily.scheduleHours == nil && daily.placeRegion == nil)
    let times = try add(cli, ["Times", "--times-per-day", "5", "--question", Self.working])
    #expect(times.scheduleCount == 5 && times.scheduleDistribution == "semiRandom")
    #expect(times.sortOrder == 1)
    let place = try add(
      cli,
      ["Place", "--on", "arrival", "--place", "Home", "--delay", "5", "--question", "1"]
        .map { $0 == "1" ? Self.working : $0 })
    #expect(place.monitorDirection == "arrival" && place.monitorDelayMinutes == 5)
    #expect(place.placeRegion == RegionJSON(latitude: 0, longitude: 0, radius: 100, name: "Home"))
    let calendars = try add(
      cli, ["Cal", "--on", "calendar-end", "--calendar", "Work", "--question", Self.working])
    #expect(calendars.calendarMatchKind == "calendars")
    #expect(calendars.calendarIdentifiers == ["Work"])
    let all = try add(cli, ["All", "--on", "calendar-end", "--question", Self.working])
    #expect(all.calendarMatchKind == "allEvents" && all.calendarIdentifiers == nil)
    let title = try add(
      cli, ["Title", "--on", "calendar-end", "--title-contains", "1:1", "--question", Self.doing])
    #expect(title.calendarMatchKind == "titleContains" && title.calendarTitleFilter == "1:1")
    // Only fields that are set appear.
    let raw = try cli.succeed(["groups", "show", "Daily", "--json"]).stdout
    for absent in ["scheduleHours", "monitorDirection", "placeRegion", "calendarMatchKind"] {
      #expect(!raw.contains(absent))
    }
    #expect(try groups(cli).map(\.name) == ["Daily", "Times", "Place", "Cal", "All", "Title"])
  }

  @Test func addDisabled() throws {
    let cli = try initialized()
    let result = try cli.succeed([
      "groups", "add", "Gym", "--on", "workout-end", "--question", Self.working, "--disabled",
    ])
    #expect(result.stdout.contains("position 1, disabled)"))
    #expect(try groups(cli).first?.isEnabled == false)
    let list = try cli.succeed(["groups", "list"], environment: ["NO_COLOR": "1"])
    #expect(list.stdoutLines.first == "  1. Gym (disabled)")
  }

  @Test func listOfAStoreWithoutGroups() throws {
    let cli = try initialized()
    #expect(try cli.succeed(["groups"]).stdout.hasPrefix("No prompt groups yet."))
    #expect(try cli.succeed(["groups", "--json"]).stdout == "[]\n")
    #expect(try cli.succeed(["groups", "show", "--json"]).stdout == "[]\n")
  }

  @Test func showMarksMissingQuestions() throws {
    let cli = try initialized()
    try add(cli, ["G", "--every", "2", "--question", Self.working, "--question", Self.doing])
    try cli.succeed(["questions", "remove", Self.doing])
    let text = try cli.succeed(["groups", "show", "1"], environment: ["NO_COLOR": "1"])
    #expect(text.stdoutLines.last == "    2. (missing question \(Self.doingID))")
    let json = try cli.succeed(["groups", "show", "G", "--json"]).json(ShownGroupJSON.self)
    #expect(
      json.questions == [
        ShownQuestionJSON(id: Self.workingID, prompt: Self.working, missing: nil),
        ShownQuestionJSON(id: Self.doingID, prompt: nil, missing: true),
      ])
    // The dangling ID can still be removed by its ID.
    try cli.succeed(["groups", "edit", "G", "--remove-question", Self.doingID])
    #expect(try groups(cli).first?.questionIDs == [Self.workingID])
  }

  @Test func planShowsAnEveryThreeHoursGroup() throws {
    let cli = try initialized()
    let group = try add(cli, ["Energy", "--every", "3", "--question", Self.working])
    struct Planned: Decodable {
      let date: String
      let source: String
      let promptGroupID: String?
    }
    let plan = try cli.succeed([
      "plan", "--json", "--date", "2026-07-08", "--time-zone", "UTC",
    ]).json([Planned].self)
    let prompts = plan.filter { $0.source == "group" }
    #expect(prompts.allSatisfy { $0.promptGroupID == group.id })
    #expect(
      prompts.map(\.date)
        == ["11", "14", "17", "20", "23"].map {
          "2026-07-08T\($0):00:00.000Z"
        })
  }
}
