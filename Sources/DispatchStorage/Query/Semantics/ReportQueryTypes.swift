import DispatchCore
import Foundation

/// Reports as a query type: each question is an attribute (`answer("…")` by prompt or ID),
/// with the report's kind, trigger, time zone, sensor context and health readings.
struct ReportQueryTypes: QueryTypeProvider {
  func types(in db: Database, now: Instant) throws -> [QueryRecordType] {
    let questions = try ReportQuestion.load(db)
    // Fixed lists, not `SELECT DISTINCT` over every report: a registry loads for every
    // query, and scanning 40k reports for names would cost more than most queries.
    let readings = Self.readingTypes
    let answer = QueryAttributeFamily(
      "answer", candidates: questions.map(\.prompt),
      summary: "the answer to a question, by prompt or ID: answer(\"How happy are you?\") >= 7"
    ) { name in
      let key = QueryTypeRegistry.key(name)
      guard
        let question = questions.first(where: { QueryTypeRegistry.key($0.prompt) == key })
          ?? questions.first(where: { $0.id?.lowercased() == name.lowercased() })
      else { return nil }
      return question.attribute
    }
    let reading = QueryAttributeFamily(
      "reading", candidates: readings,
      summary: "a health reading attached to the report: reading(\"steps\") > 8000"
    ) { name in
      // Readings of other types (`medication.Ibuprofen`, `workout.52`) are kept as written:
      // one that no report has selects nothing.
      let type = readings.first(where: { $0.lowercased() == name.lowercased() }) ?? name
      // Sleep stages, exercise and workouts are lengths of time: compared with durations
      // (`reading("sleepCore") < 3 hours`), as milliseconds like every duration.
      if let milliseconds = Self.durationReadingMilliseconds(type) {
        return QueryAttribute(
          "reading(\"\(type)\")", .duration,
          AliasedSQL(
            "(SELECT h.value * \(milliseconds) FROM report_health AS h "
              + "WHERE h.report_id = {a}.id AND h.type = ?)", [.text(type)]),
          summary: "the \(type) reading, a duration: reading(\"\(type)\") < 3 hours")
      }
      return QueryAttribute(
        "reading(\"\(type)\")", .number,
        AliasedSQL(
          "(SELECT h.value FROM report_health AS h WHERE h.report_id = {a}.id AND h.type = ?)",
          [.text(type)]),
        summary: "the \(type) reading")
    }
    let report = QueryRecordType(
      name: "report", plural: "reports", aliases: ["reports", "survey", "surveys"],
      summary: "filed reports: answers, context, health readings",
      from: AliasedSQL("reports AS {a}"), filter: AliasedSQL("{a}.is_draft = 0"),
      id: AliasedSQL("{a}.id"), start: AliasedSQL("{a}.date_ms"),
      offset: AliasedSQL("{a}.utc_offset_s"),
      attributes: Self.attributes(triggers: ReportTrigger.known.map(\.rawValue)),
      families: [answer, reading], columns: ["kind", "trigger", "place"])
    return [report]
  }

  /// The reading types reports carry (docs/formats/dispatch-v2.md#health-readings), for
  /// suggestions.
  /// Milliseconds per stored unit of the readings that are lengths of time: sleep stages and
  /// workouts in seconds, exercise in minutes; nil for every other reading.
  static func durationReadingMilliseconds(_ type: String) -> Int? {
    if type.hasPrefix("sleep")
      || type.hasPrefix("workout.") && type != "workout.trigger.type"
        && type != "workout.trigger.energy"
    {
      return 1000
    }
    return type == "activity.exercise" || type == "activity.exerciseGoal" ? 60_000 : nil
  }

  static let readingTypes = [
    "steps", "flightsClimbed", "heartRateAvg", "heartRateLatest", "heartRateWindowMin",
    "heartRateWindowMax", "hrvSDNN", "restingHeartRate", "sleepCore", "sleepDeep", "sleepREM",
    "sleepAwake", "caffeine", "activity.move", "activity.moveGoal", "activity.exercise",
    "activity.exerciseGoal", "activity.stand", "activity.standGoal",
  ]

