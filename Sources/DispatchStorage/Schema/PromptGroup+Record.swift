import DispatchCore

/// Reading and writing prompt groups.
extension PromptGroup {
  static let table = TableColumns<PromptGroup>(
    "prompt_groups",
    [
      Column("id", .text) { .text($0.id) },
      Column("name", .text) { .text($0.name) },
      Column("schedule_kind", .text) { .text($0.scheduleKind) },
      Column("is_enabled", .integer) { .integer($0.isEnabled ? 1 : 0) },
      Column("sort_order", .integer) { .integer(Int64($0.sortOrder)) },
      Column("question_ids", .text) { .text(JSONStringList.encode($0.questionIDs)) },
      Column("schedule_hours", .optionalInteger) { DatabaseValue($0.scheduleHours) },
      Column("schedule_count", .optionalInteger) { DatabaseValue($0.scheduleCount) },
      Column("schedule_distribution", .optionalText) { DatabaseValue($0.scheduleDistribution) },
      Column("scheduled_times", .text) { .text(JSONStringList.encode($0.scheduledTimes)) },
      Column("calendar_match_kind", .optionalText) { DatabaseValue($0.calendarMatchKind) },
      Column("calendar_identifiers", .text) {
        .text(JSONStringList.encode($0.calendarIdentifiers))
      },
      Column("calendar_title_filter", .optionalText) { DatabaseValue($0.calendarTitleFilter) },
      Column("monitor_direction", .optionalText) { DatabaseValue($0.monitorDirection) },
      Column("monitor_delay_minutes", .optionalInteger) { DatabaseValue($0.monitorDelayMinutes) },
      Column("monitor_cancels_on_contradiction", .optionalInteger) {
        DatabaseValue($0.monitorCancelsOnContradiction)
      },
      Column("region_latitude", .optionalReal) { DatabaseValue($0.placeRegion?.latitude) },
      Column("region_longitude", .optionalReal) { DatabaseValue($0.placeRegion?.longitude) },
      Column("region_radius", .optionalReal) { DatabaseValue($0.placeRegion?.radius) },
      Column("region_name", .optionalText) { DatabaseValue($0.placeRegion?.name) },
      Column("beacon_uuid", .optionalText) { DatabaseValue($0.beacon?.uuid) },
      Column("beacon_major", .optionalInteger) { DatabaseValue($0.beacon?.major) },
      Column("beacon_minor", .optionalInteger) { DatabaseValue($0.beacon?.minor) },
      Column("beacon_name", .optionalText) { DatabaseValue($0.beacon?.name) },
    ])

  init(reading row: inout ColumnReader) throws(StoreError) {
    let id = try row.requiredText("id")
    let name = try row.requiredText("name")
    let scheduleKind = try row.requiredText("schedule_kind")
    let isEnabled = row.bool("is_enabled") ?? true
    let sortOrder = row.int("sort_order") ?? 0
    let questionIDs = JSONStringList.decode(row.text("question_ids"))
    let scheduleHours = row.int("schedule_hours")
    let scheduleCount = row.int("schedule_count")
    let scheduleDistribution = row.text("schedule_distribution")
    let scheduledTimes = JSONStringList.decode(row.text("scheduled_times"))
    let calendarMatchKind = row.text("calendar_match_kind")
    let calendarIdentifiers = JSONStringList.decode(row.text("calendar_identifiers"))
    let calendarTitleFilter = row.text("calendar_title_filter")
    let monitorDirection = row.text("monitor_direction")
    let monitorDelayMinutes = row.int("monitor_delay_minutes")
    let cancels = row.bool("monitor_cancels_on_contradiction")
    let latitude = row.double("region_latitude")
    let longitude = row.double("region_longitude")
    let radius = row.double("region_radius")
    let regionName = row.text("region_name")
    let beaconUUID = row.text("beacon_uuid")
    let major = row.int("beacon_major")
    let minor = row.int("beacon_minor")
    let beaconName = row.text("beacon_name")
    var region: PlaceRegion?
    if let latitude, let longitude, let radius {
      region = PlaceRegion(
        latitude: latitude, longitude: longitude, radius: radius, name: regionName)
    }
    self.init(
      id: id, name: name, scheduleKind: scheduleKind, isEnabled: isEnabled,
      sortOrder: sortOrder, questionIDs: questionIDs, scheduleHours: scheduleHours,
      scheduleCount: scheduleCount, scheduleDistribution: scheduleDistribution,
      scheduledTimes: scheduledTimes, calendarMatchKind: calendarMatchKind,
      calendarIdentifiers: calendarIdentifiers, calendarTitleFilter: calendarTitleFilter,
      monitorDirection: monitorDirection, monitorDelayMinutes: monitorDelayMinutes,
      monitorCancelsOnContradiction: cancels, placeRegion: region,
      beacon: beaconUUID.map {
        BeaconIdentity(uuid: $0, major: major, minor: minor, name: beaconName)
      })
  }

  /// Every group, ordered by sort order then ID.
  static func fetchAll(_ db: Database) throws(StoreError) -> [PromptGroup] {
    try ColumnLayout.decode(
      db.rows("SELECT \(table.selectList) FROM prompt_groups ORDER BY sort_order, id"), table
    ) { row throws(StoreError) in try PromptGroup(reading: &row) }
  }

  /// Inserts or replaces the group with this ID.
  func save(_ db: Database) throws(StoreError) {
    try db.execute(Self.table.statements.replace, values: Self.table.values(of: self))
  }
}
