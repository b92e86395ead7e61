import DispatchCore
import DispatchSupport
import Foundation

/// Everything a provider may read: the machine (through a root folder and a command runner),
/// the network (through a transport), and what the store knows, copied out before the
/// providers start so none of them touches the store from its thread.
public struct SensorEnvironment: Sendable {
  /// Prefixed to /sys and /proc paths: "" on the real machine, a fixture tree in tests.
  public var root: String
  /// The user's home folder, for `~` in photo folders.
  public var home: String
  public var commands: any SensorCommands
  public var http: any HTTPTransport
  /// The moment the survey opened.
  public var now: Instant
  /// The zone photo times without an offset are read in.
  public var timeZone: TimeZone
  /// When the previous report was filed; photos newer than it count.
  public var lastReport: Instant?
  /// The user's named places.
  public var places: [SensorPlace]
  /// The place chosen for this report (`--place`), which wins over any other way of knowing.
  public var chosenPlace: SensorPlace?
  /// The Dispatch focus in force, nil when none is.
  public var focus: FocusFilter?
  /// Folders searched for new photos.
  public var photoFolders: [String]
  /// Open-Meteo's base URL (a mirror or a self-hosted instance may replace it).
  public var weatherBaseURL: String
  /// Where weather answers are cached, one file per hour and place; nil for no cache.
  public var weatherCacheFolder: String?
  /// Seconds the microphone listens.
  public var soundSeconds: Double

  /// The place, worked out once however many providers ask (location and weather both do).
  let placeFinding = OnceValue<Result<LocatedPlace, SensorError>>()

  public init(
    root: String = "", home: String, commands: any SensorCommands, http: any HTTPTransport,
    now: Instant, timeZone: TimeZone = .current, lastReport: Instant? = nil,
    places: [SensorPlace] = [], chosenPlace: SensorPlace? = nil, focus: FocusFilter? = nil,
    photoFolders: [String] = ["~/Pictures"],
    weatherBaseURL: String = SensorSettings.defaultWeatherURL, weatherCacheFolder: String? = nil,
    soundSeconds: Double = 1
  ) {
    self.root = root
    self.home = home
    self.commands = commands
    self.http = http
    self.now = now
    self.timeZone = timeZone
    self.lastReport = lastReport
    self.places = places
    self.chosenPlace = chosenPlace
    self.focus = focus
    self.photoFolders = photoFolders
    self.weatherBaseURL = weatherBaseURL
    self.weatherCacheFolder = weatherCacheFolder
    self.soundSeconds = soundSeconds
  }

  /// `path` (absolute, e.g. "/sys/class/net") under ``root``.
  public func system(_ path: String) -> String {
    root + path
  }

  /// `folder` with a leading `~` replaced by the home folder.
  public func expandingHome(_ folder: String) -> String {
    if folder == "~" { return home }
    if folder.hasPrefix("~/") { return home + folder.dropFirst() }
    return folder
  }

  /// The trimmed text of a file under ``root``, or nil when it cannot be read.
  func systemText(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: system(path)) else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The entries of a folder under ``root``, sorted; nil when it does not exist.
  func systemEntries(_ path: String) -> [String]? {
    (try? FileManager.default.contentsOfDirectory(atPath: system(path)))?.sorted()
  }
}

/// Either kind of reason a provider gives for recording nothing.
enum SensorError: Error, Sendable {
  case unavailable(SensorUnavailable)
  case failed(SensorFailure)

  init(_ error: any Error) {
    if let sensorError = error as? SensorError {
      self = sensorError
    } else if let unavailable = error as? SensorUnavailable {
      self = .unavailable(unavailable)
    } else if let failure = error as? SensorFailure {
      self = .failed(failure)
    } else {
      self = .failed(SensorFailure(String(describing: error)))
    }
  }

  var error: any Error {
    switch self {
    case .unavailable(let unavailable): return unavailable
    case .failed(let failure): return failure
    }
  }
}

/// A value computed once, on first use, by whichever thread asks first; the others wait.
final class OnceValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value?

  func get(_ compute: () -> Value) -> Value {
    lock.lock()
    defer { lock.unlock() }
    if let value { return value }
    let computed = compute()
    value = computed
    return computed
  }
}
