import DispatchCore

/// Changing direct records in place, and check-in presets (docs/records.md#direct-records).
///
/// Definitions are changed with UPDATE, never with the INSERT OR REPLACE of `save…`: SQLite's
/// REPLACE deletes the old row first, and the ON DELETE CASCADE of `activities` and
/// `medication_doses` would take every instance and dose with it.
extension RecordsView {
  /// Changes a stored definition's name, description and tags; its activities stay.
  public func updateActivityDefinition(_ definition: ActivityDefinition) throws {
    try write { try $0.updateActivityDefinition(definition) }
  }

  /// Changes a stored medication; its doses stay.
  public func updateMedication(_ medication: Medication) throws {
    try write { try $0.updateMedication(medication) }
  }

  /// Saves several ratings in one transaction (rescaling is all or nothing).
  public func saveRatings(_ records: [RatingRecord]) throws {
    try write { try $0.saveRatings(records) }
  }

  // MARK: - Check-in presets

  /// Every check-in preset, by name.
  public func checkInPresets() throws -> [CheckInPreset] {
    try database.rows("SELECT name, kind, payload FROM checkin_presets ORDER BY name").map {
      row throws(StoreError) in
      try CheckInPreset(
        name: row.requiredString(0), kind: row.requiredString(1), payload: row.requiredString(2))
    }
  }

  /// Adds or replaces a preset (names are compared as stored; callers fold case first).
  public func saveCheckInPreset(_ preset: CheckInPreset) throws {
    try write { try $0.saveCheckInPreset(preset) }
  }

  /// Removes a preset.
  public func deleteCheckInPreset(named name: String) throws {
    try write { try $0.deleteCheckInPreset(named: name) }
  }
}

extension StoreTransaction {
  /// Changes a stored definition's name, description and tags; its activities stay.
  public func updateActivityDefinition(_ definition: ActivityDefinition) throws {
    let db = database
    try db.execute(
      """
      UPDATE activity_definitions SET name = ?, name_key = ?, description = ?, tags = ?,
        auto_note = ?, sort_order = ?, source = ? WHERE id = ?
      """,
      [
        definition.name, NameKey.normalize(definition.name), definition.description,
        JSONStringList.encode(definition.tags), definition.autoNote, definition.sortOrder,
        definition.source, definition.id,
      ])
  }

  /// Changes a stored medication; its doses stay.
  public func updateMedication(_ medication: Medication) throws {
    let db = database
    try db.execute(
      """
      UPDATE medications SET name = ?, name_key = ?, default_dosage = ?, frequency = ?,
        started_on = ?, started_on_time_zone = ?, notes = ?, sort_order = ?, source = ?
      WHERE id = ?
      """,
      [
        medication.name, NameKey.normalize(medication.name), medication.defaultDosage,
        medication.frequency, medication.startedOn, medication.startedOnTimeZone,
        medication.notes, medication.sortOrder, medication.source, medication.id,
      ])
  }

  /// Saves several ratings in one transaction (rescaling is all or nothing).
  public func saveRatings(_ records: [RatingRecord]) throws {
    let db = database
    for record in records { try record.save(db) }
  }

  /// Adds or replaces a preset (names are compared as stored; callers fold case first).
  public func saveCheckInPreset(_ preset: CheckInPreset) throws {
    let db = database
    try db.execute(
      """
      INSERT INTO checkin_presets (name, kind, payload) VALUES (?, ?, ?)
      ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, payload = excluded.payload
      """,
      [preset.name, preset.kind, preset.payload])
  }

  /// Removes a preset.
  public func deleteCheckInPreset(named name: String) throws {
    try database.execute("DELETE FROM checkin_presets WHERE name = ?", [name])
  }
}
