/// Introspective's record types (docs/records.md#direct-records;
/// docs/formats/introspective.md#record-types): ratings, activities, medications and doses, stress
/// check-ins, metric context and lost items.
///
/// Every timed row keeps its instant (ms since the epoch, UTC), the zone and offset where it was
/// made, and how exactly the time is known. Definitions are unique by `name_key`, the name
/// folded for case and accents, since the sources match names that way.
enum DirectRecordSchema {
  static let tables = """
    CREATE TABLE ratings (
      id TEXT NOT NULL PRIMARY KEY,
      kind TEXT NOT NULL,
      date_ms INTEGER NOT NULL,
      time_zone TEXT,
      utc_offset_seconds INTEGER NOT NULL,
      precision TEXT NOT NULL,
      rating REAL NOT NULL,
      scale_min REAL NOT NULL,
      scale_max REAL NOT NULL,
      note TEXT,
      source TEXT NOT NULL
    ) STRICT;
    CREATE INDEX ratings_kind_date ON ratings (kind, date_ms);

    CREATE TABLE activity_definitions (
      id TEXT NOT NULL PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      description TEXT,
      tags TEXT NOT NULL,
      auto_note INTEGER NOT NULL DEFAULT 0,
      sort_order INTEGER NOT NULL,
      source TEXT NOT NULL
    ) STRICT;

    CREATE TABLE activities (
      id TEXT NOT NULL PRIMARY KEY,
      definition_id TEXT NOT NULL REFERENCES activity_definitions (id) ON DELETE CASCADE,
      start_ms INTEGER NOT NULL,
      start_time_zone TEXT,
      start_utc_offset_seconds INTEGER NOT NULL,
      start_precision TEXT NOT NULL,
      start_set_at_ms INTEGER,
      end_ms INTEGER,
      end_time_zone TEXT,
      end_utc_offset_seconds INTEGER,
      end_precision TEXT,
      end_set_at_ms INTEGER,
      note TEXT,
      tags TEXT NOT NULL,
      source TEXT NOT NULL
    ) STRICT;
    CREATE INDEX activities_start ON activities (start_ms);
    CREATE INDEX activities_running ON activities (start_ms) WHERE end_ms IS NULL;

    CREATE TABLE medications (
      id TEXT NOT NULL PRIMARY KEY,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      default_dosage TEXT,
      frequency TEXT,
      started_on TEXT,
      started_on_time_zone TEXT,
      notes TEXT,
      sort_order INTEGER NOT NULL,
      source TEXT NOT NULL
    ) STRICT;

    CREATE TABLE medication_doses (
      id TEXT NOT NULL PRIMARY KEY,
      medication_id TEXT NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
      date_ms INTEGER NOT NULL,
      time_zone TEXT,
      utc_offset_seconds INTEGER NOT NULL,
      precision TEXT NOT NULL,
      dosage TEXT,
      source TEXT NOT NULL
    ) STRICT;
    CREATE INDEX medication_doses_date ON medication_doses (date_ms);
    CREATE INDEX medication_doses_medication ON medication_doses (medication_id, date_ms);

    CREATE TABLE stress_checkins (
      id TEXT NOT NULL PRIMARY KEY,
      date_ms INTEGER NOT NULL,
      time_zone TEXT,
      utc_offset_seconds INTEGER NOT NULL,
      precision TEXT NOT NULL,
      overall_status TEXT NOT NULL,
      overall INTEGER,
      note TEXT
    ) STRICT;
    CREATE INDEX stress_checkins_date ON stress_checkins (date_ms);

    CREATE TABLE stress_ratings (
      checkin_id TEXT NOT NULL REFERENCES stress_checkins (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      stressor TEXT NOT NULL,
      status TEXT NOT NULL,
      value INTEGER,
      PRIMARY KEY (checkin_id, position)
    ) STRICT;

    CREATE TABLE stressors (
      name TEXT NOT NULL PRIMARY KEY,
      sort_order INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE metric_context (
      id TEXT NOT NULL PRIMARY KEY,
      metric TEXT,
      from_ms INTEGER NOT NULL,
      time_zone TEXT,
      utc_offset_seconds INTEGER NOT NULL,
      precision TEXT NOT NULL,
      to_ms INTEGER,
      note TEXT NOT NULL
    ) STRICT;
    CREATE INDEX metric_context_from ON metric_context (from_ms);

    CREATE TABLE lost_items (
      id TEXT NOT NULL PRIMARY KEY,
      item TEXT NOT NULL,
      noticed_ms INTEGER NOT NULL,
      time_zone TEXT,
      utc_offset_seconds INTEGER NOT NULL,
      precision TEXT NOT NULL,
      place TEXT,
      found_ms INTEGER,
      note TEXT
    ) STRICT;
    CREATE INDEX lost_items_noticed ON lost_items (noticed_ms);

    CREATE TABLE checkin_presets (
      name TEXT NOT NULL PRIMARY KEY,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL,
      reminder_times TEXT NOT NULL DEFAULT '[]'
    ) STRICT;
    """
}
