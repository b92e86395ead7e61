import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch plan`: every prompt of the coming days and why it fires
/// (docs/schedule.md#scheduling-when-dispatch-asks).
enum PlanCommand {
  static let dateOption = Option<LocalDate>.typed(
    "date", "YYYY-MM-DD", "The first day (default: today in the plan's zone)"
  ) { text throws(OptionValueError) in
    guard let day = LocalDate(parsing: text) else {
      throw OptionValueError("'\(text)' is not valid for --date: expected YYYY-MM-DD")
    }
    return day
  }
  static let daysOption = Option<Int>.integer(
    "days", "N", in: 1...366, "How many days, 1–366 (default 1)")
  static let seedingOption = Option<PlanSeeding>.choice(
    "seeding", "MODE", ignoringCase: true, subject: { "'\($0)' is not valid for --seeding" },
    separator: ": ", "private or compatible")
  static let distributionOption = Option<PromptDistribution>.choice(
    "distribution", "NAME", ignoringCase: true,
    subject: { "'\($0)' is not valid for --distribution" }, separator: ": ",
    "random, semiRandom, regular or refractory")
  static let promptsPerDayOption = Option<Int>.integer(
    "prompts-per-day", "N", in: ScheduleSettings.promptsPerDayRange, "Random prompts a day, 1–12")
  static let windowOption = Option<AwakeWindow>.typed(
    "window", "HH:MM-HH:MM", "The awake window, e.g. 08:00-22:00 or 22:00-06:00"
  ) { text throws(OptionValueError) in
    guard let window = AwakeWindow(parsing: text) else {
      throw OptionValueError(
        "'\(text)' is not valid for --window: expected HH:MM-HH:MM, e.g. 08:00-22:00")
    }
    return window
  }

  static let spec: CommandSpec = CommandSpec(
    "plan",
    abstract: "Show the prompts planned for a day or more, and why each fires",
    discussion: """
      Lists every prompt of the days asked for, past ones included: random times of the main \
      schedule, fixed daily times, prompt groups, and nags when nags are on. The override \
      options are a what-if: they change no settings ('dispatch settings set' does). Days \
      are local days in the plan's time zone; a window that crosses midnight belongs to the \
      day it starts on. With private seeding (the default) a day's times depend on a secret \
      kept in the store, so they are stable across restarts and nobody else can predict \
      them; compatible seeding reproduces the Dispatch iOS app's times exactly.
      """,
    options: [
      dateOption.spec, daysOption.spec,
      .value("time-zone", "IANA", "Plan in this zone (e.g. Europe/Lisbon, UTC)"),
      seedingOption.spec, distributionOption.spec, promptsPerDayOption.spec, windowOption.spec,
    ],
    json: true,
    examples: [
      "dispatch plan", "dispatch plan --days 7",
      "dispatch plan --date 2026-07-08 --seeding compatible --time-zone UTC --json",
      "dispatch plan --distribution refractory --prompts-per-day 6 --window 09:00-21:00",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    var request = PlanRequest()
    if let day = invocation.value(dateOption) { request.firstDay = day }
    request.days = invocation.value(daysOption) ?? 1
    request.timeZoneIdentifier = invocation.value("time-zone")
    request.seeding = invocation.value(seedingOption)
    request.distribution = invocation.value(distributionOption)
    request.promptsPerDay = invocation.value(promptsPerDayOption)
    if let window = invocation.value(windowOption) {
      request.window = window
    }
    let store = try invocation.openStore(.write)
    let result = try store.prompts.plan(request, now: invocation.runEnvironment.now())
    for note in result.calendarNotes { invocation.note("dispatch: note: \(note)") }
    if invocation.wantsJSON {
      invocation.printJSON(.array(result.prompts.map(json)))
      return
    }
    let groupNames = Dictionary(
      try store.prompts.promptGroups().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    printText(result, groupNames: groupNames, now: invocation.runEnvironment.now(), invocation)
  }

  /// How each distribution spreads the day's prompts, in words.
  static func spreading(_ distribution: PromptDistribution) -> String {
    switch distribution {
    case .random: return "at random times"
    case .semiRandom: return "one at a random time in each equal part of the window"
    case .regular: return "evenly spaced"
    case .refractory: return "at random, never two close together"
    }
  }

  static func json(_ prompt: PlannedPrompt) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("date", prompt.date.iso8601)
    object.set("source", prompt.source.rawValue)
    if let group = prompt.promptGroupID { object.set("promptGroupID", group) }
    object.set("identifier", prompt.identifier)
    object.set("day", prompt.day.description)
    if let parent = prompt.parentIdentifier { object.set("parentIdentifier", parent) }
    return object.value
  }

  private static func printText(
    _ result: PlanResult, groupNames: [String: String], now: Instant, _ invocation: Invocation
  ) {
    let settings = result.settings
    let style = invocation.style
    let count = settings.randomPromptCount
    invocation.stdout.line(
      style.bold("Plan") + " · \(count) \(count == 1 ? "prompt" : "prompts") a day between "
        + "\(settings.window.description.replacingOccurrences(of: "-", with: " and ")), "
        + "\(spreading(settings.distribution)), at least \(settings.minimumGapMinutes) min apart"
        + style.dim(" · \(result.zone.identifier) · \(settings.seeding.rawValue) seeding"))
    if let focus = result.focus {
      let groups = focus.allowedGroupIDs.map { $0.isEmpty ? "no groups" : "\($0.count) groups" }
      let main = focus.pausesMainSchedule ? "main schedule paused" : "main schedule on"
      invocation.stdout.line(
        "Focus '\(focus.name)' is on: \(main), \(groups ?? "all groups") allowed")
    }
    var day: LocalDate?
    for prompt in result.prompts {
      if prompt.day != day {
        day = prompt.day
        invocation.stdout.line(style.bold(prompt.day.description))
      }
      let offset = result.zone.secondsFromGMT(for: prompt.date.date)
      let local = CivilTime(milliseconds: prompt.date.milliseconds, offsetSeconds: offset)
      let clock = local.clockText
      var reason = prompt.source.rawValue
      if let group = prompt.promptGroupID { reason += " '\(groupNames[group] ?? group)'" }
      if let parent = prompt.parentIdentifier { reason += " for \(parent)" }
      let dayMark =
        local.year == prompt.day.year && local.month == prompt.day.month
          && local.day == prompt.day.day ? "" : " (+1 day)"
      let past = prompt.date < now ? style.dim("  (past)") : ""
      invocation.stdout.line("  \(clock)\(dayMark)  \(reason)\(past)")
    }
    if result.prompts.isEmpty {
      invocation.stdout.line("No prompts in these days.")
    }
  }

}
