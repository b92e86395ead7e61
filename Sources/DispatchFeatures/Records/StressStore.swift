import DispatchCore
import DispatchStorage

/// The stress check-in entry points the command line calls: one call per command
/// (docs/architecture.md#layers).
extension RecordsView {
  /// Files a check-in made of `input`, at `--at`/`--ago` or now, read like every direct
  /// record's time (``RecordTimeArgument``: the store's zone, precision kept).
  ///
  /// - Throws: ``DispatchError`` for an unknown stressor, a bad time or an empty check-in;
  ///   `StoreError` when the database fails.
  @discardableResult
  public func fileStressCheckIn(
    _ input: StressCheckInInput, at: String? = nil, ago: String? = nil,
    environment: RunEnvironment
  ) throws -> StressCheckIn {
    let time = try RecordTimeArgument(at: at, ago: ago).resolve(in: store, environment: environment)
    let checkIn = try input.checkIn(
      id: environment.makeID(), time: time, stressors: try stressors())
    try saveStressCheckIn(checkIn)
    return checkIn
  }

  /// Replaces the personal stressors after checking the names.
  ///
  /// - Returns: the names as stored.
  @discardableResult
  public func defineStressors(_ names: [String]) throws -> [String] {
    let checked = try StressCheckInInput.validateStressors(names)
    try setStressors(checked)
    return checked
  }

  /// Check-ins on or after the local day `since` names (all when nil), oldest first.
  /// An instant bound is read in `zone`, else the zone of the store's records.
  public func stressCheckIns(since: DateBound?, zone: String? = nil) throws -> [StressCheckIn] {
    guard let since else { return try stressCheckIns() }
    let day = StressDay.number(
      since, zone: try zone ?? RecordTimeArgument.zoneIdentifier(in: store))
    // A local day starts up to 14 hours before or 12 after its UTC day: fetch a day early.
    let checkIns = try stressCheckIns(from: Instant(milliseconds: Int64(day - 1) * 86_400_000))
    return checkIns.filter { StressDay.number($0.time) >= day }
  }

  /// Compares the `days` days ending with `before` and with `after` (see ``StressComparison``).
  public func stressComparison(
    before: DateBound, after: DateBound, days: Int = StressComparison.defaultDays,
    zone: String? = nil
  ) throws -> StressComparison {
    let zone = try zone ?? RecordTimeArgument.zoneIdentifier(in: store)
    let beforeDay = StressDay.number(before, zone: zone)
    let afterDay = StressDay.number(after, zone: zone)
    let checkIns = try stressCheckIns(since: .localDay(min(beforeDay, afterDay) - days + 1))
    return try StressComparison.compare(
      checkIns, beforeDay: beforeDay, afterDay: afterDay, days: days, order: try stressors())
  }

  /// Summarises the check-ins since `since` (see ``StressSummary``).
  public func stressSummary(since: DateBound, zone: String? = nil) throws -> StressSummary {
    let day = StressDay.number(
      since, zone: try zone ?? RecordTimeArgument.zoneIdentifier(in: store))
    return StressSummary.make(
      try stressCheckIns(since: .localDay(day)), sinceDay: day, order: try stressors())
  }
}