  private static func attributes(triggers: [String]) -> [QueryAttribute] {
    let place = """
      (SELECT coalesce(l.place_name, l.locality, l.country) FROM report_locations AS l \
      WHERE l.report_id = {a}.id)
      """
    let weather = "(SELECT w.%@ FROM report_weather AS w WHERE w.report_id = {a}.id)"
    func weatherColumn(_ column: String) -> AliasedSQL {
      AliasedSQL(weather.replacingOccurrences(of: "%@", with: column))
    }
    return [
      .column(
        "kind", .choice(ReportKind.known.map(\.rawValue)), "kind",
        summary: "regular, wake or sleep"),
      .column("trigger", .choice(triggers), "trigger", summary: "what asked for the report"),
      .column("time zone", .text, "time_zone", aliases: ["zone"], summary: "its time zone"),
      .column(
        "backdated", .boolean, "is_backdated", summary: "whether it was filed for an earlier time"),
      .column("battery", .number, "battery", summary: "battery level, 0 to 1"),
      .column("altitude", .number, "altitude_m", summary: "altitude in metres"),
      .column(
        "audio", .number, "audio_avg", aliases: ["audio average", "noise"],
        summary: "average sound level, dB"),
      .column("audio peak", .number, "audio_peak", summary: "peak sound level, dB"),
      .column("focus", .text, "focus_label", summary: "the focus mode's name"),
      .column("focused", .boolean, "focus_is_focused", summary: "whether a focus mode was on"),
      .column("media title", .text, "media_title", aliases: ["song"], summary: "what was playing"),
      .column("media artist", .text, "media_artist", aliases: ["artist"], summary: "its artist"),
      .column("motion", .text, "motion_activity", summary: "stationary, walking, running, …"),
      .column("low power", .boolean, "device_low_power", summary: "whether low-power mode was on"),
      QueryAttribute(
        "place", .place, AliasedSQL(place), aliases: ["location"],
        summary: "the report's location: its place name (else locality), near (lat, lon)",
        coordinates: AliasedSQL(
          """
          SELECT l.latitude AS lat, l.longitude AS lon FROM report_locations AS l \
          WHERE l.report_id = {a}.id
          """)),
      QueryAttribute(
        "temperature", .number, weatherColumn("temp_c"), aliases: ["weather temperature"],
        summary: "the weather's temperature, °C"),
      QueryAttribute(
        "weather", .text, weatherColumn("condition"), aliases: ["weather condition"],
        summary: "the weather condition"),
    ]
  }
}

/// A question as the query language sees it.
struct ReportQuestion: Sendable {
  let id: String?
  let prompt: String
  let type: QuestionType?
  let allowsMultiple: Bool
  let choices: [String]

  /// The store's questions, then prompts answered in reports without a question ID.
  static func load(_ db: Database) throws -> [ReportQuestion] {
    var questions = try db.rows(
      """
      SELECT id, prompt, type, coalesce(allows_multiple_selection, 0), choices FROM questions
      ORDER BY sort_order, id
      """
    ).map { row in
      ReportQuestion(
        id: row.string(0), prompt: row.string(1) ?? "",
        type: row.int(2).flatMap { QuestionType(rawValue: $0) }, allowsMultiple: row.int(3) == 1,
        choices: JSONStringList.decode(row.string(4)))
    }
    let known = Set(questions.map { QueryTypeRegistry.key($0.prompt) })
    // Responses imported without a question row (the question-ID index finds them).
    for row in try db.rows(
      """
      SELECT question_prompt, max(numeric_value IS NOT NULL), max(has_tokens), max(has_options)
      FROM responses WHERE question_id IS NULL GROUP BY question_prompt
      """)
    {
      guard let prompt = row.string(0), !known.contains(QueryTypeRegistry.key(prompt)) else {
        continue
      }
      let type: QuestionType =
        row.int(1) == 1
        ? .number : row.int(2) == 1 ? .tokens : row.int(3) == 1 ? .multipleChoice : .note
      questions.append(
        ReportQuestion(
          id: nil, prompt: prompt, type: type, allowsMultiple: true, choices: []))
    }
    return questions
  }

  /// The responses of this question in report `{a}`.
  ///
  /// Every answer subquery runs once per report, so it must start from the report's few
  /// responses (`responses_by_report`) and reach their values by primary key. Left to itself
  /// SQLite's planner starts from every response to the question, or from every value with
  /// the role, which made a people test on the demo 400 times slower (docs/benchmarks.md,
  /// "Answer tests"): the `+` keeps the question test off its index, and `CROSS JOIN` keeps
  /// responses before their values.
  private var match: (sql: String, value: DatabaseValue) {
    if let id { return ("+r.question_id = ?", .text(id)) }
    return ("+r.question_prompt = ?", .text(prompt))
  }

  private func scalar(_ expression: String, join: String = "", role: String? = nil) -> AliasedSQL {
    let roleTest = role.map { " AND v.role = '\($0)'" } ?? ""
    return AliasedSQL(
      """
      (SELECT \(expression) FROM responses AS r \(join) WHERE r.report_id = {a}.id \
      AND \(match.sql)\(roleTest))
      """, [match.value])
  }

  private func values(role: String) -> AliasedSQL {
    AliasedSQL(
      """
      SELECT v.text AS v FROM responses AS r CROSS JOIN response_values AS v \
      ON v.response_id = r.id \
      WHERE r.report_id = {a}.id AND \(match.sql) AND v.role = '\(role)'
      """, [match.value])
  }

