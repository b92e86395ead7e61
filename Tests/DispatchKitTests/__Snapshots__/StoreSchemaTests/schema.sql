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
CREATE TABLE checkin_presets (
  name TEXT NOT NULL PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  reminder_times TEXT NOT NULL DEFAULT '[]'
) STRICT;
CREATE TABLE event_log (
  id INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL,
  kind TEXT NOT NULL,
  detail TEXT
) STRICT;
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
CREATE TABLE health_correlation_members (
  correlation_id INTEGER NOT NULL REFERENCES health_correlations (id) ON DELETE CASCADE,
  sample_id INTEGER NOT NULL,
  PRIMARY KEY (correlation_id, sample_id)
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
CREATE TABLE health_devices (
  id INTEGER PRIMARY KEY,
  description TEXT NOT NULL UNIQUE,
  name TEXT,
  manufacturer TEXT,
  model TEXT,
  hardware TEXT,
  software TEXT
) STRICT;
CREATE TABLE health_exports (
  id INTEGER PRIMARY KEY,
  imported_ms INTEGER NOT NULL,
  file TEXT NOT NULL,
  export_ms INTEGER,
  export_offset_s INTEGER,
  locale TEXT
) STRICT;
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
CREATE TABLE health_metadata (
  owner_kind INTEGER NOT NULL,
  owner_id INTEGER NOT NULL,
  position INTEGER NOT NULL,
  key_id INTEGER NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (owner_kind, owner_id, position)
) STRICT, WITHOUT ROWID;
CREATE TABLE health_other_elements (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  content TEXT NOT NULL,
  content_hash INTEGER NOT NULL UNIQUE
) STRICT;
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
CREATE TABLE health_strings (
  id INTEGER PRIMARY KEY,
  value TEXT NOT NULL UNIQUE
) STRICT;
CREATE TABLE health_type_spans (
  type_id INTEGER NOT NULL PRIMARY KEY,
  samples INTEGER NOT NULL,
  longest_ms INTEGER NOT NULL
) STRICT;
CREATE TABLE health_workout_activities (
  id INTEGER PRIMARY KEY,
  workout_id INTEGER NOT NULL REFERENCES health_workouts (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  uuid TEXT,
  start_ms INTEGER,
  end_ms INTEGER,
  duration_s REAL
) STRICT;
CREATE TABLE health_workout_events (
  id INTEGER PRIMARY KEY,
  workout_id INTEGER NOT NULL REFERENCES health_workouts (id) ON DELETE CASCADE,
  activity_id INTEGER REFERENCES health_workout_activities (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  type TEXT NOT NULL,
  date_ms INTEGER,
  duration_s REAL
) STRICT;
CREATE TABLE health_workout_routes (
  id INTEGER PRIMARY KEY,
  workout_id INTEGER NOT NULL REFERENCES health_workouts (id) ON DELETE CASCADE,
  source_id INTEGER,
  start_ms INTEGER,
  end_ms INTEGER,
  file_path TEXT,
  points_found INTEGER NOT NULL DEFAULT 0
) STRICT;
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
CREATE TABLE import_journal (
  id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL,
  started_ms INTEGER NOT NULL,
  files TEXT NOT NULL,
  marks TEXT NOT NULL
) STRICT;
CREATE TABLE import_replaced_activity_summaries (
  old_rowid INTEGER NOT NULL,
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
CREATE TABLE import_replaced_characteristics (
  old_rowid INTEGER NOT NULL,
  key TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
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
CREATE TABLE people (
  id TEXT NOT NULL PRIMARY KEY,
  display_name TEXT NOT NULL,
  usage_count INTEGER NOT NULL DEFAULT 0,
  question_count INTEGER NOT NULL DEFAULT 0
, is_explicit INTEGER NOT NULL DEFAULT 0) STRICT;
CREATE TABLE person_alternate_names (
  person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE ON UPDATE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (person_id, position)
) STRICT;
CREATE TABLE person_name_keys (
  key TEXT NOT NULL PRIMARY KEY,
  person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
CREATE TABLE person_names (
  person_id TEXT NOT NULL REFERENCES people (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  PRIMARY KEY (person_id, name)
) STRICT, WITHOUT ROWID;
CREATE TABLE prompt_events (
  id INTEGER PRIMARY KEY,
  prompt_identifier TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  kind TEXT NOT NULL,
  detail TEXT
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
, type_source INTEGER) STRICT;
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
CREATE TABLE report_health (
  report_id TEXT NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  type TEXT NOT NULL,
  value REAL NOT NULL,
  unit TEXT NOT NULL,
  start_ms INTEGER,
  end_ms INTEGER, from_apple_health INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (report_id, position)
) STRICT;
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
CREATE TABLE report_state_of_mind (
  report_id TEXT NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  sample_id TEXT NOT NULL,
  PRIMARY KEY (report_id, position)
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
CREATE TABLE "response_values" (
  response_id TEXT NOT NULL REFERENCES responses (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role = 'token' OR role = 'option' OR role = 'note'),
  position INTEGER NOT NULL,
  value_id TEXT,
  text TEXT NOT NULL,
  PRIMARY KEY (response_id, role, position)
) STRICT, WITHOUT ROWID;
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
CREATE TABLE saved_graphs (
  name TEXT NOT NULL PRIMARY KEY,
  name_key TEXT NOT NULL UNIQUE,
  parameters TEXT NOT NULL,
  position INTEGER NOT NULL,
  created_ms INTEGER NOT NULL
) STRICT;
CREATE TABLE saved_queries (
  name TEXT NOT NULL PRIMARY KEY,
  name_key TEXT NOT NULL UNIQUE,
  expression TEXT NOT NULL,
  is_pinned INTEGER NOT NULL DEFAULT 0,
  created_ms INTEGER NOT NULL
, pin_order INTEGER NOT NULL DEFAULT 0) STRICT;
CREATE TABLE schema_migrations (name TEXT NOT NULL PRIMARY KEY) STRICT;
CREATE TABLE search_documents (
  id INTEGER PRIMARY KEY,
  record_type TEXT NOT NULL,
  record_id TEXT NOT NULL,
  date_ms INTEGER,
  utc_offset_s INTEGER,
  body TEXT NOT NULL,
  parts TEXT
) STRICT;
CREATE VIRTUAL TABLE search_index USING fts5(
  body, record_type, content = 'search_documents', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TABLE 'search_index_config'(k PRIMARY KEY, v) WITHOUT ROWID;
CREATE TABLE 'search_index_data'(id INTEGER PRIMARY KEY, block BLOB);
CREATE TABLE 'search_index_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
CREATE TABLE 'search_index_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
CREATE TABLE search_queue (
  record_type TEXT NOT NULL,
  record_id TEXT NOT NULL,
  date_ms INTEGER,
  utc_offset_s INTEGER,
  body TEXT,
  parts TEXT,
  PRIMARY KEY (record_type, record_id)
) STRICT, WITHOUT ROWID;
CREATE TABLE sensor_places (
  name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
  ssid TEXT,
  latitude REAL CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude REAL CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  created_ms INTEGER NOT NULL
) STRICT;
CREATE TABLE serve_credentials (
  id TEXT NOT NULL PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind = 'token' OR kind = 'session'),
  name TEXT NOT NULL,
  secret_sha256 TEXT NOT NULL UNIQUE,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER,
  last_used_ms INTEGER
) STRICT;
CREATE TABLE serve_pairings (
  secret_sha256 TEXT NOT NULL PRIMARY KEY,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL
) STRICT;
CREATE TABLE settings (
  key TEXT NOT NULL PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;
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
CREATE TABLE sync_aliases (
  kind TEXT NOT NULL,
  from_id TEXT NOT NULL,
  to_id TEXT NOT NULL,
  PRIMARY KEY (kind, from_id)
) STRICT, WITHOUT ROWID;
CREATE TABLE sync_changes (
  seq INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  record_id TEXT NOT NULL
, field TEXT) STRICT;
CREATE TABLE sync_merged (
  device_id TEXT NOT NULL PRIMARY KEY,
  segment INTEGER NOT NULL
, last_stamp TEXT, superseded INTEGER NOT NULL DEFAULT 0) STRICT;
CREATE TABLE sync_record_stamps (
  kind TEXT NOT NULL,
  record_id TEXT NOT NULL,
  stamp TEXT NOT NULL,
  deleted INTEGER NOT NULL, fields TEXT,
  PRIMARY KEY (kind, record_id)
) STRICT, WITHOUT ROWID;
CREATE TABLE sync_self (
  device_id TEXT NOT NULL PRIMARY KEY,
  name TEXT NOT NULL,
  folder TEXT NOT NULL,
  next_segment INTEGER NOT NULL,
  latest_stamp TEXT
) STRICT;
CREATE TABLE sync_waiting (
  kind TEXT NOT NULL,
  record_id TEXT NOT NULL,
  line TEXT NOT NULL,
  PRIMARY KEY (kind, record_id)
) STRICT, WITHOUT ROWID;
CREATE TABLE vocabulary (
  kind TEXT NOT NULL CHECK (kind IN ('token', 'place')),
  text TEXT NOT NULL,
  usage_count INTEGER NOT NULL,
  question_count INTEGER NOT NULL,
  PRIMARY KEY (kind, text)
) STRICT;
CREATE TABLE webhook_outbox (
  id INTEGER PRIMARY KEY,
  report_id TEXT NOT NULL UNIQUE,
  queued_ms INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_ms INTEGER NOT NULL,
  is_failed INTEGER NOT NULL DEFAULT 0,
  last_attempt_ms INTEGER,
  last_error TEXT,
  lease_owner TEXT,
  lease_expires_ms INTEGER
) STRICT;
CREATE INDEX activities_running ON activities (start_ms) WHERE end_ms IS NULL;
CREATE INDEX activities_start ON activities (start_ms);
CREATE UNIQUE INDEX health_correlations_identity
  ON health_correlations (type_id, start_ms, content_hash);
CREATE UNIQUE INDEX health_samples_identity ON health_samples (type_id, start_ms, content_hash);
CREATE INDEX health_workout_activities_workout ON health_workout_activities (workout_id);
CREATE INDEX health_workout_events_activity ON health_workout_events (activity_id);
CREATE INDEX health_workout_events_workout ON health_workout_events (workout_id);
CREATE INDEX health_workout_routes_workout ON health_workout_routes (workout_id);
CREATE INDEX health_workout_statistics_activity ON health_workout_statistics (activity_id);
CREATE INDEX health_workout_statistics_workout ON health_workout_statistics (workout_id);
CREATE UNIQUE INDEX health_workouts_identity ON health_workouts (start_ms, content_hash);
CREATE INDEX lost_items_noticed ON lost_items (noticed_ms);
CREATE INDEX medication_doses_date ON medication_doses (date_ms);
CREATE INDEX medication_doses_medication ON medication_doses (medication_id, date_ms);
CREATE INDEX metric_context_from ON metric_context (from_ms);
CREATE INDEX prompt_events_prompt ON prompt_events (prompt_identifier, at_ms);
CREATE INDEX prompts_due ON prompts (due_ms);
CREATE INDEX prompts_state ON prompts (state, due_ms);
CREATE INDEX questions_by_order ON questions (sort_order, id);
CREATE INDEX questions_by_prompt ON questions (prompt);
CREATE INDEX ratings_kind_date ON ratings (kind, date_ms);
CREATE INDEX report_health_by_type ON report_health (type);
CREATE INDEX reports_by_date ON reports (date_ms, id);
CREATE INDEX response_values_by_text ON response_values (role, text);
CREATE INDEX responses_by_question ON responses (question_id);
CREATE INDEX responses_by_report ON responses (report_id);
CREATE UNIQUE INDEX search_documents_by_record ON search_documents (record_type, record_id);
CREATE INDEX stress_checkins_date ON stress_checkins (date_ms);
CREATE INDEX webhook_outbox_due ON webhook_outbox (is_failed, next_attempt_ms);
CREATE TRIGGER search_activities_delete AFTER DELETE ON activities
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'activity', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_activities_insert AFTER INSERT ON activities
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'activity', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_activities_update AFTER UPDATE OF id, definition_id, start_ms, start_utc_offset_seconds, note ON activities WHEN (old.id IS NOT new.id OR old.definition_id IS NOT new.definition_id OR old.start_ms IS NOT new.start_ms OR old.start_utc_offset_seconds IS NOT new.start_utc_offset_seconds OR old.note IS NOT new.note)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'activity', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'activity', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_activity_definitions_update AFTER UPDATE OF name ON activity_definitions WHEN (old.name IS NOT new.name)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'activity', id FROM activities WHERE definition_id = new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_lost_items_delete AFTER DELETE ON lost_items
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'lost', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_lost_items_insert AFTER INSERT ON lost_items
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'lost', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_lost_items_update AFTER UPDATE OF id, item, place, note, noticed_ms, utc_offset_seconds ON lost_items WHEN (old.id IS NOT new.id OR old.item IS NOT new.item OR old.place IS NOT new.place OR old.note IS NOT new.note OR old.noticed_ms IS NOT new.noticed_ms OR old.utc_offset_seconds IS NOT new.utc_offset_seconds)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'lost', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'lost', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_medications_delete AFTER DELETE ON medications
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'medication', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_medications_insert AFTER INSERT ON medications
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'medication', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_medications_update AFTER UPDATE OF id, name, notes ON medications WHEN (old.id IS NOT new.id OR old.name IS NOT new.name OR old.notes IS NOT new.notes)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'medication', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'medication', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_metric_context_delete AFTER DELETE ON metric_context
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'context', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_metric_context_insert AFTER INSERT ON metric_context
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'context', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_metric_context_update AFTER UPDATE OF id, metric, from_ms, utc_offset_seconds, note ON metric_context WHEN (old.id IS NOT new.id OR old.metric IS NOT new.metric OR old.from_ms IS NOT new.from_ms OR old.utc_offset_seconds IS NOT new.utc_offset_seconds OR old.note IS NOT new.note)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'context', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'context', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_people_delete AFTER DELETE ON people
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'person', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_people_insert AFTER INSERT ON people
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'person', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_people_update AFTER UPDATE OF id, display_name ON people WHEN (old.id IS NOT new.id OR old.display_name IS NOT new.display_name)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'person', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'person', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_person_alternate_names_delete AFTER DELETE ON person_alternate_names
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'person', old.person_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_person_alternate_names_insert AFTER INSERT ON person_alternate_names
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'person', new.person_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_person_alternate_names_update AFTER UPDATE OF person_id, position, name ON person_alternate_names WHEN (old.person_id IS NOT new.person_id OR old.position IS NOT new.position OR old.name IS NOT new.name)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'person', old.person_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'person', new.person_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_ratings_delete AFTER DELETE ON ratings
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'mood', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'fatigue', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_ratings_insert AFTER INSERT ON ratings
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'mood', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'fatigue', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_ratings_update AFTER UPDATE OF id, kind, date_ms, utc_offset_seconds, note ON ratings WHEN (old.id IS NOT new.id OR old.kind IS NOT new.kind OR old.date_ms IS NOT new.date_ms OR old.utc_offset_seconds IS NOT new.utc_offset_seconds OR old.note IS NOT new.note)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'mood', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'fatigue', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'mood', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'fatigue', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_report_locations_delete AFTER DELETE ON report_locations
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', old.report_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_report_locations_update AFTER UPDATE OF report_id, place_name, thoroughfare, locality, sub_locality, administrative_area, country ON report_locations WHEN (old.report_id IS NOT new.report_id OR old.place_name IS NOT new.place_name OR old.thoroughfare IS NOT new.thoroughfare OR old.locality IS NOT new.locality OR old.sub_locality IS NOT new.sub_locality OR old.administrative_area IS NOT new.administrative_area OR old.country IS NOT new.country)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', old.report_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', new.report_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_reports_delete AFTER DELETE ON reports
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_reports_insert AFTER INSERT ON reports
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_reports_update AFTER UPDATE OF id, date_ms, utc_offset_s, is_draft ON reports WHEN (old.id IS NOT new.id OR old.date_ms IS NOT new.date_ms OR old.utc_offset_s IS NOT new.utc_offset_s OR old.is_draft IS NOT new.is_draft)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_response_locations_delete AFTER DELETE ON response_locations
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', report_id FROM responses WHERE id = old.response_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_response_locations_update AFTER UPDATE OF response_id, text, place_name, thoroughfare, locality, administrative_area, country ON response_locations WHEN (old.response_id IS NOT new.response_id OR old.text IS NOT new.text OR old.place_name IS NOT new.place_name OR old.thoroughfare IS NOT new.thoroughfare OR old.locality IS NOT new.locality OR old.administrative_area IS NOT new.administrative_area OR old.country IS NOT new.country)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', report_id FROM responses WHERE id = old.response_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', report_id FROM responses WHERE id = new.response_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_response_values_delete AFTER DELETE ON response_values
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', report_id FROM responses WHERE id = old.response_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_response_values_update AFTER UPDATE OF response_id, role, position, text ON response_values WHEN (old.response_id IS NOT new.response_id OR old.role IS NOT new.role OR old.position IS NOT new.position OR old.text IS NOT new.text)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', report_id FROM responses WHERE id = old.response_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', report_id FROM responses WHERE id = new.response_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_responses_delete AFTER DELETE ON responses
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', old.report_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_responses_update AFTER UPDATE OF id, report_id ON responses WHEN (old.id IS NOT new.id OR old.report_id IS NOT new.report_id)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', old.report_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'report', new.report_id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_stress_checkins_delete AFTER DELETE ON stress_checkins
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'stress', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_stress_checkins_insert AFTER INSERT ON stress_checkins
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'stress', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_stress_checkins_update AFTER UPDATE OF id, date_ms, utc_offset_seconds, note ON stress_checkins WHEN (old.id IS NOT new.id OR old.date_ms IS NOT new.date_ms OR old.utc_offset_seconds IS NOT new.utc_offset_seconds OR old.note IS NOT new.note)
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'stress', old.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'stress', new.id) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_vocabulary_delete AFTER DELETE ON vocabulary WHEN old.kind = 'place'
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'place', old.text) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_vocabulary_insert AFTER INSERT ON vocabulary WHEN new.kind = 'place'
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'place', new.text) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
CREATE TRIGGER search_vocabulary_update AFTER UPDATE OF kind, text ON vocabulary WHEN (old.kind IS NOT new.kind OR old.text IS NOT new.text) AND (old.kind = 'place' OR new.kind = 'place')
BEGIN
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'place', old.text) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
  INSERT INTO search_queue (record_type, record_id) SELECT * FROM (SELECT 'place', new.text) WHERE true
    ON CONFLICT DO UPDATE SET date_ms = NULL, utc_offset_s = NULL, body = NULL, parts = NULL;
END;
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
