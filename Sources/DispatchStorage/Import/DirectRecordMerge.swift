import DispatchCore

/// Merges a run's direct records (docs/import-export.md#how-imports-merge): definitions by name,
/// records by ID — new ones inserted and counted, identical ones `unchanged`, changed ones replaced
/// and `updated`. One value serves a whole run, whose files may arrive in many batches.
struct DirectRecordMerge {
  /// IDs per lookup query, well under SQLite's default limit of 32,766 parameters.
  static let lookupChunk = 500
  let db: Database
  /// Per table: whether it held no rows when the run began. Then only rows this run inserted
  /// can share an ID with an imported one, and nothing needs looking up.
  private var emptyAtStart: [String: Bool] = [:]
  /// Per table: the IDs this run inserted.
  private var inserted: [String: Set<String>] = [:]

  init(db: Database) {
    self.db = db
  }

  mutating func merge(_ batch: DirectRecordBatch, into summary: inout ImportSummary) throws {
    guard !batch.isEmpty else { return }
    let definitionIDs = try mergeDefinitions(batch.activityDefinitions)
    let medicationIDs = try mergeMedications(
      batch.medications, updating: batch.updatesStoredMedications, into: &summary)
    for kind in RatingKind.allCases {
      try mergeRecords(
        batch.ratings.filter { $0.kind == kind }, table: "ratings",
        counter: kind == .mood ? "moodsImported" : "fatigueImported", into: &summary)
    }
    // A first import keeps its own definition IDs: no need to copy every activity then.
    let activities =
      definitionIDs.allSatisfy { $0.key == $0.value }
      ? batch.activities
      : batch.activities.map { activity in
        var copy = activity
        copy.definitionID = definitionIDs[activity.definitionID] ?? activity.definitionID
        return copy
      }
    try mergeRecords(
      activities, table: "activities", counter: "activitiesImported", into: &summary)
    try mergeRecords(
      try withDefaultDosages(
        batch.doses.map { dose in
          var copy = dose
          copy.medicationID = medicationIDs[dose.medicationID] ?? dose.medicationID
          return copy
        }), table: "medication_doses", counter: "dosesImported", into: &summary)
    try mergeRecords(
      batch.metricContext, table: "metric_context", counter: "metricContextImported",
      into: &summary)
    try mergeRecords(
      batch.lostItems, table: "lost_items", counter: "lostItemsImported", into: &summary)
  }

  /// Imported definition ID → the stored one of the same name (which wins as it is).
  private func mergeDefinitions(_ definitions: [ActivityDefinition]) throws -> [String: String] {
    var map: [String: String] = [:]
    var stored = Dictionary(
      try db.rows("SELECT name_key, id FROM activity_definitions").compactMap { row in
        row.string(0).flatMap { key in row.string(1).map { (key, $0) } }
      }, uniquingKeysWith: { first, _ in first })
    var next = try db.scalarInt("SELECT count(*) FROM activity_definitions") ?? 0
    for definition in definitions {
      let key = NameKey.normalize(definition.name)
      if let id = stored[key] {
        map[definition.id] = id
        continue
      }
      var fresh = definition
      fresh.sortOrder = next
      next += 1
      try fresh.save(db)
      stored[key] = fresh.id
      map[definition.id] = fresh.id
    }
    return map
  }

  private func mergeMedications(
    _ medications: [Medication], updating: Bool, into summary: inout ImportSummary
  ) throws -> [String: String] {
    var map: [String: String] = [:]
    var next = try db.scalarInt("SELECT count(*) FROM medications") ?? 0
    var counted = Set<String>()
    for medication in medications {
      let rows = try db.rows(
        "SELECT \(Medication.columns) FROM medications WHERE name_key = ?",
        [NameKey.normalize(medication.name)])
      guard let existing = try Medication.decode(rows).first else {
        var fresh = medication
        fresh.sortOrder = next
        next += 1
        try fresh.save(db)
        map[medication.id] = fresh.id
        summary["medicationsImported"] += 1
        continue
      }
      map[medication.id] = existing.id
      // A name-only reference (an EasyPill dose file's,
      // docs/formats/introspective.md#easypill-doses) is no record of its own: it maps to the
      // stored medication without counting it as unchanged.
      if !updating && Self.isReference(medication) { continue }
      guard counted.insert(existing.id).inserted else { continue }
      var merged = medication
      merged.id = existing.id
      merged.sortOrder = existing.sortOrder
      merged.frequency = medication.frequency ?? existing.frequency
      if !updating || merged == existing {
        summary["unchanged"] += 1
      } else {
        try merged.save(db)
        summary["updated"] += 1
      }
    }
    return map
  }

