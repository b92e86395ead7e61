import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch groups add` and `edit`: the schedule and question options they share.
extension GroupsCommand {
  static let everyOption = Option<Int>.wholeNumber(
    "every", "N", "Every N hours after the window start, 1–24")
  static let timesPerDayOption = Option<Int>.wholeNumber(
    "times-per-day", "N", "N prompts a day inside the window, 1–12")
  static let delayOption = Option<Int>.wholeNumber(
    "delay", "MINUTES", "Minutes to wait after the arrival or departure (default 0)")
  static let eventOption = Option<GroupScheduleChoice>.choice(
    "on", "EVENT", noun: "an event",
    [
      ("workout-end", .workoutEnd),
      ("arrival", .place(direction: "arrival", name: nil, delayMinutes: nil)),
      ("departure", .place(direction: "departure", name: nil, delayMinutes: nil)),
      ("calendar-end", .calendarEventEnd(.allEvents)),
    ], ignoringCase: true, "After an event: workout-end, arrival, departure or calendar-end")
  static let distributionOption = Option<String>.choice(
    "distribution", "D", noun: "a distribution", distributionNames.map { ($0, $0) },
    ignoringCase: true,
    "How --times-per-day spreads them: random, semiRandom (default), regular or refractory")
  static let eventNames = ["workout-end", "arrival", "departure", "calendar-end"]
  static let distributionNames = PromptDistribution.allCases.map(\.rawValue)
  /// The options that each set a whole schedule; exactly one per command line.
  static let primaryScheduleOptions = ["every", "times-per-day", "daily-at", "on"]

  static let scheduleOptions: [OptionSpec] = [
    everyOption.spec, timesPerDayOption.spec, distributionOption.spec,
    .value("daily-at", "HH:MM,…", "At fixed times each day, comma-separated"),
    eventOption.spec,
    .value("place", "NAME", "The place of --on arrival or departure, matched by name"),
    delayOption.spec,
    .value(
      "calendar", "NAME", repeatable: true,
      "--on calendar-end: only events of this calendar (repeatable)"),
    .value("title-contains", "TEXT", "--on calendar-end: only events whose title contains TEXT"),
  ]

  static let addSpec: CommandSpec = CommandSpec(
    "add",
    abstract: "Add a prompt group at the end of the list",
    discussion: """
      Give exactly one schedule (--every, --times-per-day, --daily-at or --on) and at least \
      one --question, named as 'dispatch questions' names them: prompt, ID or ID prefix. \
      Exits 64 for a malformed command line and 65 for a value out of range.
      """,
    arguments: [ArgumentSpec("NAME", "The group's name, shown in its prompts")],
    options: scheduleOptions + [
      .value(
        "question", "Q", repeatable: true, "A question the group asks, in order (repeatable)"),
      .flag("disabled", "Add the group switched off"),
    ],
    json: true,
    examples: [
      "dispatch groups add Energy --every 3 --question 'How energetic do you feel?'",
      "dispatch groups add Lunch --daily-at 12:30 --question 'When did you last eat?'",
      "dispatch groups add Arrival --on arrival --place Office --delay 5 --question happy",
      "dispatch groups add Meetings --on calendar-end --title-contains standup --question happy",
    ],
    run: add)

  static let editSpec: CommandSpec = CommandSpec(
    "edit",
    abstract: "Change a group's name, schedule, questions or state",
    discussion: """
      A schedule option replaces the whole schedule; --distribution, --place, --delay, \
      --calendar and --title-contains alone adjust the current one. --question replaces the \
      question list; --add-question and --remove-question change it.
      """,
    arguments: [groupArgument],
    options: [.value("name", "NAME", "The new name")] + scheduleOptions + [
      .value("question", "Q", repeatable: true, "Replace the questions with these (repeatable)"),
      .value("add-question", "Q", repeatable: true, "Add a question at the end (repeatable)"),
      .value("remove-question", "Q", repeatable: true, "Remove a question (repeatable)"),
      .flag("enable", "Switch the group on"),
      .flag("disable", "Switch the group off"),
    ],
    examples: [
      "dispatch groups edit Evening --times-per-day 4 --distribution refractory",
      "dispatch groups edit 2 --add-question 'Who are you with?' --disable",
    ],
    run: edit)

  static func add(_ invocation: Invocation) throws {
    guard let choice = try scheduleChoice(invocation, current: nil) else {
      throw invocation.usage(
        "missing a schedule: --every N, --times-per-day N, --daily-at HH:MM or --on EVENT")
    }
    let references = invocation.values("question")
    guard !references.isEmpty else {
      throw invocation.usage("missing --question: a group needs at least one question")
    }
    let store = try invocation.openStore(.write)
    let questions = try store.questions.list()
    var group = PromptGroup(
      id: "", name: invocation.positional(0) ?? "", scheduleKind: "",
      isEnabled: !invocation.flag("disabled"),
      questionIDs: try references.map { try Question.match($0, in: questions).id })
    group.setSchedule(choice)
    try report(try store.prompts.saveGroup(group), verb: "Added", store, invocation)
  }

  static func edit(_ invocation: Invocation) throws {
    let changes = ["name", "question", "add-question", "remove-question", "enable", "disable"]
    let scheduleNames = scheduleOptions.map(\.name)
    guard
      (changes + scheduleNames).contains(where: {
        invocation.value($0) != nil || invocation.flag($0)
      })
    else {
      throw invocation.usage(
        "nothing to change: give --name, a schedule option, question options, --enable or "
          + "--disable")
    }
    if invocation.flag("enable") && invocation.flag("disable") {
      throw invocation.usage("--enable and --disable contradict each other")
    }
    let store = try invocation.openStore(.write)
    var group = try store.prompts.group(matching: invocation.positional(0) ?? "")
    if let name = invocation.value("name") { group.name = name }
    if let choice = try scheduleChoice(invocation, current: group) { group.setSchedule(choice) }
    try editQuestions(invocation, of: &group, store: store)
    if invocation.flag("enable") { group.isEnabled = true }
    if invocation.flag("disable") { group.isEnabled = false }
    try report(try store.prompts.saveGroup(group), verb: "Updated", store, invocation)
  }

  private static func editQuestions(
    _ invocation: Invocation, of group: inout PromptGroup, store: DispatchStore
  ) throws {
    let questions = try store.questions.list()
    let replacements = invocation.values("question")
    if !replacements.isEmpty {
      group.questionIDs = try replacements.map { try Question.match($0, in: questions).id }
    }
    for reference in invocation.values("add-question") {
      group.questionIDs.append(try Question.match(reference, in: questions).id)
    }
    for reference in invocation.values("remove-question") {
      // An exact ID removes a dangling entry, whose question no longer resolves.
      let id =
        group.questionIDs.contains(reference)
        ? reference : try Question.match(reference, in: questions).id
      guard group.questionIDs.contains(id) else {
        throw invocation.usage("'\(reference)' is not a question of group '\(group.name)'")
      }
      group.questionIDs.removeAll { $0 == id }
    }
  }

  private static func report(
    _ group: PromptGroup, verb: String, _ store: DispatchStore, _ invocation: Invocation
  ) throws {
    if invocation.wantsJSON {
      invocation.printJSON(group.jsonValue)
      return
    }
    // Imported sort orders may have gaps, so the position is the place in the list.
    let index = try store.prompts.promptGroups().firstIndex { $0.id == group.id } ?? group.sortOrder
    let state = group.isEnabled ? "" : ", disabled"
    invocation.stdout.line(
      "\(verb) group '\(group.name)' (\(group.scheduleDescription), \(questionCount(group)), "
        + "position \(index + 1)\(state)) · \(DisplayID.short(group.id))")
  }
}
