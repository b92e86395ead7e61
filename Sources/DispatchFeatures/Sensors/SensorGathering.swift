import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Reads a report's context from this machine: the sensors the user has on, with the store's
/// places, focus and settings, within the deadline
/// (docs/sensors.md#timing-the-report-is-never-held-up). Start it when the survey opens and finish
/// it when the report is filed.
public struct SensorGathering {
  /// Points the sensors at a fixture tree instead of / (tests, demos).
  public static let rootVariable = "DISPATCH_SENSOR_ROOT"
  /// The search path for the sensors' programs instead of PATH (tests).
  public static let pathVariable = "DISPATCH_SENSOR_PATH"

  private let collection: SensorCollection

  /// Starts the sensors that are on.
  ///
  /// - Parameters:
  ///   - place: the name of the place chosen for this report (`--place`), if any.
  ///   - environment: the process environment (HOME, PATH, XDG_CACHE_HOME, the variables
  ///     above and `DISPATCH_CA_FILE`).
  ///   - run: the run's clock and zone, which the sensors stamp and read the day in.
  /// - Throws: ``DispatchError`` `.unknownReference` for a place that is not named.
  public init(
    store: DispatchStore, place: String? = nil, environment: [String: String],
    run: RunEnvironment, clock: any SensorClock = MonotonicSensorClock()
  ) throws {
    let settings = try SensorSettings.load(from: store)
    let chosen = try place.map { try store.places.sensorPlace(named: $0) }
    let sensorEnvironment = try Self.environment(
      store: store, settings: settings, chosenPlace: chosen, environment: environment, run: run)
    let on = SensorCatalog.all.filter(settings.isOn)
    let off = SensorCatalog.all.filter { !settings.isOn($0) }.map(\.name)
    collection = SensorCollection(
      providers: on, off: off, environment: sensorEnvironment,
      deadlineSeconds: settings.deadline, clock: clock)
  }

  /// What the sensors read, for every provider; waits at most until the deadline.
  public func readings() -> SensorReadings {
    collection.finish()
  }

  /// The context to file, after noting in the diagnostics log the sensors that failed or were
  /// too slow (every time), and which have nothing to read here (when that changes, so a
  /// desktop without a battery is not noted on every report). One event, names only: a
  /// reason may hold a URL or a place, and the log never holds content (`dispatch sensors
  /// test` shows the reasons).
  public func finish(loggingIn store: DispatchStore) -> SensorContext {
    let readings = readings()
    var notes = readings.problems.map { outcome -> String in
      if case .failed = outcome.state { return "\(outcome.name) failed" }
      return "\(outcome.name) timed out"
    }
    let unavailable = readings.outcomes.filter {
      if case .unavailable = $0.state { return true }
      return false
    }.map(\.name).joined(separator: ", ")
    let previous = (try? store.settings.setting(SensorSettingKey.lastUnavailable)) ?? nil
    if unavailable != (previous ?? "") {
      notes.append(
        unavailable.isEmpty ? "every sensor can read again" : "\(unavailable) unavailable")
      try? store.settings.setSetting(SensorSettingKey.lastUnavailable, unavailable)
    }
    if !notes.isEmpty {
      try? store.settings.logEvent("sensors", detail: notes.joined(separator: "; "))
    }
    return readings.context
  }

  /// The connected Wi-Fi network's name as the location sensor reads it, or nil: for naming
  /// the place you are at (`dispatch sensors places add Home --here`).
  public static func connectedWiFiNetwork(environment: [String: String]) -> String? {
    let machine = SensorEnvironment(
      root: environment[rootVariable] ?? "", home: environment["HOME"] ?? NSHomeDirectory(),
      commands: commands(environment), http: HTTPClient(environment: environment),
      now: Instant(Date()))
    return WiFiNetwork.currentSSID(machine)
  }

  /// The programs the sensors run, looked up on `DISPATCH_SENSOR_PATH` (tests), else `PATH`.
  public static func commands(_ environment: [String: String]) -> ProcessSensorCommands {
    ProcessSensorCommands(searchPath: environment[pathVariable] ?? environment["PATH"])
  }

  /// The sensors' view of the machine and the store, copied out of the store now.
  static func environment(
    store: DispatchStore, settings: SensorSettings, chosenPlace: SensorPlace?,
    environment: [String: String], run: RunEnvironment
  ) throws -> SensorEnvironment {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let lastReport = try store.reports.lastFiledReportDate()
    return SensorEnvironment(
      root: environment[rootVariable] ?? "", home: home,
      commands: commands(environment),
      http: HTTPClient(environment: environment), now: run.now(),
      timeZone: run.zone,
      lastReport: lastReport, places: try store.places.sensorPlaces(), chosenPlace: chosenPlace,
      focus: try FocusFilter.current(in: store), photoFolders: settings.photoFolders,
      weatherBaseURL: settings.weatherURL,
      weatherCacheFolder: CacheFolder.path(environment) + "/weather")
  }
}

/// `$XDG_CACHE_HOME/dispatch` (default `~/.cache/dispatch`), where fetched copies live.
public enum CacheFolder {
  public static func path(_ environment: [String: String]) -> String {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let cache =
      environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.cache"
    return cache + "/dispatch"
  }
}