  /// The names of a people answer as the registry resolves them: each name written, plus
  /// every name (and matching key) of the person it means, so `has "Bob"` finds answers that
  /// say "Robert" once Bob is Robert's alternate, and "jose garcia" finds "José García".
  private var peopleNames: AliasedSQL {
    let answers = """
      FROM responses AS r CROSS JOIN response_values AS v ON v.response_id = r.id \
      WHERE r.report_id = {a}.id AND \(match.sql) AND v.role = 'token'
      """
    return AliasedSQL(
      """
      SELECT v.text AS v \(answers) UNION SELECT n.name AS v FROM person_name_keys AS k \
      JOIN person_names AS n ON n.person_id = k.person_id \
      WHERE k.key IN (SELECT dispatch_name_key(v.text) \(answers))
      """, [match.value, match.value])
  }

  /// The reports whose answer's values of `role` hold one of the folded texts: the distinct
  /// texts of that role are folded once each (an index skip scan), the matching ones found through
  /// the `(role, text)` index, and their responses kept when they answer this question. With
  /// `people`, a text also matches when it names a person one of whose names is a text.
  private func holders(role: String, people: Bool) -> @Sendable ([DatabaseValue]) -> SQLFragment {
    let match = self.match
    return { texts in
      let marks = Array(repeating: "?", count: texts.count).joined(separator: ", ")
      var matching = SQLFragment("dispatch_fold(t) IN (\(marks))", texts)
      if people {
        matching =
          matching
          + SQLFragment(
            """
             OR dispatch_name_key(t) IN (SELECT k.key FROM person_names AS n \
            JOIN person_name_keys AS k ON k.person_id = n.person_id \
            WHERE dispatch_fold(n.name) IN (\(marks)))
            """, texts)
      }
      // The distinct texts by a skip scan of the (role, text) index: one seek per distinct
      // text instead of a pass over every value (27 ms → 0.2 ms for 100,000 reports).
      let distinct = """
        WITH RECURSIVE d(t) AS (SELECT min(text) FROM response_values WHERE role = '\(role)' \
        UNION ALL SELECT (SELECT min(text) FROM response_values WHERE role = '\(role)' \
        AND text > d.t) FROM d WHERE d.t IS NOT NULL) SELECT t FROM d WHERE t IS NOT NULL
        """
      return SQLFragment(
        "SELECT r.report_id FROM response_values AS v CROSS JOIN responses AS r "
          + "ON r.id = v.response_id WHERE v.role = '\(role)' AND v.text IN (SELECT t FROM "
          + "(\(distinct)) WHERE ") + matching + SQLFragment(") AND \(match.sql)", [match.value])
    }
  }

  private static let valuesJoin = "CROSS JOIN response_values AS v ON v.response_id = r.id"

  var attribute: QueryAttribute {
    let name = "answer(\"\(prompt)\")"
    let summary = "the answer to '\(prompt)'"
    switch type {
    case .number:
      return QueryAttribute(name, .number, scalar("r.numeric_value"), summary: summary)
    case .tokens:
      return QueryAttribute(
        name, .tags, values(role: "token"), summary: summary,
        holders: holders(role: "token", people: false))
    case .people:
      return QueryAttribute(
        name, .tags, peopleNames, summary: summary, holders: holders(role: "token", people: true))
    case .multipleChoice where allowsMultiple:
      return QueryAttribute(
        name, .tags, values(role: "option"), summary: summary,
        holders: holders(role: "option", people: false))
    case .multipleChoice:
      return QueryAttribute(
        name, .choice(choices), scalar("v.text", join: Self.valuesJoin, role: "option"),
        summary: summary)
    case .yesNo:
      return QueryAttribute(
        name, .boolean,
        scalar(
          "CASE dispatch_fold(v.text) WHEN 'yes' THEN 1 WHEN 'no' THEN 0 END",
          join: Self.valuesJoin, role: "option"), summary: summary)
    case .location:
      return QueryAttribute(
        name, .place,
        scalar("l.text", join: "CROSS JOIN response_locations AS l ON l.response_id = r.id"),
        summary: summary,
        coordinates: AliasedSQL(
          """
          SELECT l.latitude AS lat, l.longitude AS lon FROM responses AS r \
          CROSS JOIN response_locations AS l ON l.response_id = r.id \
          WHERE r.report_id = {a}.id AND \(match.sql)
          """, [match.value]))
    case .time:
      return QueryAttribute(name, .timeOfDay, scalar("r.time_minutes * 60"), summary: summary)
    case .note, nil:
      return QueryAttribute(
        name, .text, scalar("group_concat(v.text, char(10))", join: Self.valuesJoin, role: "note"),
        summary: summary)
    }
  }
}
