import DispatchCore
import Foundation

/// The Apple Health readings attached to a report (docs/health.md#health-context-on-reports): what
/// the seed attaches from HealthKit, worked out from imported data, with Dispatch's v2 reading
/// types (docs/formats/dispatch-v2.md#health-readings) so they export in v2 and feed insights.
/// docs/health.md gives each reading's window.
struct HealthContext {
  let db: Database
  let zone: TimeZone
  var typeIDs: [String: Int64] = [:]
  private var ranks: [Int64: [Int64: Int]] = [:]
  var offsets: ZoneOffsetCache

  init(db: Database, zone: TimeZone) throws {
    self.db = db
    self.zone = zone
    offsets = ZoneOffsetCache(zone)
    for row in try db.rows(
      "SELECT value, id FROM health_strings WHERE value LIKE 'HK%TypeIdentifier%'")
    {
      if let name = row.string(0), let id = row.int64(1) { typeIDs[name] = id }
    }
  }

  /// The readings for a report filed at `instant`, the previous report having been filed at
  /// `previous` (nil: none).
  mutating func readings(at instant: Instant, previous: Instant?) throws -> [HealthReading] {
    let now = instant.milliseconds
    let midnight = localMidnight(before: now)
    let since = max(previous?.milliseconds ?? midnight, midnight)
    var readings: [HealthReading] = []
    for (type, name) in [("StepCount", "steps"), ("FlightsClimbed", "flightsClimbed")] {
      if let total = try deduplicatedSum("HKQuantityTypeIdentifier" + type, from: since, to: now) {
        readings.append(reading(name, total, "count", since, now))
      }
    }
    readings += try heartRate(at: now)
    for (type, name, unit, hours) in [
      ("HeartRateVariabilitySDNN", "hrvSDNN", "ms", 24),
      ("RestingHeartRate", "restingHeartRate", "bpm", 36),
    ] {
      if let latest = try latest(
        "HKQuantityTypeIdentifier" + type, before: now, within: Int64(hours) * 3_600_000)
      {
        readings.append(reading(name, latest.value, unit, latest.start, latest.start))
      }
    }
    readings += try sleep(before: now)
    if let caffeine = try deduplicatedSum(
      "HKQuantityTypeIdentifierDietaryCaffeine", from: midnight, to: now)
    {
      readings.append(reading("caffeine", caffeine, "mg", midnight, now))
    }
    readings += try workouts(from: midnight, to: now)
    readings += try rings(on: now)
    readings += try medications(from: midnight, to: now)
    return readings
  }

  func reading(_ type: String, _ value: Double, _ unit: String, _ start: Int64, _ end: Int64)
    -> HealthReading
  {
    HealthReading(
      type: type, value: value, unit: unit, startDate: Instant(milliseconds: start),
      endDate: Instant(milliseconds: end), isFromAppleHealth: true)
  }

  /// The local day of `instant`, days since 1970-01-01.
  mutating func offsetsDay(_ instant: Int64) -> Int { offsets.localDay(at: instant) }

  /// Local midnight of the day `instant` falls on.
  mutating func localMidnightBefore(_ instant: Int64) -> Int64 { localMidnight(before: instant) }

  private mutating func localMidnight(before instant: Int64) -> Int64 {
    let day = offsets.localDay(at: instant)
    let guess = Int64(day) * 86_400_000
    return guess - Int64(offsets.offset(at: guess)) * 1000
  }

  /// The samples of `type` that start in `[from, to)`: source, start, end, value, text.
  func samples(_ typeID: Int64, from: Int64, to: Int64) throws
    -> [(source: Int64, start: Int64, end: Int64, value: Double, text: Int64?)]
  {
    try db.rows(
      """
      SELECT source_id, start_ms, end_ms, value, value_text_id FROM health_samples
      WHERE type_id = ? AND start_ms >= ? AND start_ms < ? ORDER BY start_ms
      """, [typeID, from, to]
    ).compactMap { row in
      guard let source = row.int64(0), let start = row.int64(1), let end = row.int64(2) else {
        return nil
      }
      return (source, start, end, row.double(3) ?? 0, row.int64(4))
    }
  }

  mutating func rank(of source: Int64, type typeID: Int64) throws -> Int {
    if ranks[typeID] == nil { ranks[typeID] = try HealthSourceRanks.load(typeID: typeID, db) }
    return ranks[typeID]?[source] ?? Int.max
  }

  private mutating func deduplicatedSum(_ type: String, from: Int64, to: Int64) throws -> Double? {
    guard let typeID = typeIDs[type], to > from else { return nil }
    let found = try samples(typeID, from: from, to: to)
    guard !found.isEmpty else { return nil }
    var input: [HealthDeduplication.Sample] = []
    for sample in found {
      input.append(
        .init(
          rank: try rank(of: sample.source, type: typeID), start: sample.start, end: sample.end,
          value: sample.value))
    }
    return HealthDeduplication.contributions(input).reduce(0, +)
  }

  /// The latest sample of `type` within `window` before `instant`.
  private func latest(_ type: String, before instant: Int64, within window: Int64) throws
    -> (value: Double, start: Int64)?
  {
    guard let typeID = typeIDs[type] else { return nil }
    return try samples(typeID, from: instant - window, to: instant + 1).last.map {
      ($0.value, $0.start)
    }
  }
}
