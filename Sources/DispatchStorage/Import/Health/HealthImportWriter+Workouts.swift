import DispatchCore

/// Workouts with their events, statistics, activities and routes
/// (docs/formats/apple-health.md#workouts).
extension HealthImportWriter {
  func writeWorkout(_ element: HealthElementItem, into summary: inout ImportSummary) throws {
    let node = element.node
    guard let activity = node.value("workoutActivityType"),
      let sourceText = node.value("sourceName"),
      let start = node.date("startDate"), let end = node.date("endDate")
    else {
      skip(
        element.ordinal, field: "workoutActivityType",
        "a Workout without its activity type, source or dates", into: &summary)
      return
    }
    let device = try node.value("device").map { text -> Int64 in
      var copy = text
      let description = copy.withUTF8 { bytes in
        HealthDevice.withDescription(bytes) { String(decoding: $0, as: UTF8.self) }
      }
      return try HealthDevices.id(ofDescription: description, in: db)
    }
    // The strings are added in this order (source, then version) in every import, so two
    // imports of one export number them alike.
    let source = try Self.string(sourceText, in: db)
    let workout = HealthWorkoutRow(
      activityType: activity, duration: node.seconds("duration", unit: "durationUnit"),
      totalDistance: node.number("totalDistance"),
      totalDistanceUnit: node.value("totalDistanceUnit"),
      totalEnergy: node.number("totalEnergyBurned"),
      totalEnergyUnit: node.value("totalEnergyBurnedUnit"), source: source,
      sourceVersion: try node.value("sourceVersion").map { try Self.string($0, in: db) },
      device: device, start: start, end: end, creation: node.date("creationDate")?.milliseconds,
      timeZone: node.metadata("HKTimeZone"), hash: element.hash)
    let table = HealthWorkoutRow.table
    try db.execute(table.statements.insertOrIgnore, values: table.values(of: workout))
    let entries = Self.metadataCount(node)
    guard db.changes > 0 else {
      summary["unchanged"] += 1 + entries
      return
    }
    let id = db.lastInsertedRowID
    summary["workoutsImported"] += 1
    summary.newWorkoutEnds.append(Instant(milliseconds: end.milliseconds))
    summary["metadataEntriesImported"] += entries
    try writeMetadata(of: node, owner: .workout, id: id)
    try writeParts(of: node, workout: id, activity: nil)
    for (position, part) in node.children(named: "WorkoutActivity").enumerated() {
      try db.execute(
        """
        INSERT INTO health_workout_activities (workout_id, position, uuid, start_ms, end_ms,
          duration_s) VALUES (?, ?, ?, ?, ?, ?)
        """,
        values: [
          .integer(id), DatabaseValue(position), DatabaseValue(part.value("uuid")),
          DatabaseValue(part.date("startDate")?.milliseconds),
          DatabaseValue(part.date("endDate")?.milliseconds),
          DatabaseValue(part.seconds("duration", unit: "durationUnit")),
        ])
      let activityID = db.lastInsertedRowID
      try writeMetadata(of: part, owner: .workoutActivity, id: activityID)
      try writeParts(of: part, workout: id, activity: activityID)
    }
    for route in node.children(named: "WorkoutRoute") {
      try writeRoute(route, workout: id)
    }
  }

  /// Events and statistics of a workout, or of one of its activities.
  private func writeParts(of node: HealthNode, workout: Int64, activity: Int64?) throws {
    for (position, event) in node.children(named: "WorkoutEvent").enumerated() {
      try db.execute(
        """
        INSERT INTO health_workout_events (workout_id, activity_id, position, type, date_ms,
          duration_s) VALUES (?, ?, ?, ?, ?, ?)
        """,
        values: [
          .integer(workout), DatabaseValue(activity), DatabaseValue(position),
          .text(event.value("type") ?? ""), DatabaseValue(event.date("date")?.milliseconds),
          DatabaseValue(event.seconds("duration", unit: "durationUnit")),
        ])
      try writeMetadata(of: event, owner: .workoutEvent, id: db.lastInsertedRowID)
    }
    for statistic in node.children(named: "WorkoutStatistics") {
      try db.execute(
        """
        INSERT INTO health_workout_statistics (workout_id, activity_id, type, start_ms, end_ms,
          average, minimum, maximum, sum, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        values: [
          .integer(workout), DatabaseValue(activity), .text(statistic.value("type") ?? ""),
          DatabaseValue(statistic.date("startDate")?.milliseconds),
          DatabaseValue(statistic.date("endDate")?.milliseconds),
          DatabaseValue(statistic.number("average")), DatabaseValue(statistic.number("minimum")),
          DatabaseValue(statistic.number("maximum")), DatabaseValue(statistic.number("sum")),
          DatabaseValue(statistic.value("unit")),
        ])
    }
  }

  /// A route: its points inline (`Location`, before iOS 13) or in the GPX file it names,
  /// read once the export is read.
  private func writeRoute(_ route: HealthNode, workout: Int64) throws {
    let file = route.children(named: "FileReference").first?.value("path")
    try db.execute(
      """
      INSERT INTO health_workout_routes (workout_id, source_id, start_ms, end_ms, file_path)
      VALUES (?, ?, ?, ?, ?)
      """,
      values: [
        .integer(workout),
        DatabaseValue(try route.value("sourceName").map { try Self.string($0, in: db) }),
        DatabaseValue(route.date("startDate")?.milliseconds),
        DatabaseValue(route.date("endDate")?.milliseconds), DatabaseValue(file),
      ])
    let id = db.lastInsertedRowID
    try writeMetadata(of: route, owner: .workoutRoute, id: id)
    let locations = route.children(named: "Location")
    for (position, location) in locations.enumerated() {
      guard let latitude = location.number("latitude"), let longitude = location.number("longitude")
      else { continue }
      try HealthRoutePoints.insert(
        HealthRoutePoint(
          time: location.date("date")?.milliseconds, latitude: latitude, longitude: longitude,
          elevation: location.number("altitude"), speed: location.number("speed"),
          course: location.number("course"),
          horizontalAccuracy: location.number("horizontalAccuracy"),
          verticalAccuracy: location.number("verticalAccuracy")),
        route: id, position: position, in: db)
    }
    if !locations.isEmpty {
      try db.execute(
        "UPDATE health_workout_routes SET points_found = ? WHERE id = ?",
        values: [.integer(Int64(locations.count)), .integer(id)])
    }
    if let file { addRouteFile(route: id, path: file) }
  }

  /// Every `MetadataEntry` in the tree.
  static func metadataCount(_ node: HealthNode) -> Int {
    node.children.reduce(node.name == "MetadataEntry" ? 1 : 0) { $0 + metadataCount($1) }
  }
}

enum HealthRoutePoints {
  static func insert(_ point: HealthRoutePoint, route: Int64, position: Int, in db: Database)
    throws(StoreError)
  {
    try db.execute(
      """
      INSERT OR REPLACE INTO health_route_points (route_id, position, time_ms, latitude,
        longitude, elevation, speed, course, horizontal_accuracy, vertical_accuracy)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      values: [
        .integer(route), DatabaseValue(position), DatabaseValue(point.time),
        .real(point.latitude), .real(point.longitude), DatabaseValue(point.elevation),
        DatabaseValue(point.speed), DatabaseValue(point.course),
        DatabaseValue(point.horizontalAccuracy), DatabaseValue(point.verticalAccuracy),
      ])
  }
}
