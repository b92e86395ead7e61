import DispatchCore

/// The columns of `reports` and of the tables that hold a report's context, declared once:
/// their `INSERT` statements, select lists and decoding come from these lists.
extension Report {
  static let table = TableColumns<Report>(
    "reports",
    [
      Column("id", .text) { .text($0.id) },
      Column("date_ms", .integer) { DatabaseValue($0.date.milliseconds) },
      Column("utc_offset_s", .integer) { DatabaseValue($0.utcOffsetSeconds) },
      Column("time_zone", .text) { DatabaseValue($0.timeZoneIdentifier) },
      Column("kind", .text) { DatabaseValue($0.kind.rawValue) },
      Column("trigger", .text) { DatabaseValue($0.trigger.rawValue) },
      Column("is_draft", .integer) { DatabaseValue($0.isDraft) },
      Column("is_backdated", .integer) { DatabaseValue($0.isBackdated) },
      Column("was_in_background", .integer) { DatabaseValue($0.wasInBackground) },
      Column("prompt_group_id", .optionalText) { DatabaseValue($0.promptGroupID) },
      Column("legacy_impetus", .optionalInteger) { DatabaseValue($0.legacyImpetus) },
      Column("legacy_section_identifier", .optionalText) {
        DatabaseValue($0.legacySectionIdentifier)
      },
      Column("source_device_model", .optionalText) { DatabaseValue($0.sourceDeviceModel) },
      Column("source_device_name", .optionalText) { DatabaseValue($0.sourceDeviceName) },
    ] + SensorContext.reportColumns)

  /// Reads a `reports` row; the context kept in other tables is attached by ``ReportFetch``.
  init(reading row: inout ColumnReader) throws(StoreError) {
    let id = try row.requiredText("id")
    let date = Instant(milliseconds: try row.requiredInt64("date_ms"))
    let offset = row.int("utc_offset_s") ?? 0
    let zone = try row.requiredText("time_zone")
    let kind = ReportKind(rawValue: try row.requiredText("kind"))
    let trigger = ReportTrigger(rawValue: try row.requiredText("trigger"))
    self.init(
      id: id, date: date, timeZoneIdentifier: zone, utcOffsetSeconds: offset, kind: kind,
      trigger: trigger, isDraft: row.bool("is_draft") ?? false,
      isBackdated: row.bool("is_backdated") ?? false,
      wasInBackground: row.bool("was_in_background") ?? false,
      promptGroupID: row.text("prompt_group_id"), legacyImpetus: row.int("legacy_impetus"),
      legacySectionIdentifier: row.text("legacy_section_identifier"),
      sourceDeviceModel: row.text("source_device_model"),
      sourceDeviceName: row.text("source_device_name"),
      context: SensorContext(reading: &row))
  }

  /// `report_locations`: where the report was filed.
  static let locationTable = TableColumns<OwnedRow<LocationSnapshot>>(
    "report_locations",
    OwnedRow.columns(owner: "report_id", positioned: false, LocationSnapshot.columns))

  /// `report_weather`: the weather when it was filed.
  static let weatherTable = TableColumns<OwnedRow<WeatherObservation>>(
    "report_weather",
    OwnedRow.columns(owner: "report_id", positioned: false, WeatherObservation.columns))

  /// `report_photos`: photos taken since the previous report, in order.
  static let photoTable = TableColumns<OwnedRow<Photo>>(
    "report_photos",
    OwnedRow.columns(
      owner: "report_id", positioned: true,
      [
        Column("id", .text) { .text($0.id) },
        Column("asset_url", .optionalText) { DatabaseValue($0.assetURL) },
        Column("pixel_width", .optionalInteger) { DatabaseValue($0.pixelWidth) },
        Column("pixel_height", .optionalInteger) { DatabaseValue($0.pixelHeight) },
        Column("date_ms", .optionalInteger) { DatabaseValue($0.dateTime?.milliseconds) },
        Column("latitude", .optionalReal) { DatabaseValue($0.latitude) },
        Column("longitude", .optionalReal) { DatabaseValue($0.longitude) },
      ]))

  /// `report_health`: health readings, recorded with the report or worked out from imported
  /// Apple Health data (`from_apple_health`).
  static let healthTable = TableColumns<OwnedRow<HealthReading>>(
    "report_health",
    OwnedRow.columns(
      owner: "report_id", positioned: true,
      [
        Column("type", .text) { .text($0.type) },
        Column("value", .real) { .real($0.value) },
        Column("unit", .text) { .text($0.unit) },
        Column("start_ms", .optionalInteger) { DatabaseValue($0.startDate?.milliseconds) },
        Column("end_ms", .optionalInteger) { DatabaseValue($0.endDate?.milliseconds) },
        Column("from_apple_health", .integer) { DatabaseValue($0.isFromAppleHealth) },
      ]))

  /// `report_state_of_mind`: the Apple Health state-of-mind samples logged with the report.
  static let stateOfMindTable = TableColumns<OwnedRow<String>>(
    "report_state_of_mind",
    OwnedRow.columns(
      owner: "report_id", positioned: true, [Column("sample_id", .text) { .text($0) }]))
}

extension Photo {
  /// Reads a `report_photos` row's photo columns, in declaration order.
  init(reading row: inout ColumnReader) throws(StoreError) {
    self.init(
      id: try row.requiredText("id"), assetURL: row.text("asset_url"),
      pixelWidth: row.int("pixel_width"), pixelHeight: row.int("pixel_height"),
      dateTime: row.int64("date_ms").map(Instant.init), latitude: row.double("latitude"),
      longitude: row.double("longitude"))
  }
}

extension HealthReading {
  /// Reads a `report_health` row's reading columns, in declaration order.
  init(reading row: inout ColumnReader) throws(StoreError) {
    self.init(
      type: try row.requiredText("type"), value: row.double("value") ?? 0,
      unit: try row.requiredText("unit"), startDate: row.int64("start_ms").map(Instant.init),
      endDate: row.int64("end_ms").map(Instant.init),
      isFromAppleHealth: row.bool("from_apple_health") ?? false)
  }
}
