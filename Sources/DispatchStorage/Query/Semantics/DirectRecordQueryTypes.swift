import DispatchCore

/// Moods, fatigue, activities, medication doses, stress check-ins, metric context and lost
/// items (docs/query-language.md#record-types) as query types.
struct DirectRecordQueryTypes: QueryTypeProvider {
  func types(in db: Database, now: Instant) throws -> [QueryRecordType] {
    [
      rating("mood", plural: "moods", aliases: ["mood rating"], scale: "1–10"),
      rating("fatigue", plural: "fatigue ratings", aliases: ["tiredness"], scale: "0–6"),
      try activity(db, now: now), dose(), try stress(db), try context(db), lost(),
    ]
  }

  private func rating(_ kind: String, plural: String, aliases: [String], scale: String)
    -> QueryRecordType
  {
    QueryRecordType(
      name: kind, plural: plural, aliases: aliases,
      summary: "\(kind) ratings (default scale \(scale))", from: AliasedSQL("ratings AS {a}"),
      filter: AliasedSQL("{a}.kind = ?", [.text(kind)]), id: AliasedSQL("{a}.id"),
      start: AliasedSQL("{a}.date_ms"), offset: AliasedSQL("{a}.utc_offset_seconds"),
      attributes: [
        .column("rating", .number, "rating", aliases: ["value", "score"], summary: "the rating"),
        .column("scale min", .number, "scale_min", summary: "the lowest rating of its scale"),
        .column("scale max", .number, "scale_max", summary: "the highest rating of its scale"),
        .column("note", .text, "note", summary: "the note"),
        .column("source", .text, "source", summary: "where it came from (Dispatch, Wellness, …)"),
      ],
      columns: ["rating", "note"], mainValue: "rating",
      precision: AliasedSQL("{a}.precision"))
  }

  /// A running activity lasts until now.
  private func activity(_ db: Database, now: Instant) throws -> QueryRecordType {
    let longest =
      try db.rows(
        "SELECT max(coalesce(end_ms, ?) - start_ms) FROM activities", [now.milliseconds]
      ).first?.int64(0) ?? 0
    return QueryRecordType(
      name: "activity", plural: "activities", aliases: ["activities"],
      summary: "timed activities (ATracker, Introspective, 'dispatch activity')",
      // The definition's columns are read by subqueries, not a join: SQLite then tests them
      // in the activities' own loop, before a relation's probe, rather than after it.
      from: AliasedSQL("activities AS {a}"),
      id: AliasedSQL("{a}.id"), start: AliasedSQL("{a}.start_ms"),
      end: AliasedSQL("coalesce({a}.end_ms, ?)", [.integer(now.milliseconds)]),
      offset: AliasedSQL("{a}.start_utc_offset_seconds"),
      longestMilliseconds: longest,
      attributes: [
        QueryAttribute(
          "name", .text,
          AliasedSQL(
            "(SELECT d.name FROM activity_definitions AS d WHERE d.id = {a}.definition_id)"),
          aliases: ["activity"], summary: "the activity's name"),
        .column("note", .text, "note", summary: "the note"),
        .jsonTags(
          "tags",
          columns: [
            "{a}.tags",
            "(SELECT d.tags FROM activity_definitions AS d WHERE d.id = {a}.definition_id)",
          ], aliases: ["tag"],
          summary: "its own tags and its definition's"),
        QueryAttribute(
          "running", .boolean, AliasedSQL("({a}.end_ms IS NULL)"), aliases: ["is running"],
          summary: "whether it has not been stopped"),
        .column("source", .text, "source", summary: "where it came from"),
      ],
      columns: ["name", "duration", "note"], mainValue: "duration",
      precision: AliasedSQL("{a}.start_precision"))
  }

  private func dose() -> QueryRecordType {
    QueryRecordType(
      name: "dose", plural: "doses",
      aliases: ["doses", "medication dose", "medication doses", "med"],
      summary: "medication doses ('dispatch med take', EasyPill, Introspective)",
      from: AliasedSQL("medication_doses AS {a}"),
      id: AliasedSQL("{a}.id"), start: AliasedSQL("{a}.date_ms"),
      offset: AliasedSQL("{a}.utc_offset_seconds"),
      attributes: [
        QueryAttribute(
          "medication", .text,
          AliasedSQL("(SELECT m.name FROM medications AS m WHERE m.id = {a}.medication_id)"),
          aliases: ["name", "med"], summary: "the medication's name"),
        QueryAttribute(
          "dosage", .dosage,
          AliasedSQL(
            """
            coalesce({a}.dosage, \
            (SELECT m.default_dosage FROM medications AS m WHERE m.id = {a}.medication_id))
            """),
          aliases: ["dose", "amount"], summary: "the dose taken, compared by base unit (20 mg)"),
        .column("source", .text, "source", summary: "where it came from"),
      ],
      columns: ["medication", "dosage"], precision: AliasedSQL("{a}.precision"))
  }

