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
    return filtered(selecting: "id")
  }

  /// SQL selecting the matching reports' `selectList`, oldest first, and its arguments. A page
  /// or a plain selection reads the reports straight from the date index; only "the newest
  /// `limit`" and an ID subquery go through the list of IDs.
  func reportsQuery(selecting selectList: String) -> (
    sql: String, arguments: [any DatabaseValueConvertible]
  ) {
    guard idSubquery == nil, limit == nil else {
      let (ids, arguments) = idQuery
      return (
        "SELECT \(selectList) FROM reports WHERE id IN (\(ids)) ORDER BY date_ms, id", arguments
      )
    }
    var (sql, arguments) = filtered(selecting: selectList)
    if pageSize == nil { sql += " ORDER BY date_ms, id" }
    return (sql, arguments)
  }

  /// `SELECT columns FROM reports WHERE …` with the selection's conditions, newest `limit`
  /// first or a page oldest first.
  private func filtered(selecting columns: String) -> (
    sql: String, arguments: [any DatabaseValueConvertible]
  ) {
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
    var sql = "SELECT \(columns) FROM reports" + whereClause
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

/// Loads reports with every child row in a fixed number of queries, whatever the count. Each
/// query selects a declared column list and decodes its rows by name. A child table with no
/// rows at all is not queried: most stores never use some of them (response locations,
/// photos), and finding a page's matches in an empty table still costs a seek per report.
enum ReportFetch {
  static func fetch(_ db: Database, _ selection: ReportSelection) throws -> [Report] {
    let (ids, arguments) = selection.idQuery
    var reports: [Report] = []
    var indexByID: [String: Int] = [:]
    let (reportsSQL, reportsArguments) = selection.reportsQuery(
      selecting: Report.table.selectList)
    try db.forEachRow(reportsSQL, reportsArguments, reading: Report.table) { row in
      let report = try Report(reading: &row)
      indexByID[report.id] = reports.count
      reports.append(report)
    }
    guard !reports.isEmpty else { return [] }
    try attachContext(db, ids: ids, arguments: arguments, to: &reports, indexByID: indexByID)
    try attachResponses(db, ids: ids, arguments: arguments, to: &reports, indexByID: indexByID)
    return reports
  }

  private static func attachContext(
    _ db: Database, ids: String, arguments: [any DatabaseValueConvertible],
    to reports: inout [Report], indexByID: [String: Int]
  ) throws {
    if try db.hasRows("report_locations") {
      try db.forEachRow(
        """
        SELECT \(Report.locationTable.selectList) FROM report_locations
        WHERE report_id IN (\(ids))
        """, arguments, reading: Report.locationTable
      ) { row in
        guard let index = indexByID[try row.requiredText("report_id")] else { return }
        reports[index].context.location = LocationSnapshot(reading: &row)
      }
    }
    if try db.hasRows("report_weather") {
      try db.forEachRow(
        "SELECT \(Report.weatherTable.selectList) FROM report_weather WHERE report_id IN (\(ids))",
        arguments, reading: Report.weatherTable
      ) { row in
        guard let index = indexByID[try row.requiredText("report_id")] else { return }
        reports[index].context.weather = WeatherObservation(reading: &row)
      }
    }
    if try db.hasRows("report_photos") {
      try db.forEachRow(
        """
        SELECT \(Report.photoTable.selectList) FROM report_photos
        WHERE report_id IN (\(ids)) ORDER BY report_id, position
        """, arguments, reading: Report.photoTable
      ) { row in
        guard let index = indexByID[try row.requiredText("report_id")] else { return }
        row.skip("position")
        reports[index].context.photos.append(try Photo(reading: &row))
      }
    }
    if try db.hasRows("report_health") {
      try db.forEachRow(
        """
        SELECT \(Report.healthTable.selectList) FROM report_health
        WHERE report_id IN (\(ids)) ORDER BY report_id, position
        """, arguments, reading: Report.healthTable
      ) { row in
        guard let index = indexByID[try row.requiredText("report_id")] else { return }
        row.skip("position")
        reports[index].context.health.append(try HealthReading(reading: &row))
      }
    }
    if try db.hasRows("report_state_of_mind") {
      try db.forEachRow(
        """
        SELECT \(Report.stateOfMindTable.selectList) FROM report_state_of_mind
        WHERE report_id IN (\(ids)) ORDER BY report_id, position
        """, arguments, reading: Report.stateOfMindTable
      ) { row in
        guard let index = indexByID[try row.requiredText("report_id")] else { return }
        row.skip("position")
        reports[index].context.stateOfMindSampleIDs.append(try row.requiredText("sample_id"))
      }
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
      SELECT \(Response.table.selectList)
      FROM responses WHERE report_id IN (\(ids)) ORDER BY report_id, position, id
      """, arguments, reading: Response.table
    ) { row in
      let id = try row.requiredText("id")
      guard let reportIndex = indexByID[try row.requiredText("report_id")] else { return }
      let response = try Response(id: id, reading: &row)
      responseIndex[response.id] = responses.count
      responses.append(response)
      reportOfResponse.append(reportIndex)
    }
    let owned = "SELECT id FROM responses WHERE report_id IN (\(ids))"
    guard !responses.isEmpty else { return }
    if try db.hasRows("response_values") {
      try db.forEachRow(
        """
        SELECT \(Response.valueTable.selectList) FROM response_values
        WHERE response_id IN (\(owned)) ORDER BY response_id, role, position
        """, arguments, reading: Response.valueTable
      ) { row in
        guard let index = responseIndex[try row.requiredText("response_id")] else { return }
        let role = try row.requiredText("role")
        row.skip("position")
        let valueID = row.text("value_id")
        let text = try row.requiredText("text")
        switch role {
        case "token":
          responses[index].tokens?.append(TokenValue(id: valueID ?? "", text: text))
        case "option":
          responses[index].options?.append(text)
        default:
          responses[index].notes?.append(TokenValue(id: valueID ?? "", text: text))
        }
      }
    }
    if try db.hasRows("response_locations") {
      try db.forEachRow(
        """
        SELECT \(Response.locationTable.selectList)
        FROM response_locations WHERE response_id IN (\(owned))
        """, arguments, reading: Response.locationTable
      ) { row in
        guard let index = responseIndex[try row.requiredText("response_id")] else { return }
        responses[index].location = LocationAnswer(reading: &row)
      }
    }
    for (offset, response) in responses.enumerated() {
      reports[reportOfResponse[offset]].responses.append(response)
    }
  }
}
