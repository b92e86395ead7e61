import DispatchAnalytics
import DispatchCore

/// Where a day's random draws come from (docs/schedule.md#seeding).
public enum PlanSeeding: String, Sendable, CaseIterable {
  /// Dispatch's own seed and arithmetic, bit for bit; no gap or same-minute rule.
  case compatible
  /// A per-store secret mixed into each day's seed; carries the DST, gap and minute guarantees.
  case `private`
}

/// The settings of the main schedule, nags and snooze (docs/schedule.md#settings;
/// docs/schedule.md#the-compatible-planner, docs/schedule.md#nags). Values are clamped to the iOS
/// app's ranges when read.
public struct ScheduleSettings: Sendable, Equatable {
  public var promptsPerDay = 4
  public var window = AwakeWindow.standard
  public var distribution = PromptDistribution.semiRandom
  /// Extra prompts at these wall-clock times every day.
  public var fixedTimes: [WallClockTime] = []
  public var minimumGapMinutes = 30
  public var randomPromptsEnabled = true
  public var seeding = PlanSeeding.private
  /// The plan's zone; nil means the machine's zone.
  public var timeZoneIdentifier: String?
  public var nagsEnabled = false
  public var nagDelayMinutes = 10
  public var nagIntervalMinutes = 5
  public var nagMaxCount = 3
  public var snoozeMinutes = 15
  /// Minutes a fired prompt stays open; after that it is expired, and a prompt found this late
  /// (after a suspend) is logged as missed instead of fired.
  public var expiryMinutes = 60
  /// How late a prompt may be found and still fire, and how long a fired one stays open.
  public var expiryMilliseconds: Int64 { Int64(expiryMinutes) * 60_000 }
  /// How prompts are delivered: one or more of notify-send, hook and ntfy, each prompt through
  /// every one (docs/daemon.md#several-notifiers).
  public var notifiers: [Notifier] = [.notifySend]
  /// The command a `hook` notifier runs (see docs/daemon.md for its environment).
  public var hookCommand: String?
  /// The ntfy server and topic the `ntfy` notifier publishes to, `https://ntfy.sh/TOPIC`.
  public var ntfyURL: String?
  /// A file (mode 0600) whose first line is an ntfy access token; nil: publish without one.
  public var ntfyTokenFile: String?
  /// Where a phone reaches `dispatch serve`, e.g. `https://laptop.tailnet.ts.net:8421`: ntfy
  /// notifications link there (docs/serve.md); nil: they carry no links.
  public var serveURL: String?
  /// Whether the daemon also runs `dispatch serve` in its own process (docs/serve.md).
  public var serveInDaemon = false
  /// Where the daemon's server listens, `ADDRESS:PORT`.
  public var serveListen = "127.0.0.1:8421"
  /// PEM certificate chain and key for the daemon's server to speak HTTPS; nil: plain HTTP.
  public var serveTLSCertificate: String?
  public var serveTLSKey: String?
  /// Whether the daemon's server may listen off loopback without TLS (a VPN's address).
  public var serveInsecureHTTP = false
  /// The terminal command Report now runs the survey in.
  public var terminalCommand = "x-terminal-emulator -e"
  /// An iCalendar file or folder for calendar-event-end groups; nil: none.
  public var calendarPath: String?
  /// A folder where another device drops Apple Health exports (a phone automation writing
  /// export.zip into a synced folder); the daemon imports each new or changed one. nil: none.
  public var healthFolder: String?
  /// Whether the desktop's do-not-disturb state acts as a focus that holds back every prompt
  /// but snoozes.
  public var followsDoNotDisturb = false
  /// The scale new moods are rated on (Introspective's default 1–10).
  public var moodScale = RatingScale.mood
  /// The scale new fatigue ratings are on (default 0–6).
  public var fatigueScale = RatingScale.fatigue
  /// Stopped activities shorter than this many seconds are discarded instead of kept
  /// (Introspective's autoIgnoreEnabled / autoIgnoreSeconds, off by default); nil: off.
  public var activityAutoIgnoreSeconds: Int?
  /// When the daemon says the weekly digest is ready; nil: never (the default).
  public var digestReminder: DigestReminder?
  /// Where community question sets come from besides the built-in ones (docs/catalog.md): an
  /// absolute path, a `file://` or an http(s) URL; nil: the built-in sets only.
  public var catalogURL: String?
  /// How human output shows temperatures, distances and weights; nil: as the locale does
  /// (``units(environment:)``).
  public var units: UnitSystem?

  public init() {}

  /// The units to show measures in: the setting, else the locale's in `environment`.
  public func units(environment: [String: String]) -> UnitSystem {
    units ?? UnitSystem(localeEnvironment: environment)
  }

  public static let promptsPerDayRange = 1...12
  public static let minimumGapRange = 1...720
  public static let nagDelayRange = 1...120
  public static let nagIntervalRange = 1...60
  public static let nagMaxCountRange = 1...10
  public static let snoozeRange = 1...720
  public static let expiryRange = 5...720
  public static let activityAutoIgnoreRange = 1...3600
  /// Introspective's autoIgnoreSeconds default, used by `activity-auto-ignore on`.
  public static let defaultActivityAutoIgnoreSeconds = 15

  /// The random prompts a day gets: 0 when they are switched off.
  public var randomPromptCount: Int { randomPromptsEnabled ? promptsPerDay : 0 }

  /// The most random prompts that fit a nominal day's window with the minimum gap, the fixed
  /// times and their gaps taken out (private mode's guarantee; see ``FreeIntervals``).
  public var maximumPromptsPerDay: Int {
    let length = Double(window.nominalMinutes * 60)
    let fixed = fixedOffsets(windowLength: length)
    let free = FreeIntervals(length: length, blocked: fixed, gap: Double(minimumGapMinutes * 60))
    return min(free.capacity, Self.promptsPerDayRange.upperBound)
  }

  /// Offsets (seconds from the window start) of the fixed times inside a nominal window.
  func fixedOffsets(windowLength: Double) -> [Double] {
    fixedTimes.compactMap { time in
      var minutes = time.minutes - window.start.minutes
      if minutes < 0 { minutes += 1440 }
      let offset = Double(minutes * 60)
      return offset < windowLength ? offset : nil
    }
  }
}
