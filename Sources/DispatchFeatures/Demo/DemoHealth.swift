import DispatchCore
import DispatchStorage

/// The demo's Apple Health export: a synthetic one over the demo's last eight weeks (a Watch
/// bought in May, counting the same steps as the iPhone; sleep stages, heart rate, workouts,
/// rings), imported like a real `export.zip`, so `dispatch health` and the readings on the
/// demo's reports have data. Eight weeks keep `swift run dispatch demo` (a debug build) quick.
enum DemoHealth {
  static let weeks = 8

  /// What the demo's export imported.
  struct Counts: Sendable, Equatable {
    var samples = 0
    var workouts = 0
    var reportsWithReadings = 0
  }

  /// Generates the export for the configuration's last days and imports it into `store`.
  static func importExport(_ configuration: DemoConfiguration, days: Int, into store: DispatchStore)
    throws -> Counts
  {
    var options = SyntheticHealthOptions()
    options.seed = configuration.seed
    let end = DemoDate(text: configuration.endDay) ?? DemoDate(dayNumber: 0)
    options.days = min(days, weeks * 7)
    let first = end.dayNumber - options.days + 1
    let civil = CivilTime(milliseconds: Int64(first) * 86_400_000, offsetSeconds: 0)
    options.startDate = (civil.year, civil.month, civil.day)
    // Exported at the end of the demo: that day's New York offset on every date, as the
    // Health app writes its export.
    options.exportOffset = exportOffset(on: end)
    let path = "demo/apple_health_export/export.xml"
    let settings = options
    let summary = try BatchChannel<ImportBatch>.pipe(
      capacity: 2,
      produce: { send in
        var stopped = false
        var feed = HealthXMLFeed(path: path) { batch in
          var part = ImportBatch(path: path, format: .appleHealth)
          part.health = batch
          stopped = !send(part)
          return !stopped
        }
        _ = try SyntheticHealthExport.write(settings) { chunk in
          if !stopped { _ = try feed.feed(chunk) }
        }
        guard !stopped else { return }
        try feed.finish()
        for route in SyntheticHealthExport.routes(settings) {
          guard let points = GPXRouteReader.points(route.bytes) else { continue }
          var batch = HealthBatch()
          batch.routes = [HealthRouteFile(path: route.path, points: points)]
          var part = ImportBatch(path: path, format: .appleHealth)
          part.health = batch
          guard send(part) else { return }
        }
      },
      consume: { next in try store.imports.importBatches(next: next) })
    return Counts(
      samples: summary["recordsImported"], workouts: summary["workoutsImported"],
      reportsWithReadings: summary.healthContextReports)
  }

  /// `±HHMM` of the home zone at noon on `date`.
  private static func exportOffset(on date: DemoDate) -> String {
    guard let home = DemoZone(identifier: DemoConfiguration.homeTimeZone) else { return "+0000" }
    let seconds = home.offset(at: home.instant(on: date, minute: 720))
    let minutes = abs(seconds) / 60
    let digits = String(minutes / 60 * 100 + minutes % 60)
    return (seconds < 0 ? "-" : "+") + String(repeating: "0", count: 4 - digits.count) + digits
  }
}
