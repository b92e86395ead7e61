import DispatchCommandLine
import DispatchKit

/// Reading the schedule options of `dispatch groups add` and `edit` into a
/// ``GroupScheduleChoice``. Only the command line's shape is checked here; ranges and times
/// are the library's to judge (``PromptGroup/validationProblems()``), so they exit 65.
extension GroupsCommand {
  /// The schedule the options describe, or nil when none is given.
  ///
  /// - Parameter current: the group being edited: its schedule is what `--distribution`,
  ///   `--place`, `--delay`, `--calendar` and `--title-contains` adjust when no schedule option
  ///   is given.
  static func scheduleChoice(_ invocation: Invocation, current: PromptGroup?) throws(CLIError)
    -> GroupScheduleChoice?
  {
    let given = primaryScheduleOptions.filter { invocation.value($0) != nil }
    if given.count > 1 {
      throw invocation.usage(
        "give one schedule, not " + given.map { "--" + $0 }.joined(separator: " and "))
    }
    let modifiers = ["distribution", "place", "delay", "calendar", "title-contains"]
      .filter { invocation.value($0) != nil }
    var choice: GroupScheduleChoice?
    switch given.first {
    case "every":
      choice = .everyNHours(invocation.value(everyOption) ?? 0)
    case "times-per-day":
      choice = .timesPerDay(invocation.value(timesPerDayOption) ?? 0, distribution: "semiRandom")
    case "daily-at":
      choice = .dailyAt(AnswerParser.list(invocation.value("daily-at") ?? ""))
    case "on":
      choice = invocation.value(eventOption)
    default:
      guard !modifiers.isEmpty else { return nil }
      guard let current, let existing = GroupScheduleChoice(current) else {
        throw invocation.usage(
          "--\(modifiers[0]) needs a schedule option: this group's schedule cannot be adjusted")
      }
      choice = existing
    }
    guard var choice else { return nil }
    try applyModifiers(invocation, to: &choice)
    if case .place(let direction, nil, _) = choice,
      current?.scheduleKind != "placeTrigger" || current?.placeRegion?.name == nil
    {
      throw invocation.usage("--on \(direction) needs --place NAME")
    }
    return choice
  }

  /// Applies `--distribution`, `--place`, `--delay`, `--calendar` and `--title-contains`,
  /// refusing those that do not fit the schedule.
  private static func applyModifiers(
    _ invocation: Invocation, to choice: inout GroupScheduleChoice
  ) throws(CLIError) {
    if let distribution = invocation.value(distributionOption) {
      guard case .timesPerDay(let count, _) = choice else {
        throw invocation.usage("--distribution applies to --times-per-day groups only")
      }
      choice = .timesPerDay(count, distribution: distribution)
    }
    if invocation.value("place") != nil || invocation.value("delay") != nil {
      guard case .place(let direction, let place, let delay) = choice else {
        throw invocation.usage("--place and --delay apply to --on arrival or departure only")
      }
      choice = .place(
        direction: direction, name: invocation.value("place") ?? place,
        delayMinutes: invocation.value(delayOption) ?? delay)
    }
    let calendars = invocation.values("calendar")
    let title = invocation.value("title-contains")
    if !calendars.isEmpty || title != nil {
      guard case .calendarEventEnd = choice else {
        throw invocation.usage(
          "--calendar and --title-contains apply to --on calendar-end only")
      }
      if let title {
        guard calendars.isEmpty else {
          throw invocation.usage("--calendar and --title-contains contradict each other")
        }
        choice = .calendarEventEnd(.titleContains(title))
      } else {
        choice = .calendarEventEnd(.calendars(calendars))
      }
    }
  }
}