  private func stress(_ db: Database) throws -> QueryRecordType {
    let stressors = try db.rows(
      "SELECT name FROM stressors UNION SELECT stressor FROM stress_ratings ORDER BY 1"
    ).compactMap { $0.string(0) }
    let family = QueryAttributeFamily(
      "stressor", candidates: stressors,
      summary: "the rating of one stressor, e.g. stressor(\"Work\") >= 3"
    ) { name in
      guard let known = stressors.first(where: { $0.lowercased() == name.lowercased() }) else {
        return nil
      }
      return QueryAttribute(
        "stressor(\"\(known)\")", .number,
        AliasedSQL(
          """
          (SELECT r.value FROM stress_ratings AS r WHERE r.checkin_id = {a}.id \
          AND r.stressor = ? AND r.status = 'rated')
          """, [.text(known)]),
        summary: "the rating of \(known)")
    }
    return QueryRecordType(
      name: "stress", plural: "stress check-ins",
      aliases: ["stress check-in", "stress check-ins", "stress checkin", "check-in", "check-ins"],
      summary: "stress check-ins ('dispatch stress'), a rating per stressor",
      from: AliasedSQL("stress_checkins AS {a}"), id: AliasedSQL("{a}.id"),
      start: AliasedSQL("{a}.date_ms"), offset: AliasedSQL("{a}.utc_offset_seconds"),
      attributes: [
        .column("overall", .number, "overall", aliases: ["rating"], summary: "the overall rating"),
        .column(
          "overall status", .choice(["rated", "skipped", "notApplicable"]), "overall_status",
          aliases: ["status"], summary: "rated, skipped or notApplicable"),
        .column("note", .text, "note", summary: "the note"),
        QueryAttribute(
          "skipped", .tags,
          AliasedSQL(
            "SELECT r.stressor AS v FROM stress_ratings AS r WHERE r.checkin_id = {a}.id AND r.status = 'skipped'"
          ),
          summary: "the stressors skipped"),
      ],
      families: [family], columns: ["overall", "note"], mainValue: "overall",
      precision: AliasedSQL("{a}.precision"))
  }

  private func context(_ db: Database) throws -> QueryRecordType {
    let longest =
      try db.rows("SELECT max(coalesce(to_ms, from_ms) - from_ms) FROM metric_context").first?
      .int64(0) ?? 0
    return QueryRecordType(
      name: "context", plural: "context notes",
      aliases: ["metric context", "context note", "context notes"],
      summary: "metric-context notes ('dispatch context add'): what limits a metric for a while",
      from: AliasedSQL("metric_context AS {a}"), id: AliasedSQL("{a}.id"),
      start: AliasedSQL("{a}.from_ms"), end: AliasedSQL("coalesce({a}.to_ms, {a}.from_ms)"),
      offset: AliasedSQL("{a}.utc_offset_seconds"), longestMilliseconds: longest,
      attributes: [
        .column("metric", .text, "metric", summary: "the metric it is about (empty: all)"),
        .column("note", .text, "note", summary: "the note"),
      ],
      columns: ["metric", "note"])
  }

  private func lost() -> QueryRecordType {
    QueryRecordType(
      name: "lost item", plural: "lost items", aliases: ["lost", "lost items"],
      summary: "things lost ('dispatch lost'), and whether they were found",
      from: AliasedSQL("lost_items AS {a}"), id: AliasedSQL("{a}.id"),
      start: AliasedSQL("{a}.noticed_ms"), offset: AliasedSQL("{a}.utc_offset_seconds"),
      attributes: [
        .column("item", .text, "item", aliases: ["name"], summary: "what was lost"),
        .column("place", .text, "place", aliases: ["where"], summary: "where it was lost"),
        QueryAttribute(
          "found", .boolean, AliasedSQL("({a}.found_ms IS NOT NULL)"),
          summary: "whether it was found"),
        .instant(
          "found at", "found_ms", offset: "utc_offset_seconds", aliases: ["found time"],
          summary: "when it was found"),
        .column("note", .text, "note", summary: "the note"),
      ],
      columns: ["item", "place", "found"], precision: AliasedSQL("{a}.precision"))
  }
}
