import DispatchCore

/// Reading and writing the direct records (docs/records.md#direct-records).
extension RecordsView {
  // MARK: - Ratings

  public func saveRating(_ record: RatingRecord) throws {
    try write { try $0.saveRating(record) }
  }

  /// Mood or fatigue ratings in `[from, to)`, oldest first (nil bounds: unbounded).
  public func ratings(_ kind: RatingKind, from: Instant? = nil, to: Instant? = nil) throws
    -> [RatingRecord]
  {
    try RatingRecord.decode(
      database.rows(
        "SELECT \(RatingRecord.columns) FROM ratings WHERE kind = ? AND date_ms >= ? AND date_ms < ? "
          + "ORDER BY date_ms, id",
        [kind.rawValue] + Self.range(from, to)))
  }

  // MARK: - Activities

  public func activityDefinitions() throws -> [ActivityDefinition] {
    try ActivityDefinition.decode(
      database.rows(
        "SELECT \(ActivityDefinition.columns) FROM activity_definitions ORDER BY sort_order, name",
        []))
  }

  /// The definition with this name, ignoring case and accents.
  public func activityDefinition(named name: String) throws -> ActivityDefinition? {
    try ActivityDefinition.decode(
      database.rows(
        "SELECT \(ActivityDefinition.columns) FROM activity_definitions WHERE name_key = ?",
        [NameKey.normalize(name)])
    ).first
  }

  public func saveActivityDefinition(_ definition: ActivityDefinition) throws {
    try write { try $0.saveActivityDefinition(definition) }
  }

  /// Deletes a definition and every activity of it.
  public func deleteActivityDefinition(id: String) throws {
    try write { try $0.deleteActivityDefinition(id: id) }
  }

  /// Activities that started in `[from, to)`, oldest first.
  public func activities(from: Instant? = nil, to: Instant? = nil) throws -> [ActivityRecord] {
    try ActivityRecord.decode(
      database.rows(
        "SELECT \(ActivityRecord.columns) FROM activities WHERE start_ms >= ? AND start_ms < ? "
          + "ORDER BY start_ms, id",
        Self.range(from, to)))
  }

  /// Activities without an end, oldest start first.
  public func runningActivities() throws -> [ActivityRecord] {
    try ActivityRecord.decode(
      database.rows(
        "SELECT \(ActivityRecord.columns) FROM activities WHERE end_ms IS NULL ORDER BY start_ms, id",
        []))
  }

  /// The activity that ended last, if any.
  public func lastEndedActivity() throws -> ActivityRecord? {
    try ActivityRecord.decode(
      database.rows(
        "SELECT \(ActivityRecord.columns) FROM activities WHERE end_ms IS NOT NULL "
          + "ORDER BY end_ms DESC, id DESC LIMIT 1",
        [])
    ).first
  }

  public func saveActivity(_ activity: ActivityRecord) throws {
    try write { try $0.saveActivity(activity) }
  }

  public func deleteActivity(id: String) throws {
    try write { try $0.deleteActivity(id: id) }
  }

  // MARK: - Medications

  public func medications() throws -> [Medication] {
    try Medication.decode(
      database.rows("SELECT \(Medication.columns) FROM medications ORDER BY sort_order, name", []))
  }

  /// The medication with this name, ignoring case and accents.
  public func medication(named name: String) throws -> Medication? {
    try Medication.decode(
      database.rows(
        "SELECT \(Medication.columns) FROM medications WHERE name_key = ?",
        [NameKey.normalize(name)])
    ).first
  }

  public func saveMedication(_ medication: Medication) throws {
    try write { try $0.saveMedication(medication) }
  }

  public func saveDose(_ dose: MedicationDose) throws {
    try write { try $0.saveDose(dose) }
  }

  /// Doses taken in `[from, to)`, oldest first.
  public func doses(from: Instant? = nil, to: Instant? = nil) throws -> [MedicationDose] {
    try MedicationDose.decode(
      database.rows(
        "SELECT \(MedicationDose.columns) FROM medication_doses WHERE date_ms >= ? AND date_ms < ? "
          + "ORDER BY date_ms, id",
        Self.range(from, to)))
  }

