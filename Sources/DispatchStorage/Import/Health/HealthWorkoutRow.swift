import DispatchCore

/// A workout's row in `health_workouts`, its strings already in `health_strings`
/// (docs/formats/apple-health.md#workouts).
struct HealthWorkoutRow {
  var activityType: String
  var duration: Double?
  var totalDistance: Double?
  var totalDistanceUnit: String?
  var totalEnergy: Double?
  var totalEnergyUnit: String?
  var source: Int64
  var sourceVersion: Int64?
  var device: Int64?
  var start: (milliseconds: Int64, offset: Int32)
  var end: (milliseconds: Int64, offset: Int32)
  var creation: Int64?
  /// The `HKTimeZone` metadata entry, as written.
  var timeZone: String?
  var hash: Int64

  /// `id` is the rowid SQLite gives a new workout.
  static let table = TableColumns<HealthWorkoutRow>(
    "health_workouts",
    [
      Column("activity_type", .text) { .text($0.activityType) },
      Column("duration_s", .optionalReal) { DatabaseValue($0.duration) },
      Column("total_distance", .optionalReal) { DatabaseValue($0.totalDistance) },
      Column("total_distance_unit", .optionalText) { DatabaseValue($0.totalDistanceUnit) },
      Column("total_energy", .optionalReal) { DatabaseValue($0.totalEnergy) },
      Column("total_energy_unit", .optionalText) { DatabaseValue($0.totalEnergyUnit) },
      Column("source_id", .integer) { .integer($0.source) },
      Column("source_version_id", .optionalInteger) { DatabaseValue($0.sourceVersion) },
      Column("device_id", .optionalInteger) { DatabaseValue($0.device) },
      Column("start_ms", .integer) { .integer($0.start.milliseconds) },
      Column("end_ms", .integer) { .integer($0.end.milliseconds) },
      Column("start_offset_s", .integer) { .integer(Int64($0.start.offset)) },
      Column("end_offset_s", .integer) { .integer(Int64($0.end.offset)) },
      Column("creation_ms", .optionalInteger) { DatabaseValue($0.creation) },
      Column("time_zone", .optionalText) { DatabaseValue($0.timeZone) },
      Column("content_hash", .integer) { .integer($0.hash) },
    ], keptElsewhere: ["id"])
}
