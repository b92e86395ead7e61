import DispatchKit
import Testing

/// Saving, deleting, moving, finding, describing and validating prompt groups.
struct PromptGroupStoreTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 0)), ids: SequentialIDGenerator(prefix: "G")))
  }

  private func group(_ name: String, _ choice: GroupScheduleChoice) -> PromptGroup {
    var group = PromptGroup(id: "", name: name, scheduleKind: "", questionIDs: ["Q1"])
    group.setSchedule(choice)
    return group
  }

  // MARK: - Saving, deleting, moving

  @Test func `a new group gets an ID from the generator and goes last`() throws {
    let first = try store.prompts.saveGroup(group("Energy", .everyNHours(3)))
    let second = try store.prompts.saveGroup(group("Evening", .dailyAt(["21:00"])))
    #expect(!first.id.isEmpty && first.id != second.id)
    #expect(first.id.hasPrefix("G"))
    #expect([first.sortOrder, second.sortOrder] == [0, 1])
    #expect(try store.prompts.promptGroups() == [first, second])
  }

  @Test func `saving a stored group replaces it in place`() throws {
    var energy = try store.prompts.saveGroup(group("Energy", .everyNHours(3)))
    try store.prompts.saveGroup(group("Evening", .workoutEnd))
    energy.name = "  Energy level "
    energy.setSchedule(.timesPerDay(5, distribution: "regular"))
    let saved = try store.prompts.saveGroup(energy)
    #expect(saved.name == "Energy level" && saved.sortOrder == 0)
    #expect(try store.prompts.promptGroups().map(\.name) == ["Energy level", "Evening"])
    #expect(try store.prompts.promptGroups()[0].scheduleHours == nil)
  }

  @Test func `an invalid or clashing group is refused and nothing is stored`() throws {
    try store.prompts.saveGroup(group("Energy", .everyNHours(3)))
    #expect(
      throws: DispatchError(.conflict, "a group named 'Energy' already exists; choose another name")
    ) {
      try store.prompts.saveGroup(group("ENERGY", .workoutEnd))
    }
    #expect(
      throws: DispatchError(
        .invalidValue, "invalid group: every 0 hours is out of range: use 1 to 24 hours")
    ) {
      try store.prompts.saveGroup(group("Other", .everyNHours(0)))
    }
    #expect(try store.prompts.promptGroups().count == 1)
  }

  @Test func `deleting renumbers and keeps reports' group IDs as text`() throws {
    let a = try store.prompts.saveGroup(group("A", .everyNHours(2)))
    let b = try store.prompts.saveGroup(group("B", .everyNHours(4)))
    try store.prompts.deleteGroup(id: a.id)
    #expect(try store.prompts.promptGroups().map(\.id) == [b.id])
    #expect(try store.prompts.promptGroups()[0].sortOrder == 0)
    #expect(throws: DispatchError.self) { try store.prompts.deleteGroup(id: a.id) }
  }

  @Test func `moving puts a group at a position`() throws {
    let ids = try ["A", "B", "C"].map { try store.prompts.saveGroup(group($0, .workoutEnd)).id }
    try store.prompts.moveGroup(id: ids[2], toPosition: 1)
    #expect(try store.prompts.promptGroups().map(\.name) == ["C", "A", "B"])
    #expect(try store.prompts.promptGroups().map(\.sortOrder) == [0, 1, 2])
    #expect(throws: DispatchError(.invalidRequest, "position must be between 1 and 3")) {
      try store.prompts.moveGroup(id: ids[0], toPosition: 4)
    }
  }

  // MARK: - Finding

  @Test func `a group is found by ID, name, number or ID prefix`() throws {
    let groups = [
      PromptGroup(id: "ABCDEF-1", name: "Energy", scheduleKind: "workoutEnd"),
      PromptGroup(id: "ABCDXYZ-2", name: "2024", scheduleKind: "workoutEnd"),
      PromptGroup(id: "QQQQ-3", name: "Evening", scheduleKind: "workoutEnd"),
    ]
    func match(_ text: String) throws -> String { try PromptGroup.match(text, in: groups).name }
    #expect(try match("ABCDEF-1") == "Energy")
    #expect(try match("energy") == "Energy")
    #expect(try match("3") == "Evening")
    #expect(try match("2024") == "2024")
    #expect(try match("qqqq") == "Evening")
    #expect(
      throws: DispatchError(.unknownReference, "'ABCD' starts 2 group IDs; give more of the ID")
    ) {
      _ = try match("ABCD")
    }
    #expect(
      throws: DispatchError(
        .unknownReference, "no group matches 'Evneing'; did you mean 'Evening'?")
    ) {
      _ = try match("Evneing")
    }
    // A part of one name finds it; a part of several names is refused, listing them.
    #expect(try match("Even") == "Evening")
    #expect(try match("nerg") == "Energy")
    let walks = [
      PromptGroup(id: "W-1", name: "Morning walk", scheduleKind: "workoutEnd"),
      PromptGroup(id: "W-2", name: "Evening walk", scheduleKind: "workoutEnd"),
    ]
    #expect(
      throws: DispatchError(
        .unknownReference,
        "'walk' is part of 2 group names: 'Morning walk', 'Evening walk'; type more of one")
    ) {
      _ = try PromptGroup.match("walk", in: walks)
    }
    #expect(
      throws: DispatchError(.unknownReference, "no group matches '4' (see 'dispatch groups list')")
    ) {
      _ = try match("4")
    }
  }

  @Test func `the store resolves against its groups`() throws {
    let saved = try store.prompts.saveGroup(group("Energy", .everyNHours(3)))
    #expect(try store.prompts.group(matching: "1") == saved)
    #expect(throws: DispatchError.self) { try store.prompts.group(matching: "Nope") }
  }

  // MARK: - Describing

  @Test(
    "schedules in words",
    arguments: [
      (GroupScheduleChoice.everyNHours(3), "every 3 hours"),
      (.everyNHours(1), "every hour"),
      (.timesPerDay(4, distribution: "semiRandom"), "4 times a day, semiRandom"),
      (.timesPerDay(1, distribution: "random"), "once a day, random"),
      (.dailyAt(["21:00", "9:00"]), "daily at 09:00, 21:00"),
      (.workoutEnd, "when a workout ends"),
      (.place(direction: "arrival", name: "Home", delayMinutes: nil), "on arrival at Home"),
      (
        .place(direction: "departure", name: "Work", delayMinutes: 1),
        "on departure from Work, after 1 minute"
      ),
      (.calendarEventEnd(.allEvents), "when a calendar event ends"),
      (.calendarEventEnd(.calendars(["Work"])), "when a calendar event ends (calendars 'Work')"),
      (
        .calendarEventEnd(.titleContains("standup")),
        "when a calendar event ends (titles containing 'standup')"
      ),
    ])
  func description(choice: GroupScheduleChoice, words: String) {
    #expect(group("G", choice).scheduleDescription == words)
  }

  @Test func `groups Dispatch would disable say why`() {
    var group = PromptGroup(id: "g", name: "G", scheduleKind: "x")
    #expect(group.scheduleDescription == "disabled: unknown kind 'x'")
    group.scheduleKind = "calendarEventEnd"
    group.calendarMatchKind = "weekdays"
    #expect(group.scheduleDescription == "disabled: unknown calendar rule 'weekdays'")
    group.scheduleKind = "placeTrigger"
    #expect(group.scheduleDescription == "disabled: no place")
    group.placeRegion = PlaceRegion(latitude: 1, longitude: 2, radius: 100)
    group.monitorDirection = "sideways"
    #expect(group.scheduleDescription == "disabled: unknown direction 'sideways'")
    group.monitorDirection = "arrival"
    #expect(group.scheduleDescription == "on arrival at an unnamed place")
    // Missing parameters read as the planner's defaults.
    #expect(
      PromptGroup(id: "g", name: "G", scheduleKind: "everyNHours").scheduleDescription
        == "every 4 hours")
  }

  // MARK: - Validation and schedule fields

  @Test func `validation lists every problem`() {
    var bad = PromptGroup(id: "g", name: " ", scheduleKind: "timesPerDay", questionIDs: [])
    bad.scheduleCount = 13
    bad.scheduleDistribution = "chaotic"
    #expect(
      bad.validationProblems() == [
        "the name is empty", "the group has no questions",
        "13 times a day is out of range: use 1 to 12",
        "'chaotic' is not a distribution: use random, semiRandom, regular, refractory",
      ])
    let times = group("G", .dailyAt(["24:00", "7:5", "08:00", "8:00"]))
    #expect(
      times.validationProblems() == [
        "'24:00' is not a time of day: use HH:MM from 00:00 to 23:59",
        "'7:5' is not a time of day: use HH:MM from 00:00 to 23:59", "08:00 is listed twice",
      ])
    #expect(group("G", .calendarEventEnd(.calendars([]))).validationProblems().count == 1)
    #expect(group("G", .calendarEventEnd(.titleContains(""))).validationProblems().count == 1)
    let delay = group("G", .place(direction: "arrival", name: "H", delayMinutes: 1441))
    #expect(
      delay.validationProblems() == ["a delay of 1441 minutes is out of range: use 0 to 1440"])
  }

  @Test func `imported groups with defaults or unknown kinds are valid`() {
    for kind in PromptGroup.knownScheduleKinds + ["futureKind"]
    where !["dailyAt", "placeTrigger", "beaconTrigger"].contains(kind) {
      let group = PromptGroup(id: "g", name: "G", scheduleKind: kind, questionIDs: ["q"])
      #expect(group.validationProblems().isEmpty, "\(kind)")
    }
  }

  @Test func `a new schedule clears the old one's fields and keeps a place's coordinates`() {
    var group = group("G", .timesPerDay(3, distribution: "random"))
    group.setSchedule(.calendarEventEnd(.titleContains("x")))
    #expect(group.scheduleCount == nil && group.scheduleDistribution == nil)
    #expect(group.calendarMatchKind == "titleContains" && group.calendarTitleFilter == "x")
    group.setSchedule(.place(direction: "arrival", name: "Home", delayMinutes: 5))
    #expect(group.placeRegion == PlaceRegion(latitude: 0, longitude: 0, radius: 100, name: "Home"))
    #expect(group.calendarMatchKind == nil)
    group.placeRegion = PlaceRegion(latitude: 52.5, longitude: 13.4, radius: 250, name: "Home")
    group.setSchedule(.place(direction: "departure", name: nil, delayMinutes: nil))
    #expect(group.placeRegion?.latitude == 52.5 && group.placeRegion?.name == "Home")
    #expect(group.questionIDs == ["Q1"] && group.name == "G")
    #expect(
      GroupScheduleChoice(group) == .place(direction: "departure", name: nil, delayMinutes: nil))
  }
}
