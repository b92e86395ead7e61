import DispatchCore

/// A health type present in the store (`dispatch health types`).
public struct HealthTypeSummary: Sendable, Equatable {
  /// The full HealthKit identifier, e.g. `HKQuantityTypeIdentifierStepCount`.
  public var type: String
  /// Stored samples, raw (not de-duplicated; a correlation member once).
  public var count: Int
  /// The most common unit; nil for category types.
  public var unit: String?
  /// The earliest start and the latest end.
  public var first: Instant
  public var last: Instant
}

extension HealthView {
  /// Every health type with samples, by identifier.
  public func healthTypes() throws -> [HealthTypeSummary] {
    try database.read { db in
      let units = try Self.commonUnits(db)
      return try db.rows(
        """
        SELECT t.value, s.type_id, count(*), min(s.start_ms), max(s.end_ms)
        FROM health_samples s JOIN health_strings t ON t.id = s.type_id
        GROUP BY s.type_id ORDER BY t.value
        """
      ).compactMap { row in
        guard let type = row.string(0), let id = row.int64(1) else { return nil }
        return HealthTypeSummary(
          type: type, count: row.int(2) ?? 0, unit: units[id] ?? nil,
          first: Instant(milliseconds: row.int64(3) ?? 0),
          last: Instant(milliseconds: row.int64(4) ?? 0))
      }
    }
  }

  /// The most common unit of each type's samples, or of the one type `typeID`; a tie goes to
  /// the name first in order, so it is stable. Nil for a type whose samples have no unit.
  static func commonUnits(_ db: Database, typeID: Int64? = nil) throws -> [Int64: String?] {
    var units: [Int64: (unit: String?, count: Int)] = [:]
    let filter = typeID == nil ? "" : "WHERE s.type_id = ?"
    for row in try db.rows(
      """
      SELECT s.type_id, u.value, count(*) FROM health_samples s
      LEFT JOIN health_strings u ON u.id = s.unit_id \(filter)
      GROUP BY s.type_id, s.unit_id
      """, typeID.map { [$0] } ?? [])
    {
      guard let type = row.int64(0) else { continue }
      let count = row.int(2) ?? 0
      let unit = row.string(1)
      if let known = units[type],
        known.count > count || (known.count == count && (known.unit ?? "") <= (unit ?? ""))
      {
        continue
      }
      units[type] = (unit, count)
    }
    return units.mapValues(\.unit)
  }

  /// The `Me` characteristics of the last export imported (date of birth, sex, …).
  public func healthCharacteristics() throws -> [(key: String, value: String)] {
    try database.read { db in
      try db.rows("SELECT key, value FROM health_characteristics ORDER BY key").compactMap { row in
        guard let key = row.string(0), let value = row.string(1) else { return nil }
        return (key, value)
      }
    }
  }

  /// Whether any Apple Health data has been imported.
  public func hasHealthData() throws -> Bool {
    try database.scalarInt("SELECT EXISTS (SELECT 1 FROM health_samples)") == 1
      || database.scalarInt("SELECT EXISTS (SELECT 1 FROM health_workouts)") == 1
  }
}
