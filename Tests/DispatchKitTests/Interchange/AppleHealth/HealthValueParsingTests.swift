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

/// The byte-level readers behind the Apple Health scanner: dates, numbers, entities, beat times.
struct HealthValueParsingTests {
  static func bytes<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    var copy = text
    return copy.withUTF8(body)
  }

  @Test(
    arguments: [
      ("2024-03-08 07:58:12 -0400", 1_709_899_092_000, -14_400),
      ("2024-03-08 11:58:12 +0000", 1_709_899_092_000, 0),
      ("2024-03-08T11:58:12Z", 1_709_899_092_000, 0),
      ("2024-03-08 17:28:12 +05:30", 1_709_899_092_000, 19_800),
      ("2024-03-08 11:58:12", 1_709_899_092_000, 0),
      ("1999-12-31 23:59:59 -1200", 946_727_999_000, -43_200),
    ] as [(String, Int64, Int32)])
  func `timestamps are read by position with their own offset`(
    _ text: String, _ milliseconds: Int64, _ offset: Int32
  ) {
    let parsed = Self.bytes(text) { HealthDateParser.parse($0) }
    #expect(parsed?.milliseconds == milliseconds)
    #expect(parsed?.offset == offset)
  }

  @Test(arguments: [
    "", "2024-03-08", "2024-13-08 07:58:12 -0400", "2024-03-08 25:58:12 -0400",
    "2024/03/08 07:58:12 -0400", "2024-03-08 07:58:12 0400", "2024-03-08 07:58:12 -04", "x",
  ])
  func `anything else is no date`(_ text: String) {
    #expect(Self.bytes(text) { HealthDateParser.parse($0) } == nil)
  }

  @Test(
    arguments: [
      ("61", 61.0), ("47.8478", 47.8478), ("0.0230277", 0.0230277), ("8.38e-05", 8.38e-05),
      ("1.00087e-05", 1.00087e-05), ("-3.5", -3.5), ("+2", 2.0), ("1E3", 1000.0),
      ("0.1", 0.1), ("123456789012345678901234", 1.2345678901234568e23),
      ("3.141592653589793238", 3.141592653589793),
    ] as [(String, Double)])
  func `numbers are exact`(_ text: String, _ value: Double) {
    #expect(Self.bytes(text) { ByteNumber.double($0) } == value)
  }

  @Test(arguments: ["", "-", ".", "1.2.3", "1e", "1e+", "abc", "12a", "nan", "inf", " 1"])
  func `non-numbers are nil`(_ text: String) {
    #expect(Self.bytes(text) { ByteNumber.double($0) } == nil)
  }

  @Test func `numbers agree with the standard library on random decimals`() {
    var random = SplitMix64(seed: 0x5EED)
    for _ in 0..<5_000 {
      let mantissa = random.next() % 10_000_000_000
      let exponent = Int(random.next() % 40) - 20
      let text = "\(mantissa)e\(exponent)"
      #expect(Self.bytes(text) { ByteNumber.double($0) } == Double(text), "\(text)")
    }
  }

  @Test(arguments: [
    ("a &lt;&lt;b&gt; &amp; c", "a <<b> & c"), ("mL/min&#183;kg", "mL/min·kg"),
    ("&#xB7;&quot;&apos;", "·\"'"), ("&unknown; &amp", "&unknown; &amp"),
    ("&#1114112;", "&#1114112;"),
    ("no references", "no references"), ("&#128512;", "😀"),
  ])
  func `entities decode, unknown ones stay as written`(_ raw: String, _ decoded: String) {
    var output: [UInt8] = []
    Self.bytes(raw) { XMLEntities.decode($0, into: &output) }
    #expect(String(decoding: output, as: UTF8.self) == decoded)
  }

  @Test(
    arguments: [
      ("11:26:02.34 PM", 84_362_340), ("12:00:00.19 AM", 190), ("4:11:40.81 AM", 15_100_810),
      ("08:33:44,67", 30_824_670), ("11:26:02\u{202F}PM", 84_362_000), ("12:30:00 PM", 45_000_000),
    ] as [(String, Int64)])
  func `beat times in every locale form`(_ text: String, _ milliseconds: Int64) {
    #expect(HealthBeatTime.millisecondsOfDay(text) == milliseconds)
  }

  @Test func `a beat list crossing midnight moves to the next day`() {
    // The fixture's record 2024-03-09 23:59:50 -0400 (2024-03-10T03:59:50Z).
    let start: Int64 = 1_710_043_190_000
    let first = HealthBeatTime.instant(
      "11:59:50.41 PM", after: nil, parentStart: start, offset: -14_400)
    let second = HealthBeatTime.instant(
      "12:00:00.19 AM", after: first, parentStart: start, offset: -14_400)
    #expect(first == start + 410)
    #expect(second == start + 10_190)
    #expect(HealthBeatTime.instant("not a time", after: nil, parentStart: start, offset: 0) == nil)
  }

  @Test func `device descriptions lose their address and keep their fields`() {
    let raw =
      "<<HKDevice: 0x28347b340>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.2>"
    let description = Self.bytes(raw) { bytes in
      HealthDevice.withDescription(bytes) { String(decoding: $0, as: UTF8.self) }
    }
    #expect(
      description
        == "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.2"
    )
    let fields = Dictionary(
      HealthDevice.fields(description).map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    #expect(fields["hardware"] == "Watch6,2" && fields["software"] == "10.2")
    #expect(
      Self.bytes("Custom scale v2") { bytes in
        HealthDevice.withDescription(bytes) { String(decoding: $0, as: UTF8.self) }
      } == "Custom scale v2")
  }
}

