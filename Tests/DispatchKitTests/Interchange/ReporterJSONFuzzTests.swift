import DispatchKit
import Foundation
import Testing

/// Deterministic fuzzing: mutated fixtures either parse into a consistent batch or are refused
/// with an ``ImportError``; nothing traps (docs/formats/reporter.md#leniency).
struct ReporterJSONFuzzTests {
  typealias F = ReporterJSONFixtures

  static let fixtures = [
    "synthetic-2x-export.json", "legacy-day-files/2014-01-20-reporter-export.json",
  ]

  /// Parses `bytes`; a batch must join every response to one of its own questions.
  func check(_ bytes: [UInt8]) {
    do {
      let batch = try ReporterJSONImport.parse(bytes, path: "fuzz.json", defaultTimeZone: "UTC")
      let ids = Set(batch.questions.map(\.question.id))
      let joined = batch.reports.flatMap(\.responses).allSatisfy {
        $0.questionID.map(ids.contains) == true
      }
      #expect(joined)
      #expect(batch.skipped <= batch.problems.count)
    } catch {
      #expect(error.kind == .unrecognized)
    }
  }

  @Test func `byte flips, insertions, deletions and truncations never trap`() throws {
    var random = SplitMix64(seed: 0x5EED_0001)
    let interesting = Array("{}[]\",:0-.eEtn \\".utf8) + [0xFF, 0xC3, 0x00]
    for name in Self.fixtures {
      let original = try F.bytes(name)
      for _ in 0..<1_500 {
        var bytes = original
        for _ in 0...Int(random.next() % 3) {
          guard !bytes.isEmpty else { break }
          let at = Int(random.next() % UInt64(bytes.count))
          switch random.next() % 5 {
          case 0: bytes[at] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
          case 1: bytes.insert(interesting[Int(random.next() % UInt64(interesting.count))], at: at)
          case 2: bytes.remove(at: at)
          case 3: bytes[at] = interesting[Int(random.next() % UInt64(interesting.count))]
          default: bytes.removeSubrange(at...)
          }
        }
        check(bytes)
      }
    }
  }

  @Test func `values replaced by other JSON types never trap`() throws {
    var random = SplitMix64(seed: 0x5EED_0002)
    for name in Self.fixtures + ["v1x-export.json"] {
      let original = try JSONSerialization.jsonObject(with: Data(try F.bytes(name)))
      for _ in 0..<700 {
        var tree = original
        for _ in 0...Int(random.next() % 4) {
          tree = mutate(tree, depth: 0, random: &random)
        }
        guard JSONSerialization.isValidJSONObject(tree),
          let data = try? JSONSerialization.data(withJSONObject: tree)
        else { continue }
        check([UInt8](data))
      }
    }
  }

  /// Walks down a random path and replaces one value with another JSON type.
  func mutate(_ value: Any, depth: Int, random: inout SplitMix64) -> Any {
    let stop = random.next() % 4 == 0 || depth > 6
    if var object = value as? [String: Any], !object.isEmpty, !stop {
      let keys = object.keys.sorted()
      let key = keys[Int(random.next() % UInt64(keys.count))]
      if let child = object[key] {
        object[key] = mutate(child, depth: depth + 1, random: &random)
      }
      if random.next() % 10 == 0 { object[key] = nil }
      return object
    }
    if var array = value as? [Any], !array.isEmpty, !stop {
      let index = Int(random.next() % UInt64(array.count))
      array[index] = mutate(array[index], depth: depth + 1, random: &random)
      return array
    }
    let replacements: [Any] = [
      NSNull(), true, 0, -1, 1.5, 1e12, "", "2016-02-11T19:08:54-0400", "x", [Any](),
      ["x"], [String: Any](), ["text": 1], 415_092_465.0,
    ]
    return replacements[Int(random.next() % UInt64(replacements.count))]
  }
}
