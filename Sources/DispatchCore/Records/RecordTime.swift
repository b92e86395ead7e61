/// How exactly a record's time is known (docs/records.md#when---at-and---ago): "about 20 minutes
/// ago" or a date-only import keeps its precision, and analyses that need finer precision skip it
/// or say so.
public enum TimestampPrecision: String, Sendable, CaseIterable, Comparable {
  /// To the second or better: recorded live.
  case exact
  /// To the minute: ATracker, EasyPill and Wellness rows, `--at 14:05`.
  case minute
  /// To the hour: `--ago 2h`-style estimates.
  case hour
  /// The date only: EasyPill's "Starting", `--at 2026-07-08`.
  case day

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

/// When a record happened: the instant, where (zone and offset there), and how exactly.
public struct RecordTime: Sendable, Equatable {
  public var instant: Instant
  /// The IANA zone the record was made in; nil for zone-less sources read in no known zone.
  public var timeZoneIdentifier: String?
  /// The UTC offset in force there at that instant.
  public var utcOffsetSeconds: Int
  public var precision: TimestampPrecision

  public init(
    _ instant: Instant, timeZoneIdentifier: String?, utcOffsetSeconds: Int,
    precision: TimestampPrecision = .exact
  ) {
    self.instant = instant
    self.timeZoneIdentifier = timeZoneIdentifier
    self.utcOffsetSeconds = utcOffsetSeconds
    self.precision = precision
  }

  /// The instant in `zone` (offset looked up for that instant).
  public static func at(
    _ instant: Instant, zone identifier: String, precision: TimestampPrecision = .exact
  ) -> RecordTime {
    RecordTime(
      instant, timeZoneIdentifier: identifier,
      utcOffsetSeconds: ZoneLookup.offset(identifier, at: instant) ?? 0, precision: precision)
  }

  /// Wall-clock fields where the record was made.
  public var local: CivilTime {
    CivilTime(milliseconds: instant.milliseconds, offsetSeconds: utcOffsetSeconds)
  }
}

/// Where a direct record came from; Introspective's source names are kept for its formats.
public enum RecordSource {
  /// Recorded with Dispatch.
  public static let dispatch = "Dispatch"
  public static let introspective = "Introspective"
  public static let atracker = "ATracker"
  public static let wellness = "Wellness"
  public static let easyPill = "EasyPill"
}
