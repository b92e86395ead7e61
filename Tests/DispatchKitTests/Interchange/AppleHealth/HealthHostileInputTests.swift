import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

@testable import DispatchFeatures
@testable import DispatchStorage
@testable import DispatchSupport

/// Exports built to hurt: nesting that would exhaust the stack, route files too large to hold.
struct HealthHostileInputTests {
  let store: DispatchStore
  let directory: TemporaryDirectory
  let options = ImportOptions(defaultTimeZone: "America/New_York")

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_790_000_000_000)),
        ids: SequentialIDGenerator()))
    directory = try TemporaryDirectory()
  }

  static let record =
    "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Watch\" unit=\"count\" "
    + "startDate=\"2024-03-10 08:00:00 -0400\" endDate=\"2024-03-10 08:05:00 -0400\" value=\"12\"/>"

  private func export(body: String) throws -> String {
    let path = directory.file("export-\(UUID().uuidString).xml")
    try Data(
      ("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n" + body + "</HealthData>\n").utf8
    )
    .write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func `twenty thousand nested elements are refused without a crash, nothing written`()
    throws
  {
    let depth = 20_000
    let body =
      Self.record + "\n" + String(repeating: "<Deep>", count: depth)
      + String(repeating: "</Deep>", count: depth) + "\n"
    let error = try #require(throws: ImportError.self) {
      try store.importFiles([try export(body: body)], options: options)
    }
    #expect(error.reason.contains("nested more than 64 levels"))
    #expect(try store.health.healthTypes().isEmpty)
  }

  @Test func `nesting within the bound is kept as an unknown element`() throws {
    let body =
      Self.record + "\n" + String(repeating: "<Deep a=\"1\">", count: 60)
      + String(repeating: "</Deep>", count: 60) + "\n"
    let summary = try store.importFiles([try export(body: body)], options: options)
    #expect(summary["recordsImported"] == 1)
  }

  @Test func `a route larger than one batch keeps every point in order`() throws {
    let count = GPXRouteFeed.batchSize * 2 + 5
    let path = directory.file("export.zip")
    try HostileHealthExport.zipWithRoute(at: path, points: count, padding: 0)
    let summary = try store.importFiles([path], options: options)
    #expect(summary["workoutsImported"] == 1)
    #expect(try store.health.healthWorkouts().map(\.routePoints) == [count])
    let positions = try store.database.rows(
      "SELECT min(position), max(position), count(DISTINCT position) FROM health_route_points")
    #expect(positions.first?.int(0) == 0)
    #expect(positions.first?.int(1) == count - 1)
    #expect(positions.first?.int(2) == count)
  }
}
