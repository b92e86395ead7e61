import DispatchCore
import DispatchStorage
import Foundation

/// When a direct record happened, as given on the command line: `--at TIME` or `--ago DURATION`,
/// or neither for "now" (docs/records.md#when---at-and---ago). A value that cannot be used is
/// a usage error (exit 64): the command line is what is wrong.
///
/// Precision rule (docs/formats/introspective.md#timestamp-precision): a live record is `.exact`;
/// `--at` with a clock time is `.minute`, with a date only `.day`, an ISO-8601 instant `.exact`;
/// `--ago` is as exact as the largest unit that divides it: whole days `.day` (`2d`), whole hours
/// `.hour` (`3h`), anything else `.minute` (`20m`, `1h30m`) — nobody estimates "ago" to the second.
/// The instant itself is never rounded: `--ago 20m` is exactly twenty minutes before now.
public struct RecordTimeArgument: Sendable, Equatable {
  /// The `--at` text, if given.
  public var at: String?
  /// The `--ago` text, if given.
  public var ago: String?

  /// The arguments as given; both nil means "now".
  public init(at: String? = nil, ago: String? = nil) {
    self.at = at
    self.ago = ago
  }

  /// Whether either argument was given.
  public var isGiven: Bool { at != nil || ago != nil }

  /// The time in the store's zone (the `time-zone` setting, else the run's zone), with the
  /// run's clock as now.
  public func resolve(in store: DispatchStore, environment: RunEnvironment) throws -> RecordTime {
    let zone =
      try ScheduleSettings.load(from: store).timeZoneIdentifier ?? environment.zoneIdentifier
    return try resolve(zone: zone, now: environment.now())
  }

  /// The zone new records are made in: the `time-zone` setting, else the system zone.
  public static func zoneIdentifier(in store: DispatchStore) throws -> String {
    try ScheduleSettings.load(from: store).timeZoneIdentifier ?? ZoneLookup.currentIdentifier
  }

  /// The time in `zone` with the clock at `now`; refuses unreadable texts and future times.
  public func resolve(zone: String, now: Instant) throws(DispatchError) -> RecordTime {
    if at != nil && ago != nil {
      throw DispatchError(.invalidRequest, "give --at or --ago, not both")
    }
    if let ago {
      guard let duration = TimeDuration(parsing: ago), duration.seconds >= 0 else {
        throw DispatchError(
          .invalidRequest, "'\(ago)' is not a duration; write it like 20m, 1h30m or 2d")
      }
      guard let instant = RecordBounds.move(now, bySeconds: -duration.seconds) else {
        throw DispatchError(
          .invalidRequest, "'\(ago)' ago is \(RecordBounds.description)")
      }
      return .at(instant, zone: zone, precision: Self.precision(ofAgo: duration.seconds))
    }
    guard let at else { return .at(now, zone: zone, precision: .exact) }
    let time = try Self.parse(at, zone: zone, now: now)
    guard RecordBounds.contains(time.instant) else {
      throw DispatchError(
        .invalidRequest, "'\(at)' is \(RecordBounds.description)")
    }
    guard time.instant <= now else {
      throw DispatchError(
        .invalidRequest,
        "'\(at)' is in the future; a record says what has happened (now is "
          + "\(time.localNow(now))); for yesterday write 'yesterday \(at)'")
    }
    return time
  }

  /// `.day` for whole days, `.hour` for whole hours, else `.minute`.
  static func precision(ofAgo seconds: Double) -> TimestampPrecision {
    if seconds > 0 && seconds.truncatingRemainder(dividingBy: 86_400) == 0 { return .day }
    if seconds > 0 && seconds.truncatingRemainder(dividingBy: 3_600) == 0 { return .hour }
    return .minute
  }

