import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch health types|show|workouts|summaries|profile|activity-levels`
/// (docs/health.md#dispatch-health, docs/records.md#metric-context): what an imported Apple Health
/// export holds.
enum HealthCommand {
  static let periodOption = Option<HealthSeries.Period>.choice(
    "per", "day|week", noun: "a period", "Group per day (default) or week")

  static let spec: CommandSpec = CommandSpec(
    "health",
    abstract: "Look at imported Apple Health data",
    discussion: """
      Import an export first: 'dispatch import export.zip'. Sums (steps, energy, distance) are \
      de-duplicated across sources: where iPhone and Watch both counted the same minutes, the \
      Watch's count is used, then the iPhone's, then other apps' (docs/health.md). Days are \
      local days in the zone each sample was recorded in, else the store's time zone.
      """,
    subcommands: [typesSpec, showSpec, workoutsSpec, summariesSpec, profileSpec, levelsSpec],
    defaultSubcommand: "types",
    examples: [
      "dispatch health types", "dispatch health show steps --from 30d",
      "dispatch health show 'heart rate' --per week --json", "dispatch health workouts",
    ])

  static let typesSpec: CommandSpec = CommandSpec(
    "types", abstract: "The types of samples stored, with counts, units and date ranges",
    options: [.flag("all", "The whole built-in catalog of HealthKit types, marking those present")],
    json: true, examples: ["dispatch health types --json", "dispatch health types --all"],
    run: types)

  static let showSpec: CommandSpec = CommandSpec(
    "show", abstract: "A type's values per day or week (sums de-duplicated)",
    arguments: [
      ArgumentSpec("TYPE", "A type: steps, 'heart rate', StepCount or a full identifier")
    ],
    options: [
      RecordOptions.from, RecordOptions.to,
      periodOption.spec,
    ],
    json: true,
    examples: ["dispatch health show steps --from 7d", "dispatch health show sleep --per week"],
    run: show)

  static let workoutsSpec: CommandSpec = CommandSpec(
    "workouts", abstract: "Workouts with duration, distance and energy",
    options: [RecordOptions.from, RecordOptions.to], json: true,
    examples: ["dispatch health workouts --from 2024-01-01"], run: workouts)

  static let summariesSpec: CommandSpec = CommandSpec(
    "summaries", abstract: "Daily activity rings: move, exercise and stand with their goals",
    options: [RecordOptions.from, RecordOptions.to], json: true,
    examples: ["dispatch health summaries --from 30d"], run: summaries)

  static let profileSpec: CommandSpec = CommandSpec(
    "profile", abstract: "The characteristics of the export (date of birth, sex, blood type …)",
    json: true, examples: ["dispatch health profile"], run: profile)

  static let levelsSpec: CommandSpec = CommandSpec(
    "activity-levels",
    abstract: "Daily steps and active energy, with the metric-context notes that limit a day",
    options: [RecordOptions.from, RecordOptions.to], json: true,
    examples: ["dispatch health activity-levels --from 14d"], run: levels)

  static func types(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let present = try store.health.healthTypes()
    if invocation.flag("all") {
      let counts = Dictionary(present.map { ($0.type, $0.count) }, uniquingKeysWith: +)
      if invocation.wantsJSON {
        invocation.printJSON(
          .array(HealthTypeCatalog.all.map { HealthJSON.catalog($0, count: counts[$0.identifier]) })
        )
        return
      }
      for info in HealthTypeCatalog.all {
        let mark = counts[info.identifier].map { "  \(ProgressBar.grouped($0)) stored" } ?? ""
        invocation.stdout.line(
          "\(info.displayName)  \(info.identifier)  \(info.kind.rawValue)"
            + (info.canonicalUnit.map { "  \($0)" } ?? "") + mark)
      }
      return
    }
    if invocation.wantsJSON {
      invocation.printJSON(.array(present.map(HealthJSON.type)))
      return
    }
    guard !present.isEmpty else {
      invocation.note(
        "No Apple Health data yet; import an export with 'dispatch import export.zip'.")
      return
    }
    for summary in present {
      invocation.stdout.line(
        "\(HealthTypeCatalog.displayName(summary.type))  \(ProgressBar.grouped(summary.count))"
          + (summary.unit.map { " · \($0)" } ?? "")
          + " · \(summary.first.iso8601Seconds.prefix(10)) to \(summary.last.iso8601Seconds.prefix(10))"
      )
    }
  }

  static func show(_ invocation: Invocation) throws {
    // TYPE is required: the parser has refused a command line without it.
    let name = invocation.positional(0) ?? ""
    let period = invocation.value(periodOption) ?? .day
    let store = try invocation.openStore(.read)
    let type = try store.health.resolveHealthType(name)
    let range = try RecordOptions.range(invocation, store)
    let zone = try zone(store)
    let shown = try HealthView.seriesTypes(of: type).map { member in
      try store.health.healthSeries(
        type: member, from: range.from, to: range.to, period: period, zone: zone)
    }
    if invocation.wantsJSON {
      // One series as an object; blood pressure's two as an array.
      invocation.printJSON(
        shown.count == 1 ? HealthJSON.series(shown[0]) : .array(shown.map(HealthJSON.series)))
      return
    }
    guard shown.contains(where: { !$0.points.isEmpty }) else {
      invocation.note("No \(HealthTypeCatalog.displayName(type)) samples in that range.")
      return
    }
    let units = try invocation.units(store)
    for (index, series) in shown.enumerated() {
      if index > 0 { invocation.stdout.line("") }
      invocation.stdout.line(HealthText.seriesHeading(series, units: units))
      for point in series.points {
        invocation.stdout.line(HealthText.point(point, of: series, units: units))
      }
    }
  }

  static func workouts(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let range = try RecordOptions.range(invocation, store)
    let entries = try store.health.healthWorkouts(from: range.from, to: range.to)
    if invocation.wantsJSON {
      invocation.printJSON(.array(entries.map(HealthJSON.workout)))
      return
    }
    if entries.isEmpty { invocation.note("No workouts.") }
    let zone = try zone(store)
    let units = try invocation.units(store)
    for entry in entries {
      invocation.stdout.line(HealthText.workout(entry, zone: zone, units: units))
    }
  }

  static func summaries(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let range = try RecordOptions.range(invocation, store)
    let zone = try zone(store)
    let days = try store.health.healthActivitySummaries(
      from: range.from.map { HealthText.day($0, zone) },
      to: range.to.map { HealthText.day($0, zone) })
    if invocation.wantsJSON {
      invocation.printJSON(.array(days.map(HealthJSON.summary)))
      return
    }
    if days.isEmpty { invocation.note("No activity summaries.") }
    for day in days { invocation.stdout.line(HealthText.summary(day)) }
  }

  static func profile(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let characteristics = try store.health.healthCharacteristics()
    if invocation.wantsJSON {
      invocation.printJSON(.object(characteristics.map { ($0.key, .string($0.value)) }))
      return
    }
    if characteristics.isEmpty { invocation.note("No profile: import an export first.") }
    for (key, value) in characteristics {
      invocation.stdout.line(
        "\(HealthTypeCatalog.displayName(key)): \(HealthCategoryValues.displayName(value))")
    }
  }

  static func levels(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let range = try RecordOptions.range(invocation, store)
    let days = try store.health.healthActivityLevels(
      from: range.from, to: range.to, zone: try zone(store))
    if invocation.wantsJSON {
      invocation.printJSON(.array(days.map(HealthJSON.level)))
      return
    }
    if days.isEmpty { invocation.note("No steps or active energy stored.") }
    for day in days { invocation.stdout.line(HealthText.level(day)) }
  }

  /// The zone days are read in where a sample names none: the store's setting, else the
  /// system's.
  static func zone(_ store: DispatchStore) throws -> TimeZone {
    try ScheduleSettings.load(from: store).zone
  }
}
