import DispatchCommandLine

/// Every command of `dispatch`, in the order help lists them.
enum CommandTable {
  static let root: CommandSpec = CommandSpec(
    "dispatch",
    abstract: "Experience sampling: random prompts, quick reports, and your history in one file.",
    discussion: """
      Dispatch asks a few questions at random moments, records the context of each moment, \
      and answers precise questions about your history. Everything stays in one local SQLite \
      file.
      """,
    subcommands: [
      InitCommand.spec, ReportCommand.spec, SurveyKindCommand.wakeSpec,
      SurveyKindCommand.sleepSpec, AnswerCommand.spec, QuestionsCommand.spec,
      ReportsCommand.spec, SearchCommand.spec, StatusCommand.spec, PeopleCommand.spec,
      PlanCommand.spec, SettingsCommand.spec, GroupsCommand.spec, FocusCommand.spec,
      SensorsCommand.spec, CatalogCommand.spec, DaemonCommand.spec, ServeCommand.spec,
      TriggerCommand.spec,
      ActCommand.spec, ComplianceCommand.spec,
      MoodCommand.spec, FatigueCommand.spec, ActivityCommand.spec, MedCommand.spec,
      HealthCommand.spec,
      LostCommand.spec, ContextCommand.spec, CheckInCommand.spec, IsWeekdayCommand.spec,
      StressCommand.spec, QueryCommand.spec, SyncCommand.spec, InsightsCommand.spec,
      DigestCommand.spec,
      ChartCommand.spec, GraphCommand.spec,
      CompareWeeksCommand.spec, DashboardCommand.spec,
      ImportCommand.spec, ExportCommand.spec, BackupCommand.spec, WebhookCommand.spec,
      DeleteAllCommand.spec, DiagnosticsCommand.spec, DemoCommand.spec, HelpCommand.spec,
      CompletionsCommand.spec,
      ManCommand.spec,
    ],
    examples: [
      "dispatch demo", "dispatch init", "dispatch report",
      "dispatch report --answer 'Are you working?=yes' --answer 'What are you doing?=coding, email'",
      "dispatch reports list --json",
    ],
    globalOptions: GlobalOptions.all)
}