  /// Whether `medication` gives nothing but a name.
  private static func isReference(_ medication: Medication) -> Bool {
    medication.defaultDosage == nil && medication.frequency == nil && medication.startedOn == nil
      && medication.startedOnTimeZone == nil && medication.notes == nil
  }

  /// EasyPill doses carry no dosage: each takes its medication's default dosage
  /// (docs/formats/introspective.md#easypill-doses), read once the batch's medications are merged.
  private func withDefaultDosages(_ doses: [MedicationDose]) throws -> [MedicationDose] {
    var defaults: [String: String?] = [:]
    return try doses.map { dose in
      guard dose.dosage == nil, dose.source == RecordSource.easyPill else { return dose }
      var copy = dose
      if let known = defaults[dose.medicationID] {
        copy.dosage = known
        return copy
      }
      let stored = try db.rows(
        "SELECT default_dosage FROM medications WHERE id = ?", [dose.medicationID]
      ).first?.string(0)
      defaults[dose.medicationID] = .some(stored)
      copy.dosage = stored
      return copy
    }
  }

  /// Records by ID, with the stored ones looked up a chunk at a time.
  private mutating func mergeRecords<Record: StoredRecord>(
    _ records: [Record], table name: String, counter: String, into summary: inout ImportSummary
  ) throws {
    let columns = Record.columns
    guard !records.isEmpty else { return }
    // The stored records with these IDs, looked up through the primary key a chunk at a time:
    // no temporary table to fill, so a first import of 100,000 rows writes only its rows.
    var stored: [String: Record] = [:]
    let table = Database.quoteIdentifier(name)
    let isEmpty =
      try emptyAtStart[name]
      ?? {
        let empty = try db.scalarInt("SELECT NOT EXISTS (SELECT 1 FROM \(table))") == 1
        emptyAtStart[name] = empty
        return empty
      }()
    if !isEmpty {
      stored.reserveCapacity(records.count)
      let ids = records.map(\.id)
      for start in stride(from: 0, to: ids.count, by: Self.lookupChunk) {
        let chunk = Array(ids[start..<min(start + Self.lookupChunk, ids.count)])
        let rows = try db.rows(
          "SELECT \(columns) FROM \(table) WHERE id IN (" + placeholders(chunk.count) + ")", chunk)
        for record in try Record.decode(rows) {
          stored[record.id] = record
        }
      }
    }
    // New records are remembered by ID only; a second record with the same ID in one run
    // (rare) is compared with the row the first one just wrote. Each ID is hashed once here:
    // on a first import this set is most of the merge's own work.
    var inserted = self.inserted.removeValue(forKey: name) ?? []
    defer { self.inserted[name] = inserted }
    inserted.reserveCapacity(inserted.count + records.count)
    var added = 0
    for record in records {
      var existing = stored.isEmpty ? nil : stored[record.id]
      if existing == nil {
        guard !inserted.insert(record.id).inserted else {
          try record.insert(db)
          added += 1
          continue
        }
        existing = try Record.decode(
          db.rows("SELECT \(columns) FROM \(table) WHERE id = ?", [record.id])
        ).first
      }
      switch existing {
      case nil:
        // Only a row deleted meanwhile could be missing; write it again.
        try record.insert(db)
        added += 1
      case let existing? where existing == record:
        summary["unchanged"] += 1
      default:
        try record.save(db)
        summary["updated"] += 1
        stored[record.id] = record
      }
    }
    summary[counter] += added
  }

}
