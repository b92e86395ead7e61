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

/// Deterministic fuzzing of the reader: mutated archives open and read, or throw a `ZipError`;
/// nothing traps, hangs or allocates without bound (docs/architecture.md#tests).
struct ZipFuzzTests {
  let scratch: ZipScratch

  init() throws {
    scratch = try ZipScratch()
  }

  /// Bytes that steer mutations into zip structure: signature starts, ZIP64 markers, zeros.
  static let interesting: [UInt8] = [0x50, 0x4B, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0xFF, 0x00]

  static func mutate(_ original: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var bytes = original
    for _ in 0...Int(random.next() % 4) {
      guard !bytes.isEmpty else { break }
      let at = Int(random.next() % UInt64(bytes.count))
      switch random.next() % 7 {
      case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
      case 1: bytes[at] = interesting[Int(random.next() % UInt64(interesting.count))]
      case 2:
        // A 16- or 32-bit field set to all ones: the ZIP64 "see the extra field" marker.
        for index in at..<min(at + Int(2 << (random.next() % 2)), bytes.count) {
          bytes[index] = 0xFF
        }
      case 3: bytes.removeSubrange(at..<min(at + Int(random.next() % 16) + 1, bytes.count))
      case 4:
        bytes.insert(
          contentsOf: (0..<Int(random.next() % 8) + 1).map { _ in
            UInt8(truncatingIfNeeded: random.next())
          }, at: at)
      case 5: bytes.removeSubrange(at...)
      default:
        // A random 32-bit value: offsets and sizes pointing anywhere.
        for index in at..<min(at + 4, bytes.count) {
          bytes[index] = UInt8(truncatingIfNeeded: random.next())
        }
      }
    }
    return bytes
  }

  func seeds() throws -> [[UInt8]] {
    var seeds: [[UInt8]] = []
    for forceZip64 in [false, true] {
      let path = try scratch.archive("seed-\(forceZip64).zip", forceZip64: forceZip64) { writer in
        try writer.addDirectory("apple_health_export/")
        try writer.addFile("apple_health_export/导出.xml", contents: ZipBytes.text(count: 2_000))
        try writer.addFile("stored.txt", method: .stored, contents: Array("stored\n".utf8))
        try writer.addFile("empty.txt", contents: [])
      }
      seeds.append(try ZipScratch.bytes(path))
    }
    return seeds + [ZipForeignArchiveTests.pythonSmall, ZipForeignArchiveTests.pythonStream]
  }

  @Test func `thousands of mutated archives never trap`() throws {
    var random = SplitMix64(seed: 0x5A1B_0001)
    var outcomes: [ZipError.Kind?: Int] = [:]
    for seed in try seeds() {
      for _ in 0..<1_000 {
        let path = try scratch.file("fuzz.zip", Self.mutate(seed, &random))
        outcomes[ZipScratch.failure(opening: path)?.kind, default: 0] += 1
      }
    }
    // The mutations reach past the end record: some archives still read, and several
    // distinct failures occur.
    #expect(outcomes[nil, default: 0] > 0)
    #expect(outcomes.keys.compactMap { $0 }.count >= 4)
  }
}
