import DispatchKit
import Foundation
import Testing

/// `dispatch export --format introspective-csv` imports back whole: every file is recognised,
/// every record returns with its time, values and notes, and a second import changes nothing.
struct IntrospectiveRoundTripTests {
  @Test func `the demo's direct records survive an export and an import`() throws {
    let clock = FixedWallClock(Instant(milliseconds: 1_790_000_000_000))
    let source = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    _ = try DemoHistory.populate(source)
    let folder = try TemporaryDirectory()
    var paths: [String] = []
    for file in try source.introspectiveExportFiles(exportedAt: clock.now()) {
      let path = folder.file(file.name)
      try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    #expect(paths.count == 6)
    let batches = try ImportSources.read(paths, options: ImportOptions(defaultTimeZone: "UTC"))
    #expect(batches.allSatisfy { $0.problems.isEmpty })
    let target = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    let first = try target.imports.importBatches(batches)
    #expect(first["moodsImported"] == (try source.records.ratings(.mood).count))
    #expect(first["fatigueImported"] == (try source.records.ratings(.fatigue).count))
    #expect(first["activitiesImported"] == (try source.records.activities().count))
    #expect(first["dosesImported"] == (try source.records.doses().count))
    #expect(first["metricContextImported"] == (try source.records.metricContext().count))
    #expect(first["lostItemsImported"] == (try source.records.lostItems().count))
    let moods = try zip(source.records.ratings(.mood), target.records.ratings(.mood))
    for (before, after) in moods {
      #expect(before.time.instant.milliseconds / 1000 == after.time.instant.milliseconds / 1000)
      #expect(before.rating == after.rating && before.scale == after.scale)
      #expect(before.note == after.note)
    }
    let lost = try zip(source.records.lostItems(), target.records.lostItems())
    #expect(lost.allSatisfy { $0.item == $1.item && $0.place == $1.place })
    #expect(!(try target.imports.importBatches(batches)).changedAnything)
  }
}
