/// The span of time a record may fall in: from 1900 to 2200 (UTC).
///
/// Why a bound at all: a time is a 64-bit count of milliseconds, and arithmetic on a value a
/// person typed (`--ago 106751991168d`) or a file claimed would overflow it; and a record
/// centuries away makes every per-day view (the dashboard, day figures) walk hundreds of
/// thousands of days. No self-tracking record is older than 1900 or later than 2200, so
/// values outside are refused before any arithmetic, with the value named.
public enum RecordBounds {
  /// 1900-01-01T00:00:00Z.
  public static let earliest = Instant(milliseconds: -2_208_988_800_000)
  /// 2200-01-01T00:00:00Z.
  public static let latest = Instant(milliseconds: 7_258_118_400_000)

  /// Whether `instant` lies within the bounds.
  public static func contains(_ instant: Instant) -> Bool {
    instant >= earliest && instant < latest
  }

  /// `instant` moved by `seconds` (negative: back), or nil when the result, or the
  /// arithmetic, would leave the bounds.
  public static func move(_ instant: Instant, bySeconds seconds: Double) -> Instant? {
    guard seconds.isFinite, contains(instant) else { return nil }
    let span = Double(latest.milliseconds - earliest.milliseconds) / 1000
    guard abs(seconds) <= span else { return nil }
    let moved = Instant(milliseconds: instant.milliseconds + Int64((seconds * 1000).rounded()))
    return contains(moved) ? moved : nil
  }

  /// How a refused value is described.
  public static let description = "outside 1900–2199, the years a record may fall in"
}
