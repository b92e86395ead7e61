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
      moods: try ratings(.mood), fatigue: try ratings(.fatigue),
      definitions: try activityDefinitions(), activities: try activities(),
      medications: try medications(), doses: try doses(), metricContext: try metricContext(),
      lostItems: try lostItems())
    let zone = try ScheduleSettings.load(from: self).zone
    return try IntrospectiveExporter.files(records, exportedAt: exportedAt, zone: zone)
  }
}
