import DispatchCore
import Foundation

/// A figure's value on each local day that has one.
public struct DayFigureValues: Sendable, Equatable {
  /// The Apple Health type identifier.
  public var type: String
  /// Days since 1970-01-01 → the day's value.
  public var values: [Int: Double]
  /// The days whose value comes from Apple Health samples (the others from report readings).
  public var healthDays: Set<Int>

  /// The days in order with their values.
  public var days: [(day: Int, value: Double)] {
    values.keys.sorted().map { ($0, values[$0] ?? 0) }
  }

  /// The sum over every day.
  public var total: Double { days.reduce(0) { $0 + $1.value } }

  /// The value on `date`, or nil.
  public func value(on date: LocalDate) -> Double? { values[date.dayNumber] }
}

extension HealthView {
  /// `figure` on each local day `from` to `to` touch (days in `zone`; Health samples in their
  /// own zone, reports in the offset they were filed with). The one definition of a day's
  /// steps, flights or sleep: every command, chart, digest, insight and page reads it here.
  public func dayFigures(
    _ figure: DayFigure, from: Instant? = nil, to: Instant? = nil, zone: TimeZone
  ) throws -> DayFigureValues {
    try dayValues(healthType: figure.healthType, from: from, to: to, zone: zone)
  }

  /// Any Health type's value on each local day `from` to `to` touch: the de-duplicated sum,
  /// the hours asleep, or the average; for the types a ``DayFigure`` names, days without
  /// samples take the reports' readings.
  public func dayValues(
    healthType: String, from: Instant? = nil, to: Instant? = nil, zone: TimeZone
  )
    throws -> DayFigureValues
  {
    let series = try healthSeries(type: healthType, from: from, to: to, zone: zone)
    var values: [Int: Double] = [:]
    for point in series.points {
      guard let day = DateArgument.dayNumber(point.date) else { continue }
      values[day] = point.value
    }
    let healthDays = Set(values.keys)
    if let figure = DayFigure.allCases.first(where: { $0.healthType == healthType }) {
      for (day, value) in try readingDays(figure, from: from, to: to, zone: zone)
      where !healthDays.contains(day) {
        values[day] = value
      }
    }
    return DayFigureValues(type: healthType, values: values, healthDays: healthDays)
  }

  /// The figure from the readings of filed reports, per local day of each report.
  private func readingDays(_ figure: DayFigure, from: Instant?, to: Instant?, zone: TimeZone)
    throws -> [Int: Double]
  {
    var cache = ZoneOffsetCache(zone)
    let firstDay = from.map { cache.localDay(at: $0.milliseconds) }
    let lastDay = to.map { cache.localDay(at: $0.milliseconds - 1) }
    let margin: Int64 = 86_400_000
    let placeholders = figure.readingTypes.map { _ in "?" }.joined(separator: ", ")
    let sql = """
      SELECT r.id, r.date_ms, r.utc_offset_s, h.type, h.value
      FROM report_health h JOIN reports r ON r.id = h.report_id
      WHERE r.is_draft = 0 AND r.date_ms >= ? AND r.date_ms < ? AND h.type IN (\(placeholders))
      ORDER BY r.date_ms, r.id
      """
    let bounds: [DatabaseValue] = [
      .integer(from.map { $0.milliseconds - margin } ?? Int64.min),
      .integer(to.map { $0.milliseconds + margin } ?? Int64.max),
    ]
    var reports: [(day: Int, readings: [(type: String, value: Double)])] = []
    var lastID: String?
    try database.forEachRow(sql, bounds + figure.readingTypes.map { .text($0) }) { row in
      guard let id = row.string(0), let date = row.int64(1), let offset = row.int64(2),
        let type = row.string(3), let value = row.double(4)
      else { return }
      let day = Int((date + offset * 1000).floorDivided(by: 86_400_000).quotient)
      if let firstDay, day < firstDay { return }
      if let lastDay, day > lastDay { return }
      if id == lastID {
        reports[reports.count - 1].readings.append((type, value))
      } else {
        reports.append((day, [(type, value)]))
        lastID = id
      }
    }
    return figure.dayValues(reports)
  }
}
