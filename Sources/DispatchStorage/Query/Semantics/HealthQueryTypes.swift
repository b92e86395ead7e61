import DispatchCore

/// Every Apple Health type present in the store as a query type (`heart rate`, `steps`,
/// `sleep`, by display name, identifier or alias), and workouts.
struct HealthQueryTypes: QueryTypeProvider {
  func types(in db: Database, now: Instant) throws -> [QueryRecordType] {
    var types: [QueryRecordType] = []
    var present: Set<String> = []
    for row in try db.rows(
      """
      SELECT t.id, t.value, s.longest_ms FROM health_type_spans AS s
      JOIN health_strings AS t ON t.id = s.type_id WHERE s.samples > 0 ORDER BY t.value
      """)
    {
      guard let id = row.int64(0), let identifier = row.string(1) else { continue }
      present.insert(identifier)
      types.append(
        sampleType(
          identifier: identifier,
          info: HealthTypeCatalog.all.first { $0.identifier == identifier },
          filter: AliasedSQL("{a}.type_id = ?", [.integer(id)]),
          longest: row.int64(2) ?? 0))
    }
    // Types the catalog knows but the store lacks select nothing, rather than being unknown:
    // an empty result is not an error.
    for info in HealthTypeCatalog.all
    where (info.kind == .quantity || info.kind == .category) && !present.contains(info.identifier) {
      types.append(
        sampleType(
          identifier: info.identifier, info: info,
          filter: AliasedSQL(
            "{a}.type_id = (SELECT x.id FROM health_strings AS x WHERE x.value = ?)",
            [.text(info.identifier)]), longest: 0))
    }
    let longest =
      try db.rows("SELECT max(end_ms - start_ms) FROM health_workouts").first?.int64(0) ?? 0
    types.append(workout(longest: longest))
    types.append(Self.bloodPressure)
    return types
  }

  private static func string(_ column: String) -> AliasedSQL {
    AliasedSQL("(SELECT x.value FROM health_strings AS x WHERE x.id = {a}.\(column))")
  }

  private func sampleType(
    identifier: String, info: HealthTypeInfo?, filter: AliasedSQL, longest: Int64
  ) -> QueryRecordType {
    // The catalog entry is passed in: its lookup index costs more to build than a query.
    let display = info?.displayName ?? HealthTypeCatalog.displayName(identifier)
    let bare = HealthNameText.strippingTypePrefix(identifier)
    let isCategory = info?.kind == .category || identifier.hasPrefix("HKCategoryTypeIdentifier")
    let value =
      isCategory
      ? QueryAttribute(
        "value", .text, Self.string("value_text_id"), aliases: ["category", "stage"],
        summary: "the category value, e.g. HKCategoryValueSleepAnalysisAsleepCore")
      : QueryAttribute(
        "value", .number, AliasedSQL("{a}.value"), summary: "the measured value",
        index: .healthValues)
    return QueryRecordType(
      name: display.lowercased(), plural: "\(display.lowercased()) samples",
      aliases: [identifier, bare] + (info?.aliases ?? []),
      summary: "Apple Health \(identifier)" + (info?.canonicalUnit.map { " (\($0))" } ?? ""),
      from: AliasedSQL("health_samples AS {a}"), filter: filter,
      id: AliasedSQL("{a}.id"), start: AliasedSQL("{a}.start_ms"), end: AliasedSQL("{a}.end_ms"),
      offset: AliasedSQL("{a}.start_offset_s"), longestMilliseconds: longest,
      attributes: [
        value,
        QueryAttribute("unit", .text, Self.string("unit_id"), summary: "the unit as exported"),
        QueryAttribute(
          "source", .text, Self.string("source_id"), aliases: ["app"],
          summary: "the app or device that recorded it"),
        QueryAttribute(
          "device", .text,
          AliasedSQL(
            "(SELECT coalesce(d.name, d.model, d.description) FROM health_devices AS d WHERE d.id = {a}.device_id)"
          ),
          summary: "the device's name or model"),
      ],
      columns: ["value", "unit", "source"], mainValue: isCategory ? nil : "value",
      healthType: identifier)
  }

  private func workout(longest: Int64) -> QueryRecordType {
    QueryRecordType(
      name: "workout", plural: "workouts", aliases: ["workouts", "HKWorkoutTypeIdentifier"],
      summary: "Apple Health workouts", from: AliasedSQL("health_workouts AS {a}"),
      id: AliasedSQL("{a}.id"), start: AliasedSQL("{a}.start_ms"), end: AliasedSQL("{a}.end_ms"),
      offset: AliasedSQL("{a}.start_offset_s"), longestMilliseconds: longest,
      attributes: [
        .column(
          "activity type", .text, "activity_type", aliases: ["type", "activity", "kind"],
          summary: "e.g. HKWorkoutActivityTypeRunning (contains \"running\" matches)"),
        .column("distance", .number, "total_distance", summary: "total distance, in its unit"),
        .column("energy", .number, "total_energy", aliases: ["calories"], summary: "total energy"),
        QueryAttribute(
          "source", .text, Self.string("source_id"), aliases: ["app"],
          summary: "the app that recorded it"),
      ],
      columns: ["activity type", "duration", "distance"], mainValue: "duration")
  }

  /// A blood-pressure reading is one record with both numbers, as the Health app and
  /// Introspective show it: Apple Health exports it as a correlation of a systolic and a
  /// diastolic sample.
  private static let bloodPressure: QueryRecordType = {
    func member(_ type: String) -> AliasedSQL {
      AliasedSQL(
        """
        (SELECT s.value FROM health_correlation_members AS m JOIN health_samples AS s \
        ON s.id = m.sample_id WHERE m.correlation_id = {a}.id AND s.type_id = \
        (SELECT x.id FROM health_strings AS x WHERE x.value = ?))
        """, [.text(type)])
    }
    return QueryRecordType(
      name: "blood pressure", plural: "blood pressure readings",
      aliases: ["HKCorrelationTypeIdentifierBloodPressure", "BloodPressure", "bp"],
      summary: "Apple Health blood pressure: systolic and diastolic together (mmHg)",
      from: AliasedSQL("health_correlations AS {a}"),
      filter: AliasedSQL(
        "{a}.type_id = (SELECT x.id FROM health_strings AS x WHERE x.value = ?)",
        [.text("HKCorrelationTypeIdentifierBloodPressure")]),
      id: AliasedSQL("{a}.id"), start: AliasedSQL("{a}.start_ms"),
      offset: AliasedSQL("{a}.start_offset_s"),
      attributes: [
        QueryAttribute(
          "systolic", .number, member("HKQuantityTypeIdentifierBloodPressureSystolic"),
          aliases: ["value", "upper"], summary: "the upper number, mmHg"),
        QueryAttribute(
          "diastolic", .number, member("HKQuantityTypeIdentifierBloodPressureDiastolic"),
          aliases: ["lower"], summary: "the lower number, mmHg"),
        QueryAttribute(
          "source", .text, string("source_id"), aliases: ["app"],
          summary: "the app or device that recorded it"),
      ],
      columns: ["systolic", "diastolic", "source"], mainValue: "systolic")
  }()
}
