/// The store's schema: an append-only list of migrations. Shipped steps are never edited;
/// later features add tables in new steps.
public enum StoreSchema {
  /// `PRAGMA application_id` of a Dispatch store: ASCII "DSPT".
  public static let applicationID: Int = 0x4453_5054

  /// Every migration, in order.
  public static let migrator: Migrator = {
    var migrator = Migrator()
    migrator.register("0001-core", sql: coreTables)
    migrator.register("0002-question-type-source", sql: questionTypeSource)
    migrator.register("0003-explicit-people", sql: explicitPeople)
    migrator.register("0004-prompt-log", sql: promptLog)
    migrator.register("0005-direct-records", sql: DirectRecordSchema.tables)
    migrator.register("0006-response-values-check", sql: responseValuesCheck)
    migrator.register("0007-apple-health", sql: HealthSchema.tables)
    migrator.register("0008-queries", sql: queryTables)
    migrator.register("0010-webhook-outbox", sql: WebhookOutbox.table)
    migrator.register("0011-person-names", sql: personNames)
    // Registered after 0010 and 0011, which stores already have: the migrator applies what
    // is missing whatever its name, in this order.
    migrator.register("0009-search-index", sql: SearchSchema.migration)
    migrator.register("0012-sensor-places", sql: sensorPlaces)
    migrator.register("0013-import-journal", sql: ImportJournal.migration)
    migrator.register("0014-serve-credentials", sql: ServeCredential.migration)
    migrator.register("0015-serve-pairings", sql: ServePairings.migration)
    migrator.register("0016-explorer", sql: explorerTables)
    migrator.register("0017-sync", sql: SyncSchema.migration)
    migrator.register("0018-sync-records", sql: SyncSchema.records)
    migrator.register("0019-sync-answers", sql: SyncSchema.answers)
    return migrator
  }()

  /// `response_values` again, with its role check written as comparisons: SQLite 3.40 codes
  /// `role IN ('token', 'option', 'note')` as a temporary table built for every inserted row,
  /// which was a seventh of a Reporter import's time. Same columns, keys and rows.
  static let responseValuesCheck = """
    CREATE TABLE response_values_rebuilt (
      response_id TEXT NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
      role TEXT NOT NULL CHECK (role = 'token' OR role = 'option' OR role = 'note'),
      position INTEGER NOT NULL,
      value_id TEXT,
      text TEXT NOT NULL,
      PRIMARY KEY (response_id, role, position)
    ) STRICT, WITHOUT ROWID;
    INSERT INTO response_values_rebuilt SELECT response_id, role, position, value_id, text
      FROM response_values;
    DROP TABLE response_values;
    ALTER TABLE response_values_rebuilt RENAME TO response_values;
    CREATE INDEX response_values_by_text ON response_values (role, text);
    """

  /// Saved queries (docs/store.md#saved-queries-and-health-type-spans-migration-0008-queries), and
  /// per health type the sample count and longest duration: a relation to a health type searches
  /// the start index within a window widened by the longest duration, and counting 3M samples per
  /// type to find the types present would take longer than the query itself.
  static let queryTables = """
    CREATE TABLE saved_queries (
      name TEXT NOT NULL PRIMARY KEY,
      name_key TEXT NOT NULL UNIQUE,
      expression TEXT NOT NULL,
      is_pinned INTEGER NOT NULL DEFAULT 0,
      created_ms INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE health_type_spans (
      type_id INTEGER NOT NULL PRIMARY KEY,
      samples INTEGER NOT NULL,
      longest_ms INTEGER NOT NULL
    ) STRICT;
    INSERT INTO health_type_spans (type_id, samples, longest_ms)
      SELECT type_id, count(*), max(end_ms - start_ms) FROM health_samples GROUP BY type_id;
    """

  /// The registry's names by matching key, rebuilt with the vocabulary, so SQL (the query
  /// language) resolves a written name to its person with an index lookup: `person_name_keys`
  /// holds each key's owner (the first person by ID claiming it), `person_names` every name of
  /// each person, written and as a key, which is what a people answer matches.
  /// The user's named places (docs/sensors.md#places): a place is recognised by its Wi-Fi network
  /// or chosen by name, and its coordinates locate the weather.
  static let sensorPlaces = """
    CREATE TABLE sensor_places (
      name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
      ssid TEXT,
      latitude REAL CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
      longitude REAL CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
      created_ms INTEGER NOT NULL
    ) STRICT;
    """

