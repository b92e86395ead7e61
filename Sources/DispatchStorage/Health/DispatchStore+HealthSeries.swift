import DispatchCore
import Foundation

/// A type's samples cut into the parts each local day counts, with what a total of them means:
/// the one reading of Health samples behind every figure (`health show`, graphs, the digest,
/// week comparisons, insights, the dashboard).
public struct HealthDayParts: Sendable {
  public var type: String
  public var aggregation: HealthAggregation
  /// The type's most common unit, which every part is converted to.
  public var unit: String?
  /// Oldest first.
  public var parts: [HealthSeriesSample]

  /// How much of each part a total counts (de-duplicated across sources for sums and hours).
  public var shares: [Double] { HealthSeries.shares(aggregation: aggregation, samples: parts) }
}

extension HealthView {
  /// `type`'s values per day or week on the local days `from` to `to` touch
  /// (docs/health.md#one-figure-per-day), each sample read in its own `HKTimeZone`, else in
  /// `zone` (docs/formats/apple-health.md#dates-and-time-zones).
  public func healthSeries(
    type: String, from: Instant? = nil, to: Instant? = nil, period: HealthSeries.Period = .day,
    zone: TimeZone
  ) throws -> HealthSeries {
    let read = try healthDayParts(type: type, from: from, to: to, zone: zone)
    return HealthSeries.make(
      type: type, aggregation: read.aggregation, unit: read.unit, period: period,
      samples: read.parts)
  }

  /// `type`'s samples on the local days `from` to `to` touch, cut at local midnights
  /// (docs/health.md#one-figure-per-day): a sum's or a category's sample that crosses midnight
  /// counts on each side for its share of the time; an average's sample counts on the day it
  /// starts; sleep counts its asleep stages only, for the night they belong to (stages ending
  /// after noon belong to the next day's night). Values in another unit than the type's most
  /// common one are converted, or left out when they measure something else. `ids` keeps only
  /// those samples (the records a query selected).
  public func healthDayParts(
    type: String, from: Instant? = nil, to: Instant? = nil, zone: TimeZone,
    only ids: Set<Int64>? = nil
  ) throws -> HealthDayParts {
    let info = HealthTypeCatalog.info(type)
    let aggregation = info?.aggregation ?? .discrete
    let isSleep = type == "HKCategoryTypeIdentifierSleepAnalysis"
    return try database.read { db in
      guard
        let typeID = try db.rows("SELECT id FROM health_strings WHERE value = ?", [type]).first?
          .int64(0)
      else {
        return HealthDayParts(type: type, aggregation: aggregation, unit: nil, parts: [])
      }
      let unit = try Self.commonUnits(db, typeID: typeID)[typeID] ?? nil
      let ranks = try HealthSourceRanks.load(typeID: typeID, db)
      var reader = HealthDayReader(zone: zone, from: from, to: to)
      var units: [Int64: String] = [:]
      var zoneNames: [Int64: String] = [:]
      var parts: [HealthSeriesSample] = []
      // Two days either side: a night that began the evening before the first day, and samples
      // whose own zone is hours away from the store's.
      let margin: Int64 = 2 * 86_400_000
      let sql = """
        SELECT s.source_id, s.start_ms, s.end_ms, s.value, s.unit_id, s.time_zone_id, v.value, s.id
        FROM health_samples s LEFT JOIN health_strings v ON v.id = s.value_text_id
        WHERE s.type_id = ? AND s.start_ms >= ? AND s.start_ms < ?
        ORDER BY s.start_ms
        """
      let low = from.map { $0.milliseconds - margin } ?? Int64.min
      let high = to.map { $0.milliseconds + margin } ?? Int64.max
      try db.forEachRow(sql, [typeID, low, high]) { row in
        guard let source = row.int64(0), let start = row.int64(1), let end = row.int64(2) else {
          return
        }
        if let ids, !ids.contains(row.int64(7) ?? -1) { return }
        if isSleep, !(row.string(6).map(HealthSleep.isAsleep) ?? false) { return }
        var value = row.double(3) ?? 0
        if aggregation != .categorical, let unitID = row.int64(4), let unit {
          if units[unitID] == nil {
            units[unitID] = try db.rows("SELECT value FROM health_strings WHERE id = ?", [unitID])
              .first?.string(0)
          }
          guard let sampleUnit = units[unitID],
            let converted = HealthUnits.convert(value, from: sampleUnit, to: unit)
          else { return }
          value = converted
        }
        var zoneName: String?
        if let zoneID = row.int64(5) {
          if zoneNames[zoneID] == nil {
            zoneNames[zoneID] =
              try db.rows("SELECT value FROM health_strings WHERE id = ?", [zoneID]).first?
              .string(0) ?? ""
          }
          zoneName = zoneNames[zoneID]
        }
        let sample = HealthSeriesSample(
          rank: ranks[source] ?? Int.max, start: start, end: max(end, start), value: value, day: 0)
        let rule: HealthDayReader.Rule =
          isSleep ? .night : (aggregation == .discrete || aggregation == .none ? .startDay : .split)
        reader.append(sample, zoneName: zoneName, rule: rule, to: &parts)
      }
      return HealthDayParts(type: type, aggregation: aggregation, unit: unit, parts: parts)
    }
  }
}