  /// Reads `HH:MM`, `today HH:MM`, `yesterday HH:MM`, `today`, `yesterday`, `YYYY-MM-DD`,
  /// `YYYY-MM-DD HH:MM` (or with `T`) and ISO-8601 with an offset.
  public static func parse(_ text: String, zone: String, now: Instant) throws(DispatchError)
    -> RecordTime
  {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if let parsed = Instant.parseISO8601(trimmed) {
      return .at(parsed.instant, zone: zone, precision: .exact)
    }
    guard let timeZone = ZoneLookup.zone(zone) else {
      throw DispatchError(.invalidRequest, "'\(zone)' is not a known time zone")
    }
    let today = LocalDate(now, in: timeZone)
    let parts = trimmed.replacingOccurrences(of: "T", with: " ")
      .split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var date: LocalDate?
    var clock: WallClockTime?
    switch parts.count {
    case 1:
      if let time = WallClockTime(parsing: parts[0]) {
        // A bare clock time is its latest occurrence: `--at 23:30` typed at 00:10 is last
        // night, as people mean it.
        let resolver = WallClockResolver(zone: timeZone)
        let isLater = resolver.instant(of: time, on: today).map { $0 > now } ?? false
        (date, clock) = (isLater ? today.adding(days: -1) : today, time)
      } else {
        date = day(parts[0], today: today)
      }
    case 2:
      date = day(parts[0], today: today)
      clock = WallClockTime(parsing: parts[1])
      if clock == nil { date = nil }
    default: break
    }
    guard let date, clock.map({ $0 != .endOfDay }) ?? true else {
      throw DispatchError(
        .invalidRequest,
        "'\(text)' is not a time; use 14:05, 'yesterday 22:10', 2026-07-08, "
          + "'2026-07-08 14:05' or ISO-8601 with an offset")
    }
    let resolver = WallClockResolver(zone: timeZone)
    guard let instant = resolver.instant(of: clock ?? .midnight, on: date) else {
      throw DispatchError(.invalidRequest, "'\(text)' does not exist in \(zone)")
    }
    return .at(instant, zone: zone, precision: clock == nil ? .day : .minute)
  }

  private static func day(_ text: String, today: LocalDate) -> LocalDate? {
    switch text.lowercased() {
    case "today": return today
    case "yesterday": return today.adding(days: -1)
    default: return LocalDate(parsing: text)
    }
  }
}

extension RecordTime {
  /// `now` as local wall-clock text in this record's zone: `2026-03-04 10:00`.
  func localNow(_ now: Instant) -> String {
    let offset = timeZoneIdentifier.flatMap { ZoneLookup.offset($0, at: now) } ?? utcOffsetSeconds
    let civil = CivilTime(milliseconds: now.milliseconds, offsetSeconds: offset)
    return civil.dateText + " " + civil.clockText
  }

  /// Local wall-clock text: `2026-03-04 10:00` (just the date for day precision).
  public var localText: String {
    precision == .day ? local.dateText : local.dateText + " " + local.clockText
  }
}

extension RecordTimeArgument {
  /// The `[from, to)` instants of `--from` / `--to` texts as `reports list` reads them
  /// (`YYYY-MM-DD`, `today`, `yesterday`, `7d`, ISO-8601); days are taken in the store's zone,
  /// and a `--to` day includes that whole day.
  public static func range(
    from: String?, to: String?, in store: DispatchStore, environment: RunEnvironment
  ) throws -> (
    from: Instant?, to: Instant?
  ) {
    let zone = try ScheduleSettings.load(from: store).zone
    let now = environment.now()
    func bound(_ text: String?, _ name: String, endOfDay: Bool) throws(DispatchError) -> Instant? {
      guard let text else { return nil }
      switch DateArgument.parse(text, zone: zone, now: now, endOfDay: endOfDay) {
      case .instant(let instant)?: return instant
      case .localDay(let day)?:
        return WallClockResolver(zone: zone).instant(of: .midnight, on: LocalDate(dayNumber: day))
      case nil:
        throw DispatchError(
          .invalidRequest, "'\(text)' is not a date for --\(name); use YYYY-MM-DD, today, 7d")
      }
    }
    return (try bound(from, "from", endOfDay: false), try bound(to, "to", endOfDay: true))
  }
}
