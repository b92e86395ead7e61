import DispatchCore
import DispatchStorage

/// Loading the records of the Introspective export from the store.
extension DispatchStore {
  /// The Introspective-layout files of everything the store holds of the direct records,
  /// named with `exportedAt` in the store's zone (the `timeZone` setting, else the machine's).
  ///
  /// - Throws: ``DispatchError`` "nothing to export" when there is no record to write.
  public func introspectiveExportFiles(exportedAt: Instant) throws -> [IntrospectiveExporter.File] {
    let records = IntrospectiveExportRecords(
      moods: try records.ratings(.mood), fatigue: try records.ratings(.fatigue),
      definitions: try records.activityDefinitions(), activities: try records.activities(),
      medications: try records.medications(), doses: try records.doses(),
      metricContext: try records.metricContext(),
      lostItems: try records.lostItems())
    let zone = try ScheduleSettings.load(from: self).zone
    return try IntrospectiveExporter.files(records, exportedAt: exportedAt, zone: zone)
  }
}
