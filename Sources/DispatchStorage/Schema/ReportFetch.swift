import DispatchCore

/// Which reports to load.
public struct ReportSelection: Sendable, Equatable {
  /// Only reports at or after this bound (a local day is read in each report's own zone).
  public var from: DateBound?
  /// Only reports before this bound.
  public var to: DateBound?
  /// Whether drafts are included alongside filed reports.
  public var includeDrafts: Bool
  /// Keep only the newest `limit` reports (still returned oldest first).
  public var limit: Int?
  /// Only the report with this ID.
  public var id: String?
  /// Paging: only reports after this (instant, ID) position, at most `pageSize` of them.
  var after: (milliseconds: Int64, id: String)?
  var pageSize: Int?
  /// A SQL query of report IDs that replaces every other condition (used by imports).
  var idSubquery: String?

  public static func == (lhs: ReportSelection, rhs: ReportSelection) -> Bool {
    lhs.from == rhs.from && lhs.to == rhs.to && lhs.includeDrafts == rhs.includeDrafts
      && lhs.limit == rhs.limit && lhs.id == rhs.id
      && lhs.after?.milliseconds == rhs.after?.milliseconds
      && lhs.after?.id == rhs.after?.id && lhs.pageSize == rhs.pageSize
      && lhs.idSubquery == rhs.idSubquery
  }

  public init(
    from: DateBound? = nil, to: DateBound? = nil, includeDrafts: Bool = false, limit: Int? = nil,
    id: String? = nil
  ) {
    self.from = from
    self.to = to
    self.includeDrafts = includeDrafts
    self.limit = limit
    self.id = id
  }

  /// SQL selecting the matching report IDs, and its arguments.
  var idQuery: (sql: String, arguments: [any DatabaseValueConvertible]) {
    if let idSubquery { return (idSubquery, []) }
    var conditions: [String] = []
    var arguments: [any DatabaseValueConvertible] = []
    for (bound, comparison) in [(from, ">="), (to, "<")] {
      switch bound {
      case .none: break
      case .instant(let instant):
        conditions.append("date_ms \(comparison) ?")
        arguments.append(instant.milliseconds)
      case .localDay(let day):
        // The report's wall-clock time where it was filed, compared with the day's start.
        conditions.append("date_ms + utc_offset_s * 1000 \(comparison) ?")
        arguments.append(Int64(day) * 86_400_000)
      }
    }
    if !includeDrafts { conditions.append("is_draft = 0") }
    if let id {
      conditions.append("id = ?")
      arguments.append(id)
    }
    if let after {
      conditions.append("(date_ms > ? OR (date_ms = ? AND id > ?))")
      arguments += [after.milliseconds, after.milliseconds, after.id]
    }
    let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    var sql = "SELECT id FROM reports" + whereClause
    if let limit {
      sql += " ORDER BY date_ms DESC, id DESC LIMIT ?"
      arguments.append(limit)
    } else if let pageSize {
      sql += " ORDER BY date_ms, id LIMIT ?"
      arguments.append(pageSize)
    }
    return (sql, arguments)
  }
}

/// Loads reports with every child row in a fixed number of queries, whatever the count.
enum ReportFetch {
  static func fetch(_ db: Database, _ selection: ReportSelection) throws -> [Report] {
    let (ids, arguments) = selection.idQuery
    var reports: [Report] = []
    var indexByID: [String: Int] = [:]
    try db.forEachRow(
      "SELECT \(Report.columnList) FROM reports WHERE id IN (\(ids)) ORDER BY date_ms, id",
      arguments
    ) { row in
      indexByID[try row.requiredString(0)] = reports.count
      reports.append(try report(from: row))
    }
    guard !reports.isEmpty else { return [] }
    try attachContext(db, ids: ids, arguments: arguments, to: &reports, indexByID: indexByID)
    try attachResponses(db, ids: ids, arguments: arguments, to: &reports, indexByID: indexByID)
    return reports
  }

  private static func report(from row: Row) throws -> Report {
    var context = SensorContext(
      battery: row.double(14), connection: row.int(15), altitudeMeters: row.double(16))
    if let average = row.double(17), let peak = row.double(18) {
      context.audio = AudioLevel(average: average, peak: peak)
    }
    if let focused = row.bool(19) {
      context.focus = FocusState(label: row.string(20), isFocused: focused)
    }
    if let source = row.string(21) {
      context.media = MediaInfo(
        source: source, title: row.string(22), artist: row.string(23), album: row.string(24),
        playbackState: row.int(25) ?? 0, spotifyTrackURI: row.string(26),
        appleMusicStoreID: row.string(27))
    }
    let device = DeviceState(
      isLowPowerMode: row.bool(28), screenBrightness: row.double(29),
      interfaceStyle: row.string(30), audioOutputRoute: row.string(31))
    context.deviceState = device.isEmpty ? nil : device
    let motion = MotionState(activity: row.string(32), barometricPressureKPa: row.double(33))
    context.motion = motion.isEmpty ? nil : motion
    return Report(
      id: try row.requiredString(0), date: Instant(milliseconds: try row.requiredInt64(1)),
      timeZoneIdentifier: try row.requiredString(3), utcOffsetSeconds: row.int(2) ?? 0,
      kind: ReportKind(rawValue: try row.requiredString(4)),
      trigger: ReportTrigger(rawValue: try row.requiredString(5)),
      isDraft: row.bool(6) ?? false, isBackdated: row.bool(7) ?? false,
      wasInBackground: row.bool(8) ?? false, promptGroupID: row.string(9),
      legacyImpetus: row.int(10), legacySectionIdentifier: row.string(11),
      sourceDeviceModel: row.string(12), sourceDeviceName: row.string(13), context: context)
  }

