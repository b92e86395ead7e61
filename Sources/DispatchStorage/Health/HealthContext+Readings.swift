import DispatchCore

/// Heart rate, sleep, workouts, rings and medications around a report.
extension HealthContext {
  /// The half hour before the report: the average, lowest and highest, first and last heart
  /// rate; and the latest within two hours.
  func heartRate(at now: Int64) throws -> [HealthReading] {
    guard let typeID = typeIDs["HKQuantityTypeIdentifierHeartRate"] else { return [] }
    var readings: [HealthReading] = []
    let window = try samples(typeID, from: now - 1_800_000, to: now + 1)
    if let first = window.first, let last = window.last {
      let values = window.map(\.value)
      let start = first.start
      readings += [
        reading("heartRateAvg", values.reduce(0, +) / Double(values.count), "bpm", start, now),
        reading("heartRateWindowMin", values.min() ?? 0, "bpm", start, now),
        reading("heartRateWindowMax", values.max() ?? 0, "bpm", start, now),
        reading("heartRateWindowStart", first.value, "bpm", first.start, first.start),
        reading("heartRateWindowEnd", last.value, "bpm", last.start, last.start),
      ]
    }
    if let latest = try samples(typeID, from: now - 7_200_000, to: now + 1).last {
      readings.append(reading("heartRateLatest", latest.value, "bpm", latest.start, latest.start))
    }
    return readings
  }

  /// The night before: asleep stages from noon the day before until the report (or noon, if
  /// the report comes later), in seconds per stage, one source per overlap.
  mutating func sleep(before now: Int64) throws -> [HealthReading] {
    guard let typeID = typeIDs["HKCategoryTypeIdentifierSleepAnalysis"] else { return [] }
    let midnight = localMidnightBefore(now)
    let from = midnight - 12 * 3_600_000
    let to = min(now, midnight + 12 * 3_600_000)
    let found = try samples(typeID, from: from - 86_400_000, to: to).filter {
      $0.end > from && $0.end <= to
    }
    var stages: [(stage: String, sample: HealthDeduplication.Sample)] = []
    for sample in found {
      guard let text = sample.text, let value = try stringValue(text), HealthSleep.isAsleep(value)
      else { continue }
      let stage = String(value.dropFirst("HKCategoryValueSleepAnalysisAsleep".count))
      stages.append(
        (
          stage,
          .init(
            rank: try rank(of: sample.source, type: typeID), start: sample.start, end: sample.end,
            value: Double(sample.end - sample.start) / 1000)
        ))
    }
    guard !stages.isEmpty else { return [] }
    let shares = HealthDeduplication.contributions(stages.map(\.sample))
    var seconds: [String: Double] = [:]
    for (entry, share) in zip(stages, shares) {
      let name = entry.stage.isEmpty ? "Unspecified" : entry.stage
      seconds[name, default: 0] += share
    }
    let start = stages.map(\.sample.start).min() ?? from
    let end = stages.map(\.sample.end).max() ?? to
    return ["Deep", "REM", "Core", "Unspecified"].compactMap { stage in
      seconds[stage].map { reading("sleep" + stage, $0.rounded(), "s", start, end) }
    }
  }

  /// Workouts that ended earlier on the report's day: seconds per activity type, named by
  /// HealthKit's raw value (`workout.37` is running).
  func workouts(from: Int64, to: Int64) throws -> [HealthReading] {
    var seconds: [Int: (total: Double, start: Int64, end: Int64)] = [:]
    for row in try db.rows(
      """
      SELECT activity_type, coalesce(duration_s, (end_ms - start_ms) / 1000.0), start_ms, end_ms
      FROM health_workouts WHERE end_ms > ? AND end_ms <= ? ORDER BY start_ms
      """, [from, to])
    {
      guard let type = row.string(0), let start = row.int64(2), let end = row.int64(3) else {
        continue
      }
      let raw = HealthWorkoutActivityTypes.named(type)?.rawValue ?? 3000
      let known = seconds[raw]
      seconds[raw] = ((known?.total ?? 0) + (row.double(1) ?? 0), known?.start ?? start, end)
    }
    return seconds.keys.sorted().compactMap { raw in
      seconds[raw].map { reading("workout.\(raw)", $0.total.rounded(), "s", $0.start, $0.end) }
    }
  }

  /// The activity rings of the report's local day, energy in kcal.
  mutating func rings(on now: Int64) throws -> [HealthReading] {
    let day = CivilTime(milliseconds: Int64(offsetsDay(now)) * 86_400_000, offsetSeconds: 0)
      .dateText
    guard
      let row = try db.rows(
        """
        SELECT active_energy, active_energy_goal, active_energy_unit, exercise_time,
          exercise_time_goal, stand_hours, stand_hours_goal FROM health_activity_summaries
        WHERE day = ?
        """, [day]
      ).first
    else { return [] }
    let midnight = localMidnightBefore(now)
    let unit = row.string(2) ?? "kcal"
    var readings: [HealthReading] = []
    let values: [(String, Double?, String)] = [
      (
        "activity.move", row.double(0).flatMap { HealthUnits.convert($0, from: unit, to: "kcal") },
        "kcal"
      ),
      (
        "activity.moveGoal",
        row.double(1).flatMap { HealthUnits.convert($0, from: unit, to: "kcal") }, "kcal"
      ),
      ("activity.exercise", row.double(3), "min"), ("activity.exerciseGoal", row.double(4), "min"),
      ("activity.stand", row.double(5), "hours"), ("activity.standGoal", row.double(6), "hours"),
    ]
    for (name, value, unit) in values {
      if let value { readings.append(reading(name, value, unit, midnight, now)) }
    }
    return readings
  }

  /// Doses recorded in Dispatch earlier that day, per medication: `medication.<name>`.
  func medications(from: Int64, to: Int64) throws -> [HealthReading] {
    try db.rows(
      """
      SELECT m.name, count(*), min(d.date_ms), max(d.date_ms) FROM medication_doses d
      JOIN medications m ON m.id = d.medication_id
      WHERE d.date_ms >= ? AND d.date_ms <= ? GROUP BY m.id ORDER BY m.name
      """, [from, to]
    ).compactMap { row in
      guard let name = row.string(0), let first = row.int64(2), let last = row.int64(3) else {
        return nil
      }
      return reading("medication.\(name)", Double(row.int(1) ?? 0), "count", first, last)
    }
  }

  private func stringValue(_ id: Int64) throws -> String? {
    try db.rows("SELECT value FROM health_strings WHERE id = ?", [id]).first?.string(0)
  }
}
