import DispatchAnalytics
import DispatchCore
import DispatchFeatures
import DispatchRender
import DispatchStorage
import Foundation

/// Everything `dispatch demo` built and shows: the history, what the analysis found, the
/// everyday conveniences as they read when the history ends, and where the dashboard is.
public struct DemoBuild {
  public var path: String
  /// The days the history covers.
  public var configuration: DemoConfiguration
  public var summary: DemoSummary
  /// The insights, strongest first, and the digest of the week ending with the last report.
  public var insights: [Insight]
  public var digest: DigestStats
  /// The status line as at 21:00 on the history's last day in its home zone.
  public var statusLine: StatusLine
  public var statusMoment: String
  /// The people, most mentioned first.
  public var people: [Person]
  /// The built-in question sets, and what adding the sleep set would do (a dry run).
  public var starterSets: [CatalogSet]
  public var sleepSet: CatalogAddResult
  /// What a search for "oat milk" finds, best first.
  public var search: [SearchResult]
  /// How many reports carry each kind of sensor context, and the named places.
  public var coverage: ContextCoverage
  public var places: [SensorPlace]
  /// The dashboard page written next to the store.
  public var dashboardPath: String
}

/// Builds the demo store: a rich, deterministic history (docs/cli.md), its dashboard beside
/// it, and the figures the demo's summary shows.
public enum DemoService {
  /// The setting that marks a store as the demo's, so building it again may replace it.
  public static let marker = "demoStore"

  /// Replaces any previous demo store at `path` with a new one and writes its dashboard.
  ///
  /// - Throws: ``DispatchError`` `.invalidValue` when `path` holds a store that is not a demo
  ///   (it is never overwritten).
  public static func build(
    at path: String, configuration: DemoConfiguration, environment: RunEnvironment
  ) throws -> DemoBuild {
    try removeOldDemo(at: path)
    let store = try DispatchStore(path: path, access: .write, environment: environment)
    let summary = try DemoHistory.populate(store, configuration: configuration, health: true)
    try store.settings.setSetting(marker, "true")
    // A demo is rebuilt in seconds from its seed: backing it up automatically would only copy
    // 1,338 made-up reports into the backup folder on the first report filed there, and make
    // that report wait for it. `dispatch backup now` still writes one when asked.
    try store.settings.setSetting(BackupSettingKey.enabled, "false")
    let dashboardData = try store.dashboardData(now: environment.now())
    let dashboard = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("demo-dashboard.html").path
    try DashboardService.write(page: DashboardPage.html(dashboardData), to: dashboard)
    return try everyday(
      path: path, configuration: configuration, summary: summary, dashboardData: dashboardData,
      dashboardPath: dashboard)
  }

  /// The everyday conveniences read at 21:00 on the demo's last day, in its home zone.
  private static func everyday(
    path: String, configuration: DemoConfiguration, summary: DemoSummary,
    dashboardData: DashboardData, dashboardPath: String
  ) throws -> DemoBuild {
    let zone = TimeZone(identifier: DemoConfiguration.homeTimeZone) ?? .gmt
    guard let wall = Instant.parseISO8601(configuration.endDay + "T21:00:00Z")?.instant else {
      throw DispatchError(.failure, "the demo's last day is not a date")
    }
    // 21:00 on the wall clock there: the zone's offset that day, not today's.
    let instant = wall.adding(seconds: -Int64(zone.secondsFromGMT(for: wall.date)))
    // Write access only for the catalog's dry run, which reads in a write transaction and
    // changes nothing.
    let environment = RunEnvironment(now: instant)
    let store = try DispatchStore(path: path, access: .write, environment: environment)
    let sets = try StarterCatalog.index().sets
    guard let sleep = sets.first(where: { $0.id == "sleep" }) else {
      throw DispatchError(.failure, "the built-in catalog has no sleep set")
    }
    return DemoBuild(
      path: path, configuration: configuration, summary: summary, insights: dashboardData.insights,
      digest: dashboardData.digest,
      statusLine: StatusLine(snapshot: try store.statusSnapshot(now: instant), zone: zone),
      statusMoment: configuration.endDay + " 21:00",
      people: try store.people.list().sorted { $0.usageCount > $1.usageCount }, starterSets: sets,
      sleepSet: try store.questions.addCatalogSet(sleep, dryRun: true, environment: environment),
      search: try store.search.run("oat milk", options: SearchOptions(limit: 1_000)),
      coverage: try store.reports.contextCoverage(), places: try store.places.sensorPlaces(),
      dashboardPath: dashboardPath)
  }

  /// Deletes a previous demo store; refuses to delete a file that holds anything else.
  private static func removeOldDemo(at path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else { return }
    let existing = try DispatchStore(path: path, access: .read)
    let counts = try existing.maintenance.counts()
    let isDemo = try existing.settings.setting(marker) == "true"
    guard isDemo || (counts.questions == 0 && counts.reports == 0 && counts.drafts == 0) else {
      throw DispatchError(
        .invalidValue,
        "'\(path)' holds data that is not a demo store; the demo will not overwrite it (choose another --store)"
      )
    }
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }
}