  /// The order of pinned queries (1 first; unpinned ones keep 0), numbered by name for the
  /// queries pinned before there was an order, and graphs saved for the dashboard, each as the
  /// parameters of `GET /graph` (`q=mood&per=week`), which name the options of `dispatch graph`.
  static let explorerTables = """
    ALTER TABLE saved_queries ADD COLUMN pin_order INTEGER NOT NULL DEFAULT 0;
    UPDATE saved_queries SET pin_order = 1 + (
      SELECT count(*) FROM saved_queries AS other
      WHERE other.is_pinned = 1 AND other.name_key < saved_queries.name_key)
    WHERE is_pinned = 1;
    CREATE TABLE saved_graphs (
      name TEXT NOT NULL PRIMARY KEY,
      name_key TEXT NOT NULL UNIQUE,
      parameters TEXT NOT NULL,
      position INTEGER NOT NULL,
      created_ms INTEGER NOT NULL
    ) STRICT;
    """

  static let personNames = """
    CREATE TABLE person_name_keys (
      key TEXT NOT NULL PRIMARY KEY,
      person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE person_names (
      person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      PRIMARY KEY (person_id, name)
    ) STRICT, WITHOUT ROWID;
    INSERT OR IGNORE INTO person_name_keys (key, person_id)
      SELECT dispatch_name_key(name), id FROM (
        SELECT id, display_name AS name, 0 AS position FROM people
        UNION ALL SELECT person_id, name, position + 1 FROM person_alternate_names)
      WHERE dispatch_name_key(name) <> '' ORDER BY id, position;
    INSERT OR IGNORE INTO person_names (person_id, name)
      SELECT id, name FROM (
        SELECT id, display_name AS name FROM people
        UNION ALL SELECT person_id, name FROM person_alternate_names)
      WHERE dispatch_name_key(name) <> ''
      UNION SELECT id, dispatch_name_key(name) FROM (
        SELECT id, display_name AS name FROM people
        UNION ALL SELECT person_id, name FROM person_alternate_names)
      WHERE dispatch_name_key(name) <> '';
    """

  /// Where an imported question's type came from (0 CSV cells, 1 JSON payloads, 2 stated by
  /// the source; NULL for questions made in Dispatch), so later imports can apply the precedence of
  /// docs/import-export.md#how-imports-merge.
  static let questionTypeSource = """
    ALTER TABLE questions ADD COLUMN type_source INTEGER;
    """

  /// Marks registry entries that were created on purpose (imported from a v2 `people` list, or
  /// by the people commands) rather than derived from answers: the vocabulary rebuild prunes
  /// unused derived entries but keeps these, so a v2 file round-trips whole.
  static let explicitPeople = """
    ALTER TABLE people ADD COLUMN is_explicit INTEGER NOT NULL DEFAULT 0;
    """

  /// The compliance log (docs/daemon.md#compliance): one row per prompt that came due — fired,
  /// missed, snoozed or waiting — with what happened to it, and an append-only history of its
  /// events. Rows hold identifiers and instants only, never prompts or answers.
  static let promptLog = """
    CREATE TABLE prompts (
      identifier TEXT NOT NULL PRIMARY KEY,
      source TEXT NOT NULL,
      prompt_group_id TEXT,
      parent_identifier TEXT,
      due_ms INTEGER NOT NULL,
      time_zone TEXT NOT NULL,
      utc_offset_seconds INTEGER NOT NULL,
      state TEXT NOT NULL,
      fired_ms INTEGER,
      delivery TEXT,
      acted_ms INTEGER,
      action TEXT,
      answered_ms INTEGER,
      report_id TEXT,
      closed_ms INTEGER
    ) STRICT;
    CREATE INDEX prompts_due ON prompts (due_ms);
    CREATE INDEX prompts_state ON prompts (state, due_ms);

    CREATE TABLE prompt_events (
      id INTEGER PRIMARY KEY,
      prompt_identifier TEXT NOT NULL,
      at_ms INTEGER NOT NULL,
      kind TEXT NOT NULL,
      detail TEXT
    ) STRICT;
    CREATE INDEX prompt_events_prompt ON prompt_events (prompt_identifier, at_ms);
    """

