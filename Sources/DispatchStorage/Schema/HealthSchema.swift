/// Apple Health data (docs/health.md#the-store; docs/formats/apple-health.md#storage-shape): the
/// raw samples of every export, de-duplicated only where sums are shown, never in storage.
///
/// Repeated strings (types, sources, units, metadata keys, category values, zones) are numbers
/// into `health_strings`, devices into `health_devices`. The hot tables carry no foreign keys:
/// a check per column of three million rows would cost more than the rows, and only the
/// importer writes them, always through the dictionaries. Every dated row keeps its instant in
/// UTC milliseconds plus the offset it was written with (the export's,
/// docs/formats/apple-health.md#dates-and-time-zones).
enum HealthSchema {
  static let tables = """
    ALTER TABLE report_health ADD COLUMN from_apple_health INTEGER NOT NULL DEFAULT 0;

    CREATE TABLE health_strings (
      id INTEGER PRIMARY KEY,
      value TEXT NOT NULL UNIQUE
    ) STRICT;

    CREATE TABLE health_devices (
      id INTEGER PRIMARY KEY,
      description TEXT NOT NULL UNIQUE,
      name TEXT,
      manufacturer TEXT,
      model TEXT,
      hardware TEXT,
      software TEXT
    ) STRICT;

    CREATE TABLE health_samples (
      id INTEGER PRIMARY KEY,
      type_id INTEGER NOT NULL,
      source_id INTEGER NOT NULL,
      source_version_id INTEGER,
      device_id INTEGER,
      unit_id INTEGER,
      value REAL,
      value_text_id INTEGER,
      start_ms INTEGER NOT NULL,
      end_ms INTEGER NOT NULL,
      start_offset_s INTEGER NOT NULL,
      end_offset_s INTEGER NOT NULL,
      creation_ms INTEGER,
      time_zone_id INTEGER,
      content_hash INTEGER NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX health_samples_identity ON health_samples (type_id, start_ms, content_hash);

    CREATE TABLE health_metadata (
      owner_kind INTEGER NOT NULL,
      owner_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      key_id INTEGER NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (owner_kind, owner_id, position)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE health_extra_attributes (
      owner_kind INTEGER NOT NULL,
      owner_id INTEGER NOT NULL,
      name_id INTEGER NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (owner_kind, owner_id, name_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE health_hrv_beats (
      sample_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      bpm REAL NOT NULL,
      time_text TEXT NOT NULL,
      time_ms INTEGER,
      PRIMARY KEY (sample_id, position)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE health_correlations (
      id INTEGER PRIMARY KEY,
      type_id INTEGER NOT NULL,
      source_id INTEGER NOT NULL,
      start_ms INTEGER NOT NULL,
      end_ms INTEGER NOT NULL,
      start_offset_s INTEGER NOT NULL,
      content TEXT NOT NULL,
      content_hash INTEGER NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX health_correlations_identity
      ON health_correlations (type_id, start_ms, content_hash);

    CREATE TABLE health_correlation_members (
      correlation_id INTEGER NOT NULL REFERENCES health_correlations (id) ON DELETE CASCADE,
      sample_id INTEGER NOT NULL,
      PRIMARY KEY (correlation_id, sample_id)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE health_workouts (
      id INTEGER PRIMARY KEY,
      activity_type TEXT NOT NULL,
      duration_s REAL,
      total_distance REAL,
      total_distance_unit TEXT,
      total_energy REAL,
      total_energy_unit TEXT,
      source_id INTEGER NOT NULL,
      source_version_id INTEGER,
      device_id INTEGER,
      start_ms INTEGER NOT NULL,
      end_ms INTEGER NOT NULL,
      start_offset_s INTEGER NOT NULL,
      end_offset_s INTEGER NOT NULL,
      creation_ms INTEGER,
      time_zone TEXT,
      content_hash INTEGER NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX health_workouts_identity ON health_workouts (start_ms, content_hash);

    CREATE TABLE health_workout_activities (
      id INTEGER PRIMARY KEY,
      workout_id INTEGER NOT NULL REFERENCES health_workouts (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      uuid TEXT,
      start_ms INTEGER,
      end_ms INTEGER,
      duration_s REAL
    ) STRICT;
    CREATE INDEX health_workout_activities_workout ON health_workout_activities (workout_id);

    CREATE TABLE health_workout_events (
      id INTEGER PRIMARY KEY,
      workout_id INTEGER NOT NULL REFERENCES health_workouts (id) ON DELETE CASCADE,
      activity_id INTEGER REFERENCES health_workout_activities (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      type TEXT NOT NULL,
      date_ms INTEGER,
      duration_s REAL
    ) STRICT;
    CREATE INDEX health_workout_events_workout ON health_workout_events (workout_id);
    CREATE INDEX health_workout_events_activity ON health_workout_events (activity_id);

    CREATE TABLE health_workout_statistics (
      id INTEGER PRIMARY KEY,
      workout_id INTEGER NOT NULL REFERENCES health_workouts (id) ON DELETE CASCADE,
      activity_id INTEGER REFERENCES health_workout_activities (id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      start_ms INTEGER,
      end_ms INTEGER,
      average REAL,
      minimum REAL,
      maximum REAL,
      sum REAL,
      unit TEXT
    ) STRICT;
    CREATE INDEX health_workout_statistics_workout ON health_workout_statistics (workout_id);
    CREATE INDEX health_workout_statistics_activity ON health_workout_statistics (activity_id);

    CREATE TABLE health_workout_routes (
      id INTEGER PRIMARY KEY,
      workout_id INTEGER NOT NULL REFERENCES health_workouts (id) ON DELETE CASCADE,
      source_id INTEGER,
      start_ms INTEGER,
      end_ms INTEGER,
      file_path TEXT,
      points_found INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX health_workout_routes_workout ON health_workout_routes (workout_id);

    CREATE TABLE health_route_points (
      route_id INTEGER NOT NULL REFERENCES health_workout_routes (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      time_ms INTEGER,
      latitude REAL NOT NULL,
      longitude REAL NOT NULL,
      elevation REAL,
      speed REAL,
      course REAL,
      horizontal_accuracy REAL,
      vertical_accuracy REAL,
      PRIMARY KEY (route_id, position)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE health_activity_summaries (
      day TEXT NOT NULL PRIMARY KEY,
      active_energy REAL,
      active_energy_goal REAL,
      active_energy_unit TEXT,
      move_time REAL,
      move_time_goal REAL,
      exercise_time REAL,
      exercise_time_goal REAL,
      stand_hours REAL,
      stand_hours_goal REAL,
      content TEXT NOT NULL,
      content_hash INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE health_characteristics (
      key TEXT NOT NULL PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;

    CREATE TABLE health_exports (
      id INTEGER PRIMARY KEY,
      imported_ms INTEGER NOT NULL,
      file TEXT NOT NULL,
      export_ms INTEGER,
      export_offset_s INTEGER,
      locale TEXT
    ) STRICT;

    CREATE TABLE health_other_elements (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      content TEXT NOT NULL,
      content_hash INTEGER NOT NULL UNIQUE
    ) STRICT;

    CREATE VIEW health_samples_named AS
      SELECT s.id, t.value AS type, src.value AS source, v.value AS source_version,
        d.description AS device, u.value AS unit, s.value, vt.value AS value_text,
        s.start_ms, s.end_ms, s.start_offset_s, s.end_offset_s, s.creation_ms,
        z.value AS time_zone
      FROM health_samples s
      JOIN health_strings t ON t.id = s.type_id
      JOIN health_strings src ON src.id = s.source_id
      LEFT JOIN health_strings v ON v.id = s.source_version_id
      LEFT JOIN health_devices d ON d.id = s.device_id
      LEFT JOIN health_strings u ON u.id = s.unit_id
      LEFT JOIN health_strings vt ON vt.id = s.value_text_id
      LEFT JOIN health_strings z ON z.id = s.time_zone_id;
    """
}
