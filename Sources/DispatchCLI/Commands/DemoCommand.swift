import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch demo`: build (or rebuild) the demo store and show what is in it.
enum DemoCommand {
  /// The setting that marks a store as the demo's, so a refresh never deletes real data.

  static let spec: CommandSpec = CommandSpec(
    "demo",
    abstract: "Create the demo store with half a year of history and show a summary",
    discussion: """
      Writes $XDG_DATA_HOME/dispatch/demo.sqlite (or --store; DISPATCH_STORE is ignored so \
      your real store is never touched) with a deterministic history: several reports a day \
      for over six months ending yesterday, every question type and number style, wake and \
      sleep reports, people, places, weather-like context, and a trip abroad across a \
      time-zone change. Running it again on the same day rebuilds the same store; --as-of DATE \
      builds the history as it would be built on that day (it ends the day before).
      """,
    options: [
      .value("as-of", "DATE", "Build the history as on this day: YYYY-MM-DD (default today)")
    ],
    json: true,
    examples: [
      "dispatch demo", "dispatch demo --store ~/demo.sqlite --json",
      "dispatch demo --store /tmp/reference-demo.sqlite --as-of 2026-07-13",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let path = StoreLocation.demo(
      option: invocation.value("store"), environment: invocation.environment)
    let spinner = Spinner(
      label: "Building the demo store…", enabled: invocation.terminal.stderrIsTTY,
      stream: invocation.stderr)
    spinner.tick()
    let build = try DemoService.build(
      at: path, configuration: try configuration(invocation), environment: invocation.runEnvironment
    )
    spinner.finish()
    let analysis = DemoAnalysis(build)
    let everyday = DemoEveryday(build)
    if invocation.wantsJSON {
      var object = json(build.summary, path: path)
      if case .object(let members) = object {
        object = .object(
          members + analysis.jsonMembers + everyday.jsonMembers
            + [("dashboard", .string(build.dashboardPath))])
      }
      invocation.printJSON(object)
    } else {
      for line in text(
        build.summary, range: build.configuration, path: path, style: invocation.style)
        + analysis.lines
        + everyday.lines
      {
        invocation.stdout.line(line)
      }
      invocation.stdout.line(
        "  Dashboard: " + build.dashboardPath + "   (one self-contained HTML page)")
      for line in tryNext(path: path, style: invocation.style) {
        invocation.stdout.line(line)
      }
    }
  }

  /// The history as of `--as-of`, else as of today in the run's zone.
  private static func configuration(_ invocation: Invocation) throws -> DemoConfiguration {
    let environment = invocation.runEnvironment
    let day: String
    if let text = invocation.value("as-of") {
      day = text
    } else {
      let now = environment.now()
      let offset = ZoneLookup.offset(environment.zoneIdentifier, at: now) ?? 0
      day = CivilTime(milliseconds: now.milliseconds, offsetSeconds: offset).dateText
    }
    guard let configuration = DemoConfiguration(asOf: day) else {
      throw invocation.usage("'\(day)' is not a date for --as-of: use YYYY-MM-DD")
    }
    return configuration
  }

  private static func text(
    _ summary: DemoSummary, range: DemoConfiguration, path: String, style: TextStyle
  ) -> [String] {
    let answered = QuestionType.allCases.compactMap { type -> String? in
      guard let count = summary.answeredByType[type], count > 0 else { return nil }
      return "\(type.caseName) \(ProgressBar.grouped(count))"
    }
    let records = summary.records
    let grouped = ProgressBar.grouped
    return [
      style.bold("Demo store ready: ") + path,
      "",
      "  \(ProgressBar.grouped(summary.reports)) reports over \(summary.days) days, "
        + "\(range.startDay) to \(range.endDay)",
      "    \(summary.regularReports) regular · \(summary.wakeReports) wake · "
        + "\(summary.sleepReports) sleep · \(summary.promptGroupReports) from prompt groups",
      "  \(ProgressBar.grouped(summary.responses)) answers "
        + "(\(ProgressBar.grouped(summary.skippedResponses)) skipped) to \(summary.questions) questions: "
        + answered.joined(separator: ", "),
      "  \(summary.people) people · \(summary.places) places · \(summary.tokens) tokens · "
        + "\(summary.photos) photos · \(summary.promptGroups) prompt groups",
      "  Time zones: " + summary.timeZones.joined(separator: ", ")
        + " (a trip abroad, and DST changes on both sides)",
      "  \(ProgressBar.grouped(summary.prompts)) prompts logged, "
        + "\(ProgressBar.grouped(summary.promptsAnswered)) answered "
        + "(\(summary.prompts == 0 ? 0 : summary.promptsAnswered * 100 / summary.prompts)%)",
      "  \(grouped(records.moods)) moods · \(grouped(records.activities)) activities · "
        + "\(grouped(records.doses)) doses · \(records.stressCheckIns) stress check-ins · "
        + "\(records.lostItems) lost items",
      "  Apple Health: \(grouped(summary.healthSamples)) samples and \(summary.healthWorkouts) "
        + "workouts over the last 8 weeks, their readings on the reports",
    ] + queries(summary)
  }

  private static func tryNext(path: String, style: TextStyle) -> [String] {
    ["", style.bold("Try next:")] + suggestions(path: path).map { "  " + $0 }
  }

  /// What the summary suggests trying, in order, each with what it shows; every line runs as
  /// pasted (a test runs them).
  private static func suggestedCommands(quoted: String) -> [(command: String, why: String?)] {
    [
      ("export DISPATCH_STORE=\(quoted)", "point the other commands at the demo"),
      ("dispatch reports list --from 7d", "the last week's reports, one per line"),
      ("dispatch reports show last", "the newest report, every answer and its context"),
      ("dispatch questions", "what the survey asks, in order"),
      ("dispatch plan --days 2", "when the next prompts come, groups included"),
      ("dispatch compliance --days 14", "prompts answered, and how fast"),
      ("dispatch stress summary --since 30d", "stress for an appointment"),
      ("dispatch health show steps --from 30d", "daily steps, iPhone and Watch not counted twice"),
      ("dispatch health workouts --from 30d", "the last month's workouts"),
      (
        "dispatch query 'mood where rating <= 5 and within 2 hours of activity where name = Gym' --explain",
        "low moods near the gym, and how the query ran"
      ),
      ("dispatch query list", "saved queries, pinned ones with their counts"),
      ("dispatch insights", "patterns across all reports, never called causes"),
      ("dispatch digest", "the last week in a few sentences"),
      ("dispatch chart 'Who are you with?'", "a question's chart; --svg FILE for a file"),
      ("dispatch graph 'heart rate' --per day --vs mood", "daily heart rate against daily mood"),
      ("dispatch compare-weeks", "this week's moods beside last week's"),
      ("dispatch status --format waybar", "for a status bar; --watch keeps it running"),
      ("dispatch people show Maya", "names, mentions, first and last time"),
      ("dispatch search 'cafe lumen'", "every record that mentions it, accents ignored"),
      ("dispatch catalog show sleep", "a built-in question set; 'catalog add sleep' adds it"),
      (
        "dispatch export --format introspective-csv -o demo-introspective",
        "moods, activities, doses"
      ),
      ("dispatch sensors test", "what this machine would record with a report now"),
      ("dispatch sensors places", "the demo's places, known by their Wi-Fi"),
      ("dispatch graph --saved", "graphs saved for the dashboard"),
      (
        "dispatch serve pair",
        "a link that pairs a browser; then 'dispatch serve': survey, query, graph, dashboard"
      ),
      ("dispatch report", "add a report of your own"),
      ("dispatch export --format markdown -o demo-notes", "one Markdown file per report"),
      ("unset DISPATCH_STORE", "back to your own store"),
    ]
  }

  /// The "Try next" lines: comments aligned in one column; a command too long for it has its
  /// comment on the line above (a shell comment, so every line still pastes).
  static func suggestions(path: String) -> [String] {
    let quoted = path.contains(" ") ? "'\(path)'" : path
    let column = 36
    var lines: [String] = []
    for (command, why) in suggestedCommands(quoted: quoted) {
      guard let why else {
        lines.append(command)
        continue
      }
      if command.count + 2 <= column {
        lines.append(command.padding(toLength: column, withPad: " ", startingAt: 0) + "# " + why)
      } else {
        lines += ["# " + why, command]
      }
    }
    return lines
  }

  /// The pinned demo queries with their counts and means.
  private static func queries(_ summary: DemoSummary) -> [String] {
    guard !summary.queries.isEmpty else { return [] }
    return ["  Pinned queries ('dispatch query list'):"]
      + summary.queries.map { pinned in
        var line = "    \(pinned.name): \(ProgressBar.grouped(pinned.count))"
        if let mean = pinned.mean, let attribute = pinned.meanAttribute {
          line += ", mean \(attribute) " + String(format: "%.1f", mean)
        }
        return line + "  — \(pinned.expression)"
      }
  }

  private static func json(_ summary: DemoSummary, path: String) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("store", path)
    object.set("days", summary.days)
    object.set("reports", summary.reports)
    object.set("regularReports", summary.regularReports)
    object.set("wakeReports", summary.wakeReports)
    object.set("sleepReports", summary.sleepReports)
    object.set("promptGroupReports", summary.promptGroupReports)
    object.set("responses", summary.responses)
    object.set("skippedResponses", summary.skippedResponses)
    object.set("questions", summary.questions)
    object.set("promptGroups", summary.promptGroups)
    object.set("people", summary.people)
    object.set("places", summary.places)
    object.set("tokens", summary.tokens)
    object.set("photos", summary.photos)
    object.set("firstReport", summary.firstReport.iso8601)
    object.set("lastReport", summary.lastReport.iso8601)
    object.set("timeZones", .array(summary.timeZones.map { .string($0) }))
    var answered = JSONObjectBuilder()
    for type in QuestionType.allCases {
      answered.set(type.caseName, summary.answeredByType[type] ?? 0)
    }
    object.set("answeredByType", answered.value)
    object.set("prompts", summary.prompts)
    object.set("promptsAnswered", summary.promptsAnswered)
    let records = summary.records
    var counts = JSONObjectBuilder()
    counts.set("moods", records.moods)
    counts.set("fatigue", records.fatigue)
    counts.set("activities", records.activities)
    counts.set("medications", records.medications)
    counts.set("doses", records.doses)
    counts.set("missedDoses", records.missedDoses)
    counts.set("stressCheckIns", records.stressCheckIns)
    counts.set("lostItems", records.lostItems)
    counts.set("metricContext", records.metricContext)
    object.set("records", counts.value)
    object.set("healthSamples", summary.healthSamples)
    object.set("healthWorkouts", summary.healthWorkouts)
    var queries = JSONObjectBuilder()
    for pinned in summary.queries { queries.set(pinned.name, pinned.count) }
    object.set("pinnedQueries", queries.value)
    return object.value
  }
}