/// Places samples on local days: finds each sample's day in its own zone, cuts samples at local
/// midnights, and keeps the parts on the requested days.
struct HealthDayReader {
  enum Rule {
    /// The day the sample starts (averages).
    case startDay
    /// Cut at local midnights, each part with its share of the value (sums, categories).
    case split
    /// The night the stage belongs to: the day of its end, or the next day after noon.
    case night
  }

  /// A sample spanning more days than this is not cut (it is not a real measurement, and
  /// cutting it would make a part per day).
  static let longestSplitDays: Int64 = 400

  /// Offset caches: the store's zone first, then each sample zone by name.
  private var caches: [ZoneOffsetCache]
  private var cacheIndexes: [String: Int] = [:]
  private let firstDay: Int?
  private let lastDay: Int?

  init(zone: TimeZone, from: Instant?, to: Instant?) {
    var cache = ZoneOffsetCache(zone)
    firstDay = from.map { cache.localDay(at: $0.milliseconds) }
    lastDay = to.map { cache.localDay(at: $0.milliseconds - 1) }
    caches = [cache]
  }

  /// The cache for a sample's zone, the store's when it has none or an unknown one.
  private mutating func cacheIndex(_ zoneName: String?) -> Int {
    guard let zoneName else { return 0 }
    if let index = cacheIndexes[zoneName] { return index }
    let index = ZoneLookup.zone(zoneName).map { zone in
      caches.append(ZoneOffsetCache(zone))
      return caches.count - 1
    }
    cacheIndexes[zoneName] = index ?? 0
    return index ?? 0
  }

  mutating func append(
    _ sample: HealthSeriesSample, zoneName: String?, rule: Rule,
    to parts: inout [HealthSeriesSample]
  ) {
    let zone = cacheIndex(zoneName)
    let (firstDay, lastDay) = (self.firstDay, self.lastDay)
    func keep(_ part: HealthSeriesSample) {
      if let firstDay, part.day < firstDay { return }
      if let lastDay, part.day > lastDay { return }
      parts.append(part)
    }
    var part = sample
    part.offsetSeconds = Int(caches[zone].offset(at: sample.start))
    switch rule {
    case .startDay:
      part.day = caches[zone].localDay(at: sample.start)
      keep(part)
    case .night:
      part.day = caches[zone].localDay(at: sample.end + 12 * 3_600_000)
      keep(part)
    case .split:
      let length = sample.end - sample.start
      guard length > 0, length < Self.longestSplitDays * 86_400_000 else {
        part.day = caches[zone].localDay(at: sample.start)
        keep(part)
        return
      }
      var pieceStart = sample.start
      while pieceStart < sample.end {
        let day = caches[zone].localDay(at: pieceStart)
        let pieceEnd = min(sample.end, nextMidnight(after: pieceStart, day: day, zone: zone))
        var piece = sample
        piece.start = pieceStart
        piece.end = pieceEnd
        piece.value = sample.value * Double(pieceEnd - pieceStart) / Double(length)
        piece.day = day
        piece.offsetSeconds = Int(caches[zone].offset(at: pieceStart))
        keep(piece)
        pieceStart = pieceEnd
      }
    }
  }
}

extension HealthDayReader {
  /// The first instant after `start` (on local `day`) that falls on a later local day. Where the
  /// clocks change at midnight (Chile, formerly Brazil) local midnight may not exist or come
  /// twice: of the two estimates (with the offset at `start`, then at the first estimate) the
  /// earlier one that is already on a later day wins; failing both, an hour on, so a cut always
  /// moves forward.
  fileprivate mutating func nextMidnight(after start: Int64, day: Int, zone: Int) -> Int64 {
    let localMidnight = Int64(day + 1) * 86_400_000
    let first = localMidnight - Int64(caches[zone].offset(at: start)) * 1000
    let second = localMidnight - Int64(caches[zone].offset(at: first)) * 1000
    var best: Int64?
    for candidate in [first, second]
    where candidate > start && caches[zone].localDay(at: candidate) > day {
      best = min(best ?? candidate, candidate)
    }
    return best ?? max(first, second, start + 3_600_000)
  }
}

/// The sources of one type's samples, ranked by ``HealthSourceRanking`` from their names,
/// device models and sample counts.
enum HealthSourceRanks {
  static func load(typeID: Int64, _ db: Database) throws -> [Int64: Int] {
    var ids: [String: Int64] = [:]
    var sources: [(name: String, model: String?, count: Int)] = []
    for row in try db.rows(
      """
      SELECT s.source_id, n.value, max(d.model), count(*) FROM health_samples s
      JOIN health_strings n ON n.id = s.source_id
      LEFT JOIN health_devices d ON d.id = s.device_id
      WHERE s.type_id = ? GROUP BY s.source_id
      """, [typeID])
    {
      guard let id = row.int64(0), let name = row.string(1) else { continue }
      ids[name] = id
      sources.append((name, row.string(2), row.int(3) ?? 0))
    }
    var ranks: [Int64: Int] = [:]
    for (name, rank) in HealthSourceRanking.ranks(sources) {
      if let id = ids[name] { ranks[id] = rank }
    }
    return ranks
  }
}

/// Which sleep-analysis values are sleep (docs/formats/apple-health.md#category-values).
enum HealthSleep {
  static func isAsleep(_ value: String) -> Bool {
    value.hasPrefix("HKCategoryValueSleepAnalysisAsleep")
  }
}