/// One source per overlapping interval, pro-rated by time (HealthDeduplication).
struct HealthDeduplicationTests {
  typealias S = HealthDeduplication.Sample

  @Test func `the best source counts whole, the others only where it is absent`() {
    let shares = HealthDeduplication.contributions([
      S(rank: 0, start: 0, end: 100, value: 50),  // watch
      S(rank: 1, start: 50, end: 150, value: 40),  // phone, half covered
      S(rank: 1, start: 200, end: 300, value: 30),  // phone alone
      S(rank: 2, start: 0, end: 300, value: 90),  // an app: 1/3 of it (150-200, 300 excl.) free
    ])
    #expect(shares == [50, 20, 30, 15])
  }

  @Test func `instants count unless a better source covers them`() {
    let shares = HealthDeduplication.contributions([
      S(rank: 0, start: 10, end: 20, value: 5), S(rank: 1, start: 15, end: 15, value: 7),
      S(rank: 1, start: 25, end: 25, value: 3),
    ])
    #expect(shares == [5, 0, 3])
  }

  @Test func `a source does not overlap itself away`() {
    let shares = HealthDeduplication.contributions([
      S(rank: 0, start: 0, end: 100, value: 10), S(rank: 0, start: 50, end: 150, value: 10),
    ])
    #expect(shares == [10, 10])
  }

  @Test func `ranks: watch, then phone, then by sample count and name`() {
    let ranks = HealthSourceRanking.ranks([
      ("Pacer", nil, 500), ("Ana’s iPhone", "iPhone", 10), ("Ana’s Apple Watch", "Watch", 5),
      ("Zeta", nil, 500), ("Mini", nil, 1),
    ])
    #expect(ranks["Ana’s Apple Watch"] == 0 && ranks["Ana’s iPhone"] == 1)
    #expect(ranks["Pacer"] == 2 && ranks["Zeta"] == 3 && ranks["Mini"] == 4)
  }

  @Test func `random intervals count the covered time once, never less than the best source`() {
    var random = SplitMix64(seed: 9)
    for _ in 0..<300 {
      let samples = (0..<12).map { _ -> S in
        let start = Int64(random.next() % 1000)
        let length = Int64(random.next() % 200) + 1
        return S(
          rank: Int(random.next() % 3), start: start, end: start + length, value: Double(length))
      }
      // With one sample per rank, values equal to lengths add up to the covered time exactly.
      let distinct = samples.enumerated().map {
        S(rank: $0.offset, start: $0.element.start, end: $0.element.end, value: $0.element.value)
      }
      let covered = HealthDeduplication.merged(distinct.map { .init(start: $0.start, end: $0.end) })
        .map { Double($0.end - $0.start) }.reduce(0, +)
      #expect(abs(HealthDeduplication.contributions(distinct).reduce(0, +) - covered) < 1e-6)
      let total = HealthDeduplication.contributions(samples).reduce(0, +)
      let best = samples.filter { $0.rank == samples.map(\.rank).min() }.map(\.value).reduce(0, +)
      #expect(total <= samples.map(\.value).reduce(0, +) + 1e-9)
      #expect(total + 1e-9 >= best)
    }
  }
}
