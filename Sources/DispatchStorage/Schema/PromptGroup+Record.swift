import DispatchCore

/// Reading and writing prompt groups.
extension PromptGroup {
  static let columnList = """
    id, name, schedule_kind, is_enabled, sort_order, question_ids, schedule_hours,
    schedule_count, schedule_distribution, scheduled_times, calendar_match_kind,
    calendar_identifiers, calendar_title_filter, monitor_direction, monitor_delay_minutes,
    monitor_cancels_on_contradiction, region_latitude, region_longitude, region_radius,
    region_name, beacon_uuid, beacon_major, beacon_minor, beacon_name
    """

  init(row: Row) throws(StoreError) {
    var region: PlaceRegion?
    if let latitude = row.double(16), let longitude = row.double(17),
      let radius = row.double(18)
    {
      region = PlaceRegion(
        latitude: latitude, longitude: longitude, radius: radius, name: row.string(19))
    }
    self.init(
      id: try row.requiredString(0), name: try row.requiredString(1),
      scheduleKind: try row.requiredString(2), isEnabled: row.bool(3) ?? true,
      sortOrder: row.int(4) ?? 0, questionIDs: JSONStringList.decode(row.string(5)),
      scheduleHours: row.int(6), scheduleCount: row.int(7),
      scheduleDistribution: row.string(8), scheduledTimes: JSONStringList.decode(row.string(9)),
      calendarMatchKind: row.string(10), calendarIdentifiers: JSONStringList.decode(row.string(11)),
      calendarTitleFilter: row.string(12), monitorDirection: row.string(13),
      monitorDelayMinutes: row.int(14), monitorCancelsOnContradiction: row.bool(15),
      placeRegion: region,
      beacon: row.string(20).map {
        BeaconIdentity(uuid: $0, major: row.int(21), minor: row.int(22), name: row.string(23))
      })
  }

  var columnValues: [any DatabaseValueConvertible] {
    [
      id, name, scheduleKind, isEnabled, sortOrder, JSONStringList.encode(questionIDs),
      scheduleHours, scheduleCount, scheduleDistribution, JSONStringList.encode(scheduledTimes),
      calendarMatchKind, JSONStringList.encode(calendarIdentifiers), calendarTitleFilter,
      monitorDirection, monitorDelayMinutes, monitorCancelsOnContradiction,
      placeRegion?.latitude, placeRegion?.longitude, placeRegion?.radius, placeRegion?.name,
      beacon?.uuid, beacon?.major, beacon?.minor, beacon?.name,
    ]
  }

  /// Every group, ordered by sort order then ID.
  static func fetchAll(_ db: Database) throws(StoreError) -> [PromptGroup] {
    var result: [PromptGroup] = []
    for row in try db.rows("SELECT \(columnList) FROM prompt_groups ORDER BY sort_order, id") {
      result.append(try PromptGroup(row: row))
    }
    return result
  }

  /// Inserts or replaces the group with this ID.
  func save(_ db: Database) throws(StoreError) {
    try db.execute(
      "INSERT OR REPLACE INTO prompt_groups (\(Self.columnList)) VALUES (\(placeholders(24)))",
      columnValues)
  }
}

/// Reading and writing the people registry.
extension Person {
  /// Every person, ordered by ID so resolution is deterministic.
  package static func fetchAll(_ db: Database) throws(StoreError) -> [Person] {
    var people: [Person] = []
    var indexByID: [String: Int] = [:]
    for row in try db.rows(
      "SELECT id, display_name, usage_count, question_count FROM people ORDER BY id")
    {
      let person = Person(
        id: try row.requiredString(0), displayName: try row.requiredString(1),
        usageCount: row.int(2) ?? 0, questionCount: row.int(3) ?? 0)
      indexByID[person.id] = people.count
      people.append(person)
    }
    for row in try db.rows(
      "SELECT person_id, name FROM person_alternate_names ORDER BY person_id, position")
    {
      guard let index = indexByID[try row.requiredString(0)] else { continue }
      people[index].alternateNames.append(try row.requiredString(1))
    }
    return people
  }

  /// Inserts or replaces the person and their alternate names.
  func save(_ db: Database) throws(StoreError) {
    try db.execute(
      """
      INSERT INTO people (id, display_name, usage_count, question_count) VALUES (?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name,
        usage_count = excluded.usage_count, question_count = excluded.question_count
      """, [id, displayName, usageCount, questionCount])
    try db.execute("DELETE FROM person_alternate_names WHERE person_id = ?", [id])
    for (position, name) in alternateNames.enumerated() {
      try db.execute(
        "INSERT INTO person_alternate_names (person_id, position, name) VALUES (?, ?, ?)",
        [id, position, name])
    }
  }
}