  // MARK: - Stress, metric context, lost items

  public func saveStressCheckIn(_ checkIn: StressCheckIn) throws {
    try write { try $0.saveStressCheckIn(checkIn) }
  }

  /// Check-ins in `[from, to)`, oldest first.
  public func stressCheckIns(from: Instant? = nil, to: Instant? = nil) throws -> [StressCheckIn] {
    try database.read { db in
      try StressCheckIn.fetch(db, where: "WHERE date_ms >= ? AND date_ms < ?", Self.range(from, to))
    }
  }

  /// The personal stressors a check-in asks about, in order.
  public func stressors() throws -> [String] {
    try database.rows("SELECT name FROM stressors ORDER BY sort_order, name").compactMap {
      $0.string(0)
    }
  }

  /// Replaces the list of personal stressors.
  public func setStressors(_ names: [String]) throws {
    try write { try $0.setStressors(names) }
  }

  public func saveMetricContext(_ entry: MetricContextEntry) throws {
    try write { try $0.saveMetricContext(entry) }
  }

  /// Entries that start in `[from, to)`, oldest first.
  public func metricContext(from: Instant? = nil, to: Instant? = nil) throws
    -> [MetricContextEntry]
  {
    try MetricContextEntry.decode(
      database.rows(
        "SELECT \(MetricContextEntry.columns) FROM metric_context WHERE from_ms >= ? AND from_ms < ? "
          + "ORDER BY from_ms, id",
        Self.range(from, to)))
  }

  public func deleteMetricContext(id: String) throws {
    try write { try $0.deleteMetricContext(id: id) }
  }

  public func saveLostItem(_ event: LostItemEvent) throws {
    try write { try $0.saveLostItem(event) }
  }

  /// Lost-item events noticed in `[from, to)`, oldest first.
  public func lostItems(from: Instant? = nil, to: Instant? = nil) throws -> [LostItemEvent] {
    try LostItemEvent.decode(
      database.rows(
        "SELECT \(LostItemEvent.columns) FROM lost_items WHERE noticed_ms >= ? AND noticed_ms < ? "
          + "ORDER BY noticed_ms, id",
        Self.range(from, to)))
  }

  // MARK: - Helpers

  static func range(_ from: Instant?, _ to: Instant?) -> [any DatabaseValueConvertible] {
    [from?.milliseconds ?? Int64.min, to?.milliseconds ?? Int64.max]
  }
}

extension StoreTransaction {
  public func saveRating(_ record: RatingRecord) throws {
    try record.save(database)
  }

  public func saveActivityDefinition(_ definition: ActivityDefinition) throws {
    try definition.save(database)
  }

  /// Deletes a definition and every activity of it.
  public func deleteActivityDefinition(id: String) throws {
    try database.execute("DELETE FROM activity_definitions WHERE id = ?", [id])
  }

  public func saveActivity(_ activity: ActivityRecord) throws {
    try activity.save(database)
  }

  public func deleteActivity(id: String) throws {
    try database.execute("DELETE FROM activities WHERE id = ?", [id])
  }

  public func saveMedication(_ medication: Medication) throws {
    try medication.save(database)
  }

  public func saveDose(_ dose: MedicationDose) throws {
    try dose.save(database)
  }

  public func saveStressCheckIn(_ checkIn: StressCheckIn) throws {
    try checkIn.save(database)
  }

  /// Replaces the list of personal stressors.
  public func setStressors(_ names: [String]) throws {
    let db = database
    try db.execute("DELETE FROM stressors")
    for (index, name) in names.enumerated() {
      try db.execute("INSERT INTO stressors (name, sort_order) VALUES (?, ?)", [name, index])
    }
  }

  public func saveMetricContext(_ entry: MetricContextEntry) throws {
    try entry.save(database)
  }

  public func deleteMetricContext(id: String) throws {
    try database.execute("DELETE FROM metric_context WHERE id = ?", [id])
  }

  public func saveLostItem(_ event: LostItemEvent) throws {
    try event.save(database)
  }
}
