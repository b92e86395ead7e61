import DispatchCore
import Foundation

extension DispatchStore {
  /// `type`'s values per day or week between `from` and `to` (by sample start), in the local
  /// time of each sample's `HKTimeZone`, else of `zone`
  /// (docs/formats/apple-health.md#dates-and-time-zones: the offsets written in an export are the
  /// export's, not the sample's).
  ///
  /// Values in another unit than the type's most common one are converted when the two
  /// measure the same thing and left out otherwise. Sleep counts the asleep stages only, on
  /// the day the night ends.
  public func healthSeries(
    type: String, from: Instant? = nil, to: Instant? = nil, period: HealthSeries.Period = .day,
    zone: TimeZone
  ) throws -> HealthSeries {
    let info = HealthTypeCatalog.info(type)
    let aggregation = info?.aggregation ?? .discrete
    let isSleep = type == "HKCategoryTypeIdentifierSleepAnalysis"
    return try database.read { db in
      guard
        let typeID = try db.rows("SELECT id FROM health_strings WHERE value = ?", [type]).first?
          .int64(0)
      else {
        return HealthSeries(
          type: type, aggregation: aggregation, unit: nil, period: period, points: [])
      }
      let unit = try healthTypes().first { $0.type == type }?.unit
      let ranks = try HealthSourceRanks.load(typeID: typeID, db)
      var zones: [Int64: ZoneOffsetCache] = [:]
      var fallback = ZoneOffsetCache(zone)
      var units: [Int64: String] = [:]
      var samples: [HealthSeriesSample] = []
      let sql = """
        SELECT s.source_id, s.start_ms, s.end_ms, s.value, s.unit_id, s.time_zone_id, v.value
        FROM health_samples s LEFT JOIN health_strings v ON v.id = s.value_text_id
        WHERE s.type_id = ? AND s.start_ms >= ? AND s.start_ms < ?
        ORDER BY s.start_ms
        """
      try db.forEachRow(
        sql, [typeID, from?.milliseconds ?? Int64.min, to?.milliseconds ?? Int64.max]
      ) { row in
        guard let source = row.int64(0), let start = row.int64(1), let end = row.int64(2) else {
          return
        }
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
        let dayInstant = isSleep ? end : start
        let day: Int
        if let zoneID = row.int64(5) {
          if zones[zoneID] == nil {
            let name = try db.rows("SELECT value FROM health_strings WHERE id = ?", [zoneID]).first?
              .string(0)
            zones[zoneID] = ZoneOffsetCache(name.flatMap(ZoneLookup.zone) ?? zone)
          }
          day = zones[zoneID]?.localDay(at: dayInstant) ?? fallback.localDay(at: dayInstant)
        } else {
          day = fallback.localDay(at: dayInstant)
        }
        samples.append(
          HealthSeriesSample(
            rank: ranks[source] ?? Int.max, start: start, end: end, value: value, day: day))
      }
      return HealthSeries.make(
        type: type, aggregation: aggregation, unit: unit, period: period, samples: samples)
    }
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