  /// Questions, reports with their responses and sensor context, prompt groups, people,
  /// vocabulary, settings and the event log (docs/store.md#tables-migration-0001-core).
  static let coreTables = """
    PRAGMA application_id = 1146310740;

    CREATE TABLE settings (
      key TEXT NOT NULL PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;

    CREATE TABLE event_log (
      id INTEGER PRIMARY KEY,
      at_ms INTEGER NOT NULL,
      kind TEXT NOT NULL,
      detail TEXT
    ) STRICT;

    CREATE TABLE questions (
      id TEXT NOT NULL PRIMARY KEY,
      prompt TEXT NOT NULL,
      type INTEGER NOT NULL CHECK (type BETWEEN 0 AND 7),
      sort_order INTEGER NOT NULL,
      is_enabled INTEGER NOT NULL DEFAULT 1,
      report_kinds TEXT NOT NULL DEFAULT '["regular"]',
      placeholder TEXT,
      choices TEXT NOT NULL DEFAULT '[]',
      allows_multiple_selection INTEGER,
      input_style TEXT,
      input_min REAL,
      input_max REAL,
      input_step REAL,
      default_answer TEXT,
      visualization TEXT,
      state_of_mind_kind TEXT
    ) STRICT;
    CREATE INDEX questions_by_order ON questions (sort_order, id);
    CREATE INDEX questions_by_prompt ON questions (prompt);

    CREATE TABLE reports (
      id TEXT NOT NULL PRIMARY KEY,
      date_ms INTEGER NOT NULL,
      utc_offset_s INTEGER NOT NULL,
      time_zone TEXT NOT NULL,
      kind TEXT NOT NULL,
      trigger TEXT NOT NULL,
      is_draft INTEGER NOT NULL DEFAULT 0,
      is_backdated INTEGER NOT NULL DEFAULT 0,
      was_in_background INTEGER NOT NULL DEFAULT 0,
      prompt_group_id TEXT,
      legacy_impetus INTEGER,
      legacy_section_identifier TEXT,
      source_device_model TEXT,
      source_device_name TEXT,
      battery REAL,
      connection INTEGER,
      altitude_m REAL,
      audio_avg REAL,
      audio_peak REAL,
      focus_is_focused INTEGER,
      focus_label TEXT,
      media_source TEXT,
      media_title TEXT,
      media_artist TEXT,
      media_album TEXT,
      media_playback_state INTEGER,
      media_spotify_uri TEXT,
      media_apple_music_id TEXT,
      device_low_power INTEGER,
      device_brightness REAL,
      device_interface_style TEXT,
      device_audio_route TEXT,
      motion_activity TEXT,
      motion_pressure_kpa REAL
    ) STRICT;
    CREATE INDEX reports_by_date ON reports (date_ms, id);

    CREATE TABLE report_locations (
      report_id TEXT NOT NULL PRIMARY KEY REFERENCES reports (id) ON DELETE CASCADE,
      latitude REAL,
      longitude REAL,
      altitude REAL,
      horizontal_accuracy REAL,
      vertical_accuracy REAL,
      speed REAL,
      speed_accuracy REAL,
      course REAL,
      course_accuracy REAL,
      floor_level INTEGER,
      is_simulated INTEGER,
      is_from_accessory INTEGER,
      true_heading REAL,
      magnetic_heading REAL,
      heading_accuracy REAL,
      timestamp_ms INTEGER,
      has_placemark INTEGER NOT NULL DEFAULT 0,
      place_name TEXT,
      thoroughfare TEXT,
      sub_thoroughfare TEXT,
      locality TEXT,
      sub_locality TEXT,
      administrative_area TEXT,
      sub_administrative_area TEXT,
      postal_code TEXT,
      country TEXT
    ) STRICT;

    CREATE TABLE report_weather (
      report_id TEXT NOT NULL PRIMARY KEY REFERENCES reports (id) ON DELETE CASCADE,
      temp_f REAL,
      temp_c REAL,
      condition TEXT,
      relative_humidity TEXT,
      wind_mph REAL,
      wind_kph REAL,
      wind_gust_mph REAL,
      wind_gust_kph REAL,
      wind_direction TEXT,
      wind_degrees REAL,
      pressure_in REAL,
      pressure_mb REAL,
      visibility_mi REAL,
      visibility_km REAL,
      feelslike_f REAL,
      feelslike_c REAL,
      dewpoint_c REAL,
      precip_today_in REAL,
      precip_today_metric REAL,
      uv REAL,
      station_id TEXT
    ) STRICT;

    CREATE TABLE report_photos (
      report_id TEXT NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      id TEXT NOT NULL,
      asset_url TEXT,
      pixel_width INTEGER,
      pixel_height INTEGER,
      date_ms INTEGER,
      latitude REAL,
      longitude REAL,
      PRIMARY KEY (report_id, position)
    ) STRICT;

    CREATE TABLE report_health (
      report_id TEXT NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      type TEXT NOT NULL,
      value REAL NOT NULL,
      unit TEXT NOT NULL,
      start_ms INTEGER,
      end_ms INTEGER,
      PRIMARY KEY (report_id, position)
    ) STRICT;
    CREATE INDEX report_health_by_type ON report_health (type);

    CREATE TABLE report_state_of_mind (
      report_id TEXT NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      sample_id TEXT NOT NULL,
      PRIMARY KEY (report_id, position)
    ) STRICT;

    CREATE TABLE responses (
      id TEXT NOT NULL PRIMARY KEY,
      report_id TEXT NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      position INTEGER NOT NULL DEFAULT 0,
      question_id TEXT,
      question_prompt TEXT NOT NULL,
      has_tokens INTEGER NOT NULL DEFAULT 0,
      has_options INTEGER NOT NULL DEFAULT 0,
      has_notes INTEGER NOT NULL DEFAULT 0,
      numeric_text TEXT,
      numeric_value REAL,
      time_minutes INTEGER,
      time_day_offset INTEGER
    ) STRICT;
    CREATE INDEX responses_by_report ON responses (report_id);
    CREATE INDEX responses_by_question ON responses (question_id);

    CREATE TABLE response_values (
      response_id TEXT NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
      role TEXT NOT NULL CHECK (role IN ('token', 'option', 'note')),
      position INTEGER NOT NULL,
      value_id TEXT,
      text TEXT NOT NULL,
      PRIMARY KEY (response_id, role, position)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX response_values_by_text ON response_values (role, text);

    CREATE TABLE response_locations (
      response_id TEXT NOT NULL PRIMARY KEY REFERENCES responses (id) ON DELETE CASCADE,
      text TEXT,
      venue_id TEXT,
      has_location INTEGER NOT NULL DEFAULT 0,
      latitude REAL,
      longitude REAL,
      altitude REAL,
      horizontal_accuracy REAL,
      vertical_accuracy REAL,
      speed REAL,
      speed_accuracy REAL,
      course REAL,
      course_accuracy REAL,
      floor_level INTEGER,
      is_simulated INTEGER,
      is_from_accessory INTEGER,
      true_heading REAL,
      magnetic_heading REAL,
      heading_accuracy REAL,
      timestamp_ms INTEGER,
      has_placemark INTEGER NOT NULL DEFAULT 0,
      place_name TEXT,
      thoroughfare TEXT,
      sub_thoroughfare TEXT,
      locality TEXT,
      sub_locality TEXT,
      administrative_area TEXT,
      sub_administrative_area TEXT,
      postal_code TEXT,
      country TEXT
    ) STRICT;

    CREATE TABLE prompt_groups (
      id TEXT NOT NULL PRIMARY KEY,
      name TEXT NOT NULL,
      schedule_kind TEXT NOT NULL,
      is_enabled INTEGER NOT NULL DEFAULT 1,
      sort_order INTEGER NOT NULL DEFAULT 0,
      question_ids TEXT NOT NULL DEFAULT '[]',
      schedule_hours INTEGER,
      schedule_count INTEGER,
      schedule_distribution TEXT,
      scheduled_times TEXT NOT NULL DEFAULT '[]',
      calendar_match_kind TEXT,
      calendar_identifiers TEXT NOT NULL DEFAULT '[]',
      calendar_title_filter TEXT,
      monitor_direction TEXT,
      monitor_delay_minutes INTEGER,
      monitor_cancels_on_contradiction INTEGER,
      region_latitude REAL,
      region_longitude REAL,
      region_radius REAL,
      region_name TEXT,
      beacon_uuid TEXT,
      beacon_major INTEGER,
      beacon_minor INTEGER,
      beacon_name TEXT
    ) STRICT;

    CREATE TABLE people (
      id TEXT NOT NULL PRIMARY KEY,
      display_name TEXT NOT NULL,
      usage_count INTEGER NOT NULL DEFAULT 0,
      question_count INTEGER NOT NULL DEFAULT 0
    ) STRICT;

    CREATE TABLE person_alternate_names (
      person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE ON UPDATE CASCADE,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      PRIMARY KEY (person_id, position)
    ) STRICT;

    CREATE TABLE vocabulary (
      kind TEXT NOT NULL CHECK (kind IN ('token', 'place')),
      text TEXT NOT NULL,
      usage_count INTEGER NOT NULL,
      question_count INTEGER NOT NULL,
      PRIMARY KEY (kind, text)
    ) STRICT;
    """
}
