import DispatchCore

/// A workout as `dispatch health workouts` lists it.
public struct HealthWorkoutEntry: Sendable, Equatable {
  /// `HKWorkoutActivityTypeRunning`.
  public var activityType: String
  public var start: Instant
  public var end: Instant
  /// Time moving (pauses excluded), in seconds; nil when the export gives none.
  public var duration: Double?
  /// Distance and active energy: the workout's own totals where the export has them (before
  /// iOS 16), else its statistics (docs/formats/apple-health.md#workouts) — never its activities',
  /// which repeat them.
  public var distance: (value: Double, unit: String)?
  public var energy: (value: Double, unit: String)?
  public var averageHeartRate: Double?
  public var source: String
  /// The zone it was recorded in (`HKTimeZone`).
  public var timeZone: String?
  /// Route points stored for it.
  public var routePoints: Int

  public static func == (lhs: HealthWorkoutEntry, rhs: HealthWorkoutEntry) -> Bool {
    lhs.activityType == rhs.activityType && lhs.start == rhs.start && lhs.end == rhs.end
      && lhs.duration == rhs.duration && lhs.distance?.value == rhs.distance?.value
      && lhs.distance?.unit == rhs.distance?.unit && lhs.energy?.value == rhs.energy?.value
      && lhs.energy?.unit == rhs.energy?.unit && lhs.averageHeartRate == rhs.averageHeartRate
      && lhs.source == rhs.source && lhs.timeZone == rhs.timeZone
      && lhs.routePoints == rhs.routePoints
  }
}

/// A day's activity rings (`dispatch health summaries`).
public struct HealthActivitySummaryEntry: Sendable, Equatable {
  /// `YYYY-MM-DD`, a calendar date as the export gives it.
  public var day: String
  public var activeEnergy: Double?
  public var activeEnergyGoal: Double?
  public var activeEnergyUnit: String?
  public var moveTime: Double?
  public var moveTimeGoal: Double?
  public var exerciseMinutes: Double?
  public var exerciseGoal: Double?
  public var standHours: Double?
  public var standGoal: Double?
}

extension HealthView {
  /// Workouts that start between `from` and `to`, oldest first.
  public func healthWorkouts(from: Instant? = nil, to: Instant? = nil) throws
    -> [HealthWorkoutEntry]
  {
    try database.read { db in
      try db.rows(
        """
        SELECT w.id, w.activity_type, w.start_ms, w.end_ms, w.duration_s, w.total_distance,
          w.total_distance_unit, w.total_energy, w.total_energy_unit, s.value, w.time_zone,
          (SELECT sum(r.points_found) FROM health_workout_routes r WHERE r.workout_id = w.id),
          (SELECT st.sum || ' ' || st.unit FROM health_workout_statistics st
            WHERE st.workout_id = w.id AND st.activity_id IS NULL
            AND st.type LIKE 'HKQuantityTypeIdentifierDistance%' LIMIT 1),
          (SELECT st.sum || ' ' || st.unit FROM health_workout_statistics st
            WHERE st.workout_id = w.id AND st.activity_id IS NULL
            AND st.type = 'HKQuantityTypeIdentifierActiveEnergyBurned' LIMIT 1),
          (SELECT st.average FROM health_workout_statistics st
            WHERE st.workout_id = w.id AND st.activity_id IS NULL
            AND st.type = 'HKQuantityTypeIdentifierHeartRate' LIMIT 1)
        FROM health_workouts w JOIN health_strings s ON s.id = w.source_id
        WHERE w.start_ms >= ? AND w.start_ms < ? ORDER BY w.start_ms, w.id
        """, [from?.milliseconds ?? Int64.min, to?.milliseconds ?? Int64.max]
      ).map { row in
        HealthWorkoutEntry(
          activityType: row.string(1) ?? "", start: Instant(milliseconds: row.int64(2) ?? 0),
          end: Instant(milliseconds: row.int64(3) ?? 0), duration: row.double(4),
          distance: Self.amount(row.double(5), row.string(6)) ?? Self.amount(row.string(12)),
          energy: Self.amount(row.double(7), row.string(8)) ?? Self.amount(row.string(13)),
          averageHeartRate: row.double(14), source: row.string(9) ?? "", timeZone: row.string(10),
          routePoints: row.int(11) ?? 0)
      }
    }
  }

  /// Activity summaries between the days `from` and `to` (inclusive, `YYYY-MM-DD`).
  public func healthActivitySummaries(from: String? = nil, to: String? = nil) throws
    -> [HealthActivitySummaryEntry]
  {
    try database.read { db in
      try db.rows(
        """
        SELECT day, active_energy, active_energy_goal, active_energy_unit, move_time,
          move_time_goal, exercise_time, exercise_time_goal, stand_hours, stand_hours_goal
        FROM health_activity_summaries WHERE day >= ? AND day <= ? ORDER BY day
        """, [from ?? "", to ?? "9999"]
      ).map { row in
        HealthActivitySummaryEntry(
          day: row.string(0) ?? "", activeEnergy: row.double(1), activeEnergyGoal: row.double(2),
          activeEnergyUnit: row.string(3), moveTime: row.double(4), moveTimeGoal: row.double(5),
          exerciseMinutes: row.double(6), exerciseGoal: row.double(7), standHours: row.double(8),
          standGoal: row.double(9))
      }
    }
  }

  private static func amount(_ value: Double?, _ unit: String?) -> (value: Double, unit: String)? {
    guard let value, let unit else { return nil }
    return (value, unit)
  }

  /// `"3.10922 mi"` as a value and unit.
  private static func amount(_ text: String?) -> (value: Double, unit: String)? {
    guard let text, let space = text.firstIndex(of: " "), let value = Double(text[..<space]) else {
      return nil
    }
    return (value, String(text[text.index(after: space)...]))
  }
}
