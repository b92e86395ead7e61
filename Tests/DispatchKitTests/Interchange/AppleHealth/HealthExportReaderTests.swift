import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The export.xml scanner and reader against the fixtures (docs/test-fixtures.md#exportxml).
struct HealthExportReaderTests {
  /// Everything the reader sent, merged.
  struct Read {
    var batches: [HealthBatch] = []
    var samples: [HealthSampleRow] { batches.flatMap(\.samples) }
    var elements: [HealthElementItem] { batches.flatMap(\.elements) }
    var correlations: [HealthCorrelationItem] { batches.flatMap(\.correlations) }
    var strings: [String] { batches.flatMap(\.newStrings) }
    func name(_ id: Int32) -> String? { id < 0 ? nil : strings[Int(id)] }
  }

  /// Reads `bytes` fed in chunks of `chunk` bytes.
  static func read(_ bytes: [UInt8], chunk: Int = 1 << 20) throws -> Read {
    final class Box: @unchecked Sendable { var read = Read() }
    let box = Box()
    var feed = HealthXMLFeed(path: "export.xml") { batch in
      box.read.batches.append(batch)
      return true
    }
    var start = 0
    while start < bytes.count {
      let end = min(start + chunk, bytes.count)
      let more = try bytes[start..<end].withUnsafeBytes { try feed.feed($0) }
      start = end
      if !more { break }
    }
    try feed.finish()
    return box.read
  }

  static func fixture(_ name: String = "export.xml") throws -> [UInt8] {
    try ImportTestSupport.fixture("apple-health/" + name)
  }

  @Test func `the fixture's records, types and sources are all read`() throws {
    let read = try Self.read(try Self.fixture())
    let samples = read.samples
    #expect(samples.count == 303)  // 301 top-level + 2 correlation members
    #expect(samples.filter { $0.correlation >= 0 }.count == 2)
    #expect(Set(samples.map(\.hash)).count == 301)
    var perType: [String: Int] = [:]
    for sample in samples where sample.correlation < 0 {
      perType[read.name(sample.type) ?? "", default: 0] += 1
    }
    #expect(perType["HKQuantityTypeIdentifierStepCount"] == 109)
    #expect(perType["HKQuantityTypeIdentifierHeartRate"] == 81)
    #expect(perType["HKCategoryTypeIdentifierSleepAnalysis"] == 30)
    #expect(perType["HKDataTypeSleepDurationGoal"] == 1)
    #expect(perType.values.reduce(0, +) == 301)
    #expect(read.correlations.count == 1)
    let kinds = read.elements.map(\.kind)
    #expect(kinds.filter { $0 == .workout }.count == 2)
    #expect(kinds.filter { $0 == .activitySummary }.count == 3)
    #expect(kinds.filter { $0 == .me }.count == 1 && kinds.filter { $0 == .exportDate }.count == 1)
    #expect(!kinds.contains(.other))
    #expect(read.batches.allSatisfy { $0.problems.isEmpty && $0.skipped == 0 })
  }

  @Test func `metadata, beats, values and dates are read as written`() throws {
    let read = try Self.read(try Self.fixture())
    let metadata = read.batches.map { $0.metadata.count }.reduce(0, +)
    #expect(metadata == 112)  // the top-level records' entries; the members have none
    let beats = read.batches.map { $0.beats.count }.reduce(0, +)
    #expect(beats == 79)
    let values = read.samples.compactMap(\.value)
    #expect(values.contains(8.38e-05))
    #expect(read.samples.filter { $0.value == nil && $0.valueText < 0 }.count == 1)
    let sleep = read.samples.filter {
      read.name($0.type) == "HKCategoryTypeIdentifierSleepAnalysis"
    }
    // The watch and phone write HKTimeZone; the third-party sleep app does not.
    #expect(sleep.filter { read.name($0.timeZone) == "America/New_York" }.count == 27)
    #expect(sleep.filter { $0.timeZone < 0 }.allSatisfy { read.name($0.source) == "Slumberline" })
    #expect(read.samples.allSatisfy { $0.startOffset == -14_400 })
    let first = try #require(read.samples.first)
    // 2024-03-08 07:58:12 -0400.
    #expect(first.start == 1_709_899_092_000)
    #expect(
      read.strings.contains(
        "name:Smart Scale S2, manufacturer:ScaleSync Labs, model:S2, hardware:2.1, localIdentifier:SCS2-44A1"
      ))
  }

  @Test(arguments: [1, 2, 3, 7, 64, 1000, 4096, 65_536])
  func `any chunk size gives the same result`(_ chunk: Int) throws {
    let bytes = try Self.fixture()
    let whole = try Self.read(bytes)
    let pieces = try Self.read(bytes, chunk: chunk)
    #expect(pieces.samples.map(\.hash) == whole.samples.map(\.hash))
    #expect(pieces.elements.map(\.hash) == whole.elements.map(\.hash))
    #expect(pieces.strings == whole.strings)
  }

  @Test func `a vertical tab inside a value reads like the clean file`() throws {
    let clean = try Self.read(try Self.fixture())
    let dirty = try Self.read(try Self.fixture("export-with-vt.xml"))
    #expect(dirty.samples.count == clean.samples.count)
    #expect(dirty.elements.count == clean.elements.count)
    // Only the one record whose metadata value differs has another identity.
    let changed = zip(dirty.samples, clean.samples).filter { $0.hash != $1.hash }
    #expect(changed.count == 1)
  }
}
