import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch import PATH…`: read exports from other apps and from Dispatch into the store.
enum ImportCommand {
  static let spec: CommandSpec = CommandSpec(
    "import",
    abstract: "Import Reporter, Apple Health, Dispatch v2 and other apps' exports",
    discussion: """
      Detects each file's format from its content: Reporter JSON of every era (a single \
      export, a folder of per-day files, or several files), Reporter CSV, Dispatch v2 JSON, \
      question-definition JSON or CSV, ATracker and Wellness CSV, EasyPill medication and \
      dose lists (import the medications first, or in the same run), and Introspective's own \
      mood, activity and medication CSV exports, and Apple Health's "Export All Health Data" \
      (export.zip, the folder it unzips to, or its export.xml, streamed whatever its size). \
      Zone-less dates are read in --time-zone. \
      Imports are atomic (all or nothing) and \
      idempotent: importing the same file again changes nothing. Malformed records are \
      skipped and listed with their file, record and field; a file in no known format \
      imports nothing and exits 65. Importing never adds the default questions.
      """,
    arguments: [
      ArgumentSpec("PATH", "Files or folders to import", variadic: true, completion: .file)
    ],
    options: [
      .value(
        "time-zone", "IANA",
        "Zone for sources without one (Reporter's oldest files); default: the store's setting, else the system zone"
      ),
      .flag(
        "no-rescale",
        "Keep Wellness moods on their own 1–7 scale instead of rescaling them to the mood scale"),
    ],
    json: true,
    examples: [
      "dispatch import reporter-export.json",
      "dispatch import ~/Dropbox/Apps/Reporter-App/",
      "dispatch import dispatch-backup.json --json",
      "dispatch import ~/Downloads/export.zip",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let request = ImportRequest(
      paths: invocation.parsed.positionals, timeZone: invocation.value("time-zone"),
      rescalesMoods: !invocation.flag("no-rescale"))
    let store = try invocation.openStore(.write)
    let spinner = Spinner(
      label: "Importing…", enabled: invocation.terminal.stderrIsTTY, stream: invocation.stderr)
    spinner.tick()
    var bar: ProgressBar?
    let summary = try ImportService(store: store).run(request) { done, total in
      // A large Apple Health export gets a bar by bytes read.
      if bar == nil {
        spinner.finish()
        bar = ProgressBar(
          label: "Importing Apple Health", total: Int(total),
          enabled: invocation.terminal.stderrIsTTY, stream: invocation.stderr)
      }
      bar?.update(completed: Int(done))
    }
    bar?.finish()
    spinner.finish()
    if invocation.wantsJSON {
      invocation.printJSON(summary.jsonValue)
    } else {
      for line in text(summary, style: invocation.style) { invocation.stdout.line(line) }
    }
    promptForWorkouts(summary, store, invocation)
  }

  /// A workout that ended recently prompts its workout-end groups, once per workout
  /// (docs/daemon.md#events-dispatch-trigger); said on standard error, so `--json` stays one
  /// document. The import has landed whatever happens here.
  private static func promptForWorkouts(
    _ summary: ImportSummary, _ store: DispatchStore, _ invocation: Invocation
  ) {
    guard !summary.newWorkoutEnds.isEmpty else { return }
    let deliverer = DaemonCommand.LazyDeliverer {
      try DaemonCommand.deliverer(invocation, store: store)
    }
    do {
      let outcome = try EventTrigger.fireWorkoutEnds(
        summary.newWorkoutEnds, in: store, deliverer: deliverer,
        environment: invocation.runEnvironment)
      let label = try PromptLabel(store: store)
      for id in outcome.fired {
        invocation.note("Prompted \(label.text(id)) for a workout that just ended.")
      }
      for id in outcome.pending {
        invocation.note("Will prompt \(label.text(id)) for a workout that just ended.")
      }
      for reason in outcome.skipped { invocation.note("Did not prompt \(reason).") }
    } catch {
      invocation.note("Could not prompt for the new workouts: \(error)")
    }
  }

  /// What an import added, e.g. `1,204 health samples, 2 workouts`, or `nothing new`.
  static func addedText(_ summary: ImportSummary) -> String {
    var added: [String] = []
    for (name, label) in [
      ("reportsImported", "reports"), ("responsesImported", "answers"),
      ("questionsImported", "questions"), ("promptGroupsImported", "prompt groups"),
      ("peopleImported", "people"), ("moodsImported", "moods"),
      ("fatigueImported", "fatigue ratings"), ("activitiesImported", "activities"),
      ("medicationsImported", "medications"), ("dosesImported", "doses"),
      ("metricContextImported", "metric-context entries"), ("lostItemsImported", "lost items"),
      ("recordsImported", "health samples"), ("workoutsImported", "workouts"),
      ("activitySummariesImported", "activity summaries"), ("correlationsImported", "correlations"),
      ("metadataEntriesImported", "metadata entries"),
    ] where summary[name] > 0 {
      added.append("\(DisplayNumber.grouped(summary[name])) \(label)")
    }
    return added.isEmpty ? "nothing new" : added.joined(separator: ", ")
  }

  static func text(_ summary: ImportSummary, style: TextStyle) -> [String] {
    let formats = Array(Set(summary.files.map(\.format.rawValue))).sorted().joined(separator: ", ")
    let count = summary.files.count
    var lines = [style.bold("Imported \(count) file\(count == 1 ? "" : "s")") + " (\(formats))"]
    lines.append("  added: " + addedText(summary))
    if summary["unknownElements"] > 0 {
      lines.append(
        "  \(DisplayNumber.grouped(summary["unknownElements"])) Apple Health elements kept as "
          + "they are (not understood)")
    }
    if summary["inferred"] > 0 {
      lines.append("  \(summary["inferred"]) question types inferred from the answers")
    }
    lines.append(
      "  \(DisplayNumber.grouped(summary["updated"])) updated · "
        + "\(DisplayNumber.grouped(summary["unchanged"])) already there · "
        + "\(DisplayNumber.grouped(summary["skipped"])) skipped")
    if summary.zonelessDates > 0, let zone = summary.assumedZone {
      let count = summary.zonelessDates
      lines.append(
        "  \(DisplayNumber.grouped(count)) report\(count == 1 ? "'s date has" : "s' dates have") "
          + "no time zone (Reporter's oldest files): placed in \(zone); "
          + "import with --time-zone ZONE to choose another")
    }
    if !summary.problems.isEmpty {
      lines.append(style.yellow("Skipped or partly read:"))
      lines += summary.problems.prefix(20).map { "  " + $0.description }
      if summary.problems.count > 20 {
        lines.append("  … and \(summary.problems.count - 20) more (see --json)")
      }
    }
    return lines
  }
}
