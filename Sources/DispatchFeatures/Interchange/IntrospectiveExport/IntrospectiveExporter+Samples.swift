import DispatchCore

/// The activity and medication tables of the Introspective export
/// (docs/formats/introspective.md#introspective-csv-export).
extension IntrospectiveExporter {
  /// 18 fields per activity: the definition's 6, then the instance's 12, by start.
  static func activityRows(_ records: IntrospectiveExportRecords, _ text: IntrospectiveCSVText)
    -> [[String]]
  {
    let definitions = Dictionary(
      records.definitions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let sources = [RecordSource.introspective, RecordSource.atracker]
    return records.activities.sorted { ($0.start.instant, $0.id) < ($1.start.instant, $1.id) }
      .compactMap { activity in
        guard let definition = definitions[activity.definitionID] else { return nil }
        let startZone = activity.start.timeZoneIdentifier
        let endZone = activity.end?.timeZoneIdentifier
        let startOffset = activity.startSetAt.map {
          $0.milliseconds - activity.start.instant.milliseconds
        }
        var endOffset: Int64?
        if let end = activity.end, let setAt = activity.endSetAt {
          endOffset = setAt.milliseconds - end.instant.milliseconds
        }
        let total = startOffset.map { $0 + (endOffset ?? 0) }
        func duration(_ milliseconds: Int64?) -> String {
          milliseconds.map { TimeDuration(seconds: Double($0) / 1000).description } ?? ""
        }
        return [
          definition.name, definition.description ?? "", definition.tags.joined(separator: "|"),
          IntrospectiveCSVText.source(definition.source, allowed: sources),
          definition.autoNote ? "true" : "false", String(definition.sortOrder),
          text.timestamp(activity.start.instant, zone: startZone),
          activity.startSetAt.map { text.timestamp($0, zone: startZone) } ?? "", startZone ?? "",
          duration(startOffset),
          activity.end.map { text.timestamp($0.instant, zone: endZone) } ?? "",
          activity.endSetAt.map { text.timestamp($0, zone: endZone ?? startZone) } ?? "",
          endZone ?? "", duration(endOffset), duration(total), activity.note ?? "",
          activity.tags.joined(separator: "|"),
          IntrospectiveCSVText.source(activity.source, allowed: sources),
        ]
      }
  }

  /// 12 fields per dose: the medication's 8, then the dose's 4, by timestamp. Medications
  /// without doses are not exported, as in the app.
  static func medicationRows(_ records: IntrospectiveExportRecords, _ text: IntrospectiveCSVText)
    -> [[String]]
  {
    let medications = Dictionary(
      records.medications.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let sources = [RecordSource.introspective, RecordSource.easyPill]
    return records.doses.sorted { ($0.time.instant, $0.id) < ($1.time.instant, $1.id) }
      .compactMap { dose in
        guard let medication = medications[dose.medicationID] else { return nil }
        return [
          medication.name, IntrospectiveCSVText.dosage(medication.defaultDosage),
          IntrospectiveCSVText.frequency(medication.frequency),
          startedOn(medication, text), medication.startedOnTimeZone ?? "",
          medication.notes ?? "", IntrospectiveCSVText.source(medication.source, allowed: sources),
          String(medication.sortOrder), IntrospectiveCSVText.dosage(dose.dosage),
          text.timestamp(dose.time.instant, zone: dose.time.timeZoneIdentifier),
          dose.time.timeZoneIdentifier ?? "",
          IntrospectiveCSVText.source(dose.source, allowed: sources),
        ]
      }
  }

  /// `Started On` as the full/full timestamp of that day's local midnight in its zone (the app
  /// stores a date-only value as the start of its day).
  private static func startedOn(_ medication: Medication, _ text: IntrospectiveCSVText) -> String {
    guard let day = medication.startedOn.flatMap(DateArgument.dayNumber) else { return "" }
    let zone = medication.startedOnTimeZone
    let wall = Int64(day) * 86_400_000
    let offset = zone.flatMap { ZoneLookup.offset($0, at: Instant(milliseconds: wall)) } ?? 0
    let adjusted = Instant(milliseconds: wall - Int64(offset) * 1000)
    let settled = zone.flatMap { ZoneLookup.offset($0, at: adjusted) } ?? offset
    return text.timestamp(Instant(milliseconds: wall - Int64(settled) * 1000), zone: zone)
  }
}
