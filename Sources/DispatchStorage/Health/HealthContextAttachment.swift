import DispatchCore
import Foundation

/// Puts ``HealthContext`` readings on reports: when a report is filed, and for every report in
/// the span of an Apple Health import, since the data often arrives long after the reports.
/// Only readings Dispatch worked out (`from_apple_health`) are replaced; a reading a report
/// brought from its source (Reporter's or Dispatch's own `steps`) is kept, and no reading of
/// that type is added beside it.
enum HealthContextAttachment {
  /// The zone days are read in where samples name none: the store's `timeZone` setting, else
  /// the system's.
  static func zone(_ db: Database) throws -> TimeZone {
    let setting = try db.rows("SELECT value FROM settings WHERE key = ?", [SettingKey.timeZone])
      .first?.string(0)
    return setting.flatMap(ZoneLookup.zone) ?? ZoneLookup.zone(ZoneLookup.currentIdentifier)
      ?? .current
  }

  /// Whether the store holds anything to attach.
  static func hasHealthData(_ db: Database) throws -> Bool {
    try db.scalarInt("SELECT EXISTS (SELECT 1 FROM health_samples)") == 1
      || db.scalarInt("SELECT EXISTS (SELECT 1 FROM health_workouts)") == 1
  }

  /// Re-attaches readings to every filed report from a day before the first health sample to
  /// a day after the last; returns how many reports it looked at.
  @discardableResult
  static func attachAll(_ db: Database) throws -> Int {
    // No reports, nothing to do: the span below scans every sample.
    guard try db.scalarInt("SELECT EXISTS (SELECT 1 FROM reports WHERE is_draft = 0)") == 1,
      try hasHealthData(db),
      let span = try db.rows(
        """
        SELECT min(lo), max(hi) FROM (
          SELECT min(start_ms) AS lo, max(end_ms) AS hi FROM health_samples
          UNION ALL SELECT min(start_ms), max(end_ms) FROM health_workouts)
        """
      ).first, let first = span.int64(0), let last = span.int64(1)
    else { return 0 }
    var context = try HealthContext(db: db, zone: try zone(db))
    let reports = try db.rows(
      """
      SELECT id, date_ms FROM reports WHERE is_draft = 0 AND date_ms >= ? AND date_ms <= ?
      ORDER BY date_ms, id
      """, [first - 86_400_000, last + 86_400_000])
    var previous = try previousReport(before: reports.first?.int64(1) ?? first, db)
    for row in reports {
      guard let id = row.string(0), let date = row.int64(1) else { continue }
      try attach(id: id, at: date, previous: previous, context: &context, db)
      previous = date
    }
    return reports.count
  }

  /// Attaches readings to the report `id` filed at `date`.
  static func attach(report id: String, at date: Int64, _ db: Database) throws {
    guard try hasHealthData(db) else { return }
    var context = try HealthContext(db: db, zone: try zone(db))
    try attach(
      id: id, at: date, previous: try previousReport(before: date, db), context: &context, db)
  }

  private static func previousReport(before date: Int64, _ db: Database) throws -> Int64? {
    try db.rows("SELECT max(date_ms) FROM reports WHERE is_draft = 0 AND date_ms < ?", [date])
      .first?.int64(0)
  }

  private static func attach(
    id: String, at date: Int64, previous: Int64?, context: inout HealthContext, _ db: Database
  ) throws {
    let readings = try context.readings(
      at: Instant(milliseconds: date), previous: previous.map(Instant.init(milliseconds:)))
    try db.execute(
      "DELETE FROM report_health WHERE report_id = ? AND from_apple_health = 1", values: [.text(id)]
    )
    let kept = Set(
      try db.rows("SELECT type FROM report_health WHERE report_id = ?", [id]).compactMap {
        $0.string(0)
      })
    var position = Int64(
      try db.scalarInt(
        "SELECT coalesce(max(position) + 1, 0) FROM report_health WHERE report_id = ?", [id])
        ?? 0)
    for var reading in readings where !kept.contains(reading.type) {
      reading.isFromAppleHealth = true
      try db.insert(
        OwnedRow(owner: id, position: Int(position), reading), into: Report.healthTable)
      position += 1
    }
  }
}
