import DispatchKit
import Foundation
import Testing

/// `dispatch groups edit|remove|move` and every refused input.
@Suite("groups editing")
struct GroupsCommandEditingTests {
  typealias GroupJSON = GroupsCommandTests.GroupJSON
  static let working = GroupsCommandTests.working
  static let doing = GroupsCommandTests.doing

  /// A store with the default questions and two groups, Energy (every 3 hours) and Evening
  /// (21:00).
  private func populated() throws -> CLISandbox {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.succeed(["groups", "add", "Energy", "--every", "3", "--question", Self.working])
    try cli.succeed(["groups", "add", "Evening", "--daily-at", "21:00", "--question", Self.doing])
    return cli
  }

  private func groups(_ cli: CLISandbox) throws -> [GroupJSON] {
    try cli.succeed(["groups", "list", "--json"]).json([GroupJSON].self)
  }

  @Test func editNameScheduleQuestionsAndState() throws {
    let cli = try populated()
    let id = try groups(cli)[0].id
    let result = try cli.succeed([
      "groups", "edit", "energy", "--name", "Energy level", "--times-per-day", "3",
      "--add-question", Self.doing, "--disable",
    ])
    #expect(
      result.stdout
        == "Updated group 'Energy level' (3 times a day, semiRandom, 2 questions, position 1, "
        + "disabled) · \(id.prefix(8))\n")
    let edited = try groups(cli)[0]
    #expect(edited.id == id && edited.name == "Energy level" && !edited.isEnabled)
    #expect(edited.scheduleKind == "timesPerDay" && edited.scheduleHours == nil)
    #expect(edited.questionIDs == [GroupsCommandTests.workingID, GroupsCommandTests.doingID])
    // Adjusting the current schedule, replacing and removing questions, switching on.
    try cli.succeed([
      "groups", "edit", String(id.prefix(8)), "--distribution", "regular", "--question",
      Self.doing, "--question", Self.working, "--remove-question", Self.working, "--enable",
    ])
    let json = try groups(cli)[0]
    #expect(json.schedule == "3 times a day, regular" && json.isEnabled)
    #expect(json.questionIDs == [GroupsCommandTests.doingID])
  }

  @Test func editAdjustsAPlaceAndKeepsItsName() throws {
    let cli = try populated()
    try cli.succeed(["groups", "edit", "1", "--on", "arrival", "--place", "Home"])
    try cli.succeed(["groups", "edit", "1", "--delay", "15"])
    #expect(try groups(cli)[0].schedule == "on arrival at Home, after 15 minutes")
    try cli.succeed(["groups", "edit", "1", "--on", "departure"])
    #expect(try groups(cli)[0].schedule == "on departure from Home")
  }

  @Test func removeWithYesAndRenumber() throws {
    let cli = try populated()
    let result = try cli.succeed(["groups", "remove", "Energy", "--yes"])
    #expect(result.stdout.hasPrefix("Removed group 'Energy'."))
    let rest = try groups(cli)
    #expect(rest.map(\.name) == ["Evening"] && rest[0].sortOrder == 0)
  }

  @Test func removeWithoutATerminalNeedsYes() throws {
    let cli = try populated()
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(
      ["groups", "remove", "Energy"], status: 64, message: "run it on a terminal, or add --yes")
    #expect(cli.contents(cli.defaultStore) == before)
  }

  @Test func moveToAPosition() throws {
    let cli = try populated()
    let result = try cli.succeed(["groups", "move", "Evening", "1"])
    #expect(result.stdout == "Moved group 'Evening' to position 1.\n")
    #expect(try groups(cli).map(\.name) == ["Evening", "Energy"])
    #expect(try groups(cli).map(\.sortOrder) == [0, 1])
    try cli.fail(["groups", "move", "Evening", "3"], status: 64, message: "between 1 and 2")
    try cli.fail(["groups", "move", "Evening", "x"], status: 64, message: "'x' is not a position")
  }

  struct Bad: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(
    "a bad command line is refused and nothing changes",
    arguments: [
      Bad(
        arguments: ["add", "X", "--question", working], status: 64, message: "missing a schedule"),
      Bad(arguments: ["add", "X", "--every", "3"], status: 64, message: "missing --question"),
      Bad(
        arguments: ["add", "X", "--every", "0", "--question", working], status: 65,
        message: "every 0 hours is out of range: use 1 to 24"),
      Bad(
        arguments: ["add", "X", "--every", "25", "--question", working], status: 65,
        message: "out of range"),
      Bad(
        arguments: ["add", "X", "--every", "three", "--question", working], status: 64,
        message: "'three' is not valid for --every"),
      Bad(
        arguments: ["add", "X", "--times-per-day", "13", "--question", working], status: 65,
        message: "13 times a day is out of range: use 1 to 12"),
      Bad(
        arguments: ["add", "X", "--daily-at", "25:00", "--question", working], status: 65,
        message: "'25:00' is not a time of day"),
      Bad(
        arguments: ["add", "X", "--daily-at", "09:00,9:00", "--question", working], status: 65,
        message: "09:00 is listed twice"),
      Bad(
        arguments: [
          "add", "X", "--times-per-day", "3", "--distribution", "randm", "--question", working,
        ],
        status: 64, message: "'randm' is not a distribution; did you mean 'random'?"),
      Bad(
        arguments: ["add", "X", "--on", "walk", "--question", working], status: 64,
        message: "'walk' is not an event"),
      Bad(
        arguments: ["add", "X", "--every", "2", "--daily-at", "10:00", "--question", working],
        status: 64, message: "give one schedule, not --every and --daily-at"),
      Bad(
        arguments: ["add", "X", "--on", "arrival", "--question", working], status: 64,
        message: "--on arrival needs --place NAME"),
      Bad(
        arguments: [
          "add", "X", "--on", "arrival", "--place", "H", "--delay", "-5", "--question", working,
        ],
        status: 65, message: "a delay of -5 minutes is out of range"),
      Bad(
        arguments: ["add", "X", "--every", "2", "--place", "Home", "--question", working],
        status: 64, message: "--place and --delay apply to --on arrival or departure only"),
      Bad(
        arguments: ["add", "X", "--every", "2", "--distribution", "random", "--question", working],
        status: 64, message: "--distribution applies to --times-per-day groups only"),
      Bad(
        arguments: [
          "add", "X", "--on", "calendar-end", "--calendar", "A", "--title-contains", "b",
          "--question", working,
        ],
        status: 64, message: "contradict"),
      Bad(
        arguments: ["add", "X", "--every", "2", "--question", "Nope?"], status: 64,
        message: "no question matches 'Nope?'"),
      Bad(
        arguments: ["add", "Energy", "--every", "2", "--question", working], status: 65,
        message: "a group named 'Energy' already exists"),
      Bad(
        arguments: ["add", " ", "--every", "2", "--question", working], status: 65,
        message: "the name is empty"),
      Bad(
        arguments: ["add", "X", "--every", "2", "--question", working, "--question", working],
        status: 65, message: "is in the group twice"),
      Bad(arguments: ["edit", "Energy"], status: 64, message: "nothing to change"),
      Bad(
        arguments: ["edit", "Energy", "--enable", "--disable"], status: 64,
        message: "contradict"),
      Bad(
        arguments: ["edit", "Energy", "--remove-question", working], status: 65,
        message: "the group has no questions"),
      Bad(
        arguments: ["edit", "Energy", "--remove-question", doing], status: 64,
        message: "is not a question of group 'Energy'"),
      Bad(
        arguments: ["edit", "Energy", "--name", "evening"], status: 65,
        message: "a group named 'Evening' already exists"),
      Bad(
        arguments: ["edit", "Energy", "--times-per-day", "0"], status: 65,
        message: "0 times a day is out of range"),
      Bad(
        arguments: ["edit", "Enregy", "--every", "2"], status: 64,
        message: "did you mean 'Energy'?"),
      Bad(arguments: ["show", "Nope"], status: 64, message: "no group matches 'Nope'"),
      Bad(arguments: ["show", "3"], status: 64, message: "no group matches '3'"),
      Bad(
        arguments: ["remove", "Evneing", "--yes"], status: 64, message: "did you mean 'Evening'?"),
      Bad(arguments: ["move", "Nope", "1"], status: 64, message: "no group matches 'Nope'"),
    ])
  func refused(_ bad: Bad) throws {
    let cli = try populated()
    let before = try #require(cli.contents(cli.defaultStore))
    try cli.fail(["groups"] + bad.arguments, status: bad.status, message: bad.message)
    #expect(cli.contents(cli.defaultStore) == before)
  }

  @Test func readingCommandsNeedAStore() throws {
    let cli = try CLISandbox()
    try cli.fail(["groups", "list"], status: 66, message: "no store")
    #expect(!cli.exists(cli.defaultStore))
  }
}