  private static func attachContext(
    _ db: Database, ids: String, arguments: [any DatabaseValueConvertible],
    to reports: inout [Report], indexByID: [String: Int]
  ) throws {
    try db.forEachRow(
      "SELECT report_id, \(LocationSnapshot.columnList) FROM report_locations WHERE report_id IN (\(ids))",
      arguments
    ) { row in
      guard let index = indexByID[try row.requiredString(0)] else { return }
      reports[index].context.location = LocationSnapshot(row: row, offset: 1)
    }
    try db.forEachRow(
      "SELECT report_id, \(WeatherObservation.columnList) FROM report_weather WHERE report_id IN (\(ids))",
      arguments
    ) { row in
      guard let index = indexByID[try row.requiredString(0)] else { return }
      reports[index].context.weather = WeatherObservation(row: row, offset: 1)
    }
    try db.forEachRow(
      """
      SELECT report_id, id, asset_url, pixel_width, pixel_height, date_ms, latitude, longitude
      FROM report_photos WHERE report_id IN (\(ids)) ORDER BY report_id, position
      """, arguments
    ) { row in
      guard let index = indexByID[try row.requiredString(0)] else { return }
      reports[index].context.photos.append(
        Photo(
          id: try row.requiredString(1), assetURL: row.string(2), pixelWidth: row.int(3),
          pixelHeight: row.int(4), dateTime: row.int64(5).map(Instant.init),
          latitude: row.double(6), longitude: row.double(7)))
    }
    try db.forEachRow(
      """
      SELECT report_id, type, value, unit, start_ms, end_ms, from_apple_health FROM report_health
      WHERE report_id IN (\(ids)) ORDER BY report_id, position
      """, arguments
    ) { row in
      guard let index = indexByID[try row.requiredString(0)] else { return }
      reports[index].context.health.append(
        HealthReading(
          type: try row.requiredString(1), value: row.double(2) ?? 0,
          unit: try row.requiredString(3), startDate: row.int64(4).map(Instant.init),
          endDate: row.int64(5).map(Instant.init), isFromAppleHealth: row.bool(6) ?? false))
    }
    try db.forEachRow(
      """
      SELECT report_id, sample_id FROM report_state_of_mind
      WHERE report_id IN (\(ids)) ORDER BY report_id, position
      """, arguments
    ) { row in
      guard let index = indexByID[try row.requiredString(0)] else { return }
      reports[index].context.stateOfMindSampleIDs.append(try row.requiredString(1))
    }
  }

  private static func attachResponses(
    _ db: Database, ids: String, arguments: [any DatabaseValueConvertible],
    to reports: inout [Report], indexByID: [String: Int]
  ) throws {
    var responses: [Response] = []
    var reportOfResponse: [Int] = []
    var responseIndex: [String: Int] = [:]
    try db.forEachRow(
      """
      SELECT id, report_id, question_id, question_prompt, has_tokens, has_options, has_notes,
        numeric_text, time_minutes, time_day_offset
      FROM responses WHERE report_id IN (\(ids)) ORDER BY report_id, position, id
      """, arguments
    ) { row in
      guard let reportIndex = indexByID[try row.requiredString(1)] else { return }
      var response = Response(
        id: try row.requiredString(0), questionID: row.string(2),
        questionPrompt: try row.requiredString(3), number: row.string(7))
      if row.bool(4) == true { response.tokens = [] }
      if row.bool(5) == true { response.options = [] }
      if row.bool(6) == true { response.notes = [] }
      if let minutes = row.int(8) {
        response.time = TimeAnswer(minutes: minutes, dayOffset: row.int(9) ?? 0)
      }
      responseIndex[response.id] = responses.count
      responses.append(response)
      reportOfResponse.append(reportIndex)
    }
    let owned = "SELECT id FROM responses WHERE report_id IN (\(ids))"
    try db.forEachRow(
      """
      SELECT response_id, role, value_id, text FROM response_values
      WHERE response_id IN (\(owned)) ORDER BY response_id, role, position
      """, arguments
    ) { row in
      guard let index = responseIndex[try row.requiredString(0)] else { return }
      let text = try row.requiredString(3)
      switch try row.requiredString(1) {
      case "token":
        responses[index].tokens?.append(TokenValue(id: row.string(2) ?? "", text: text))
      case "option":
        responses[index].options?.append(text)
      default:
        responses[index].notes?.append(TokenValue(id: row.string(2) ?? "", text: text))
      }
    }
    try db.forEachRow(
      """
      SELECT response_id, text, venue_id, has_location, \(LocationSnapshot.columnList)
      FROM response_locations WHERE response_id IN (\(owned))
      """, arguments
    ) { row in
      guard let index = responseIndex[try row.requiredString(0)] else { return }
      responses[index].location = LocationAnswer(
        text: row.string(1), venueID: row.string(2),
        location: row.bool(3) == true ? LocationSnapshot(row: row, offset: 4) : nil)
    }
    for (offset, response) in responses.enumerated() {
      reports[reportOfResponse[offset]].responses.append(response)
    }
  }
}
