/// What the writer has emitted so far, turned into the manifest at the end.
struct SynthCounts {
  var records = 0
  var topLevel = 0
  var nested = 0
  var duplicateCopies = 0
  var correlations = 0
  var workouts = 0
  var events = 0
  var statistics = 0
  var activities = 0
  var routes = 0
  var routePoints = 0
  var summaries = 0
  var metadata = 0
  var hrvLists = 0
  var beats = 0
  var unknownElements = 0
  var unknownAttributes = 0
  var perKind = [Int](repeating: 0, count: SynthKind.allCases.count)
  var perSource = [Int](repeating: 0, count: SynthSource.count)
  var routeFiles: [String] = []
  /// Per totalled type: sums and counts indexed
  /// `(localDay - firstLocalDay + 1) × sources + source`.
  var sums = [[Double]](repeating: [], count: SynthKind.totalled.count)
  var sampleCounts = [[Int]](repeating: [], count: SynthKind.totalled.count)
  /// Per local day (same offset): Watch exercise minutes and stood hours, for ActivitySummary.
  var exerciseMinutes: [Int] = []
  var stoodHours: [Int] = []
}

/// Formats the export's elements into a ``SynthByteBuffer`` and counts what it wrote.
///
/// A class because the generator, the record, workout and summary writers all append to one
/// buffer and one set of counts.
final class SynthExportWriter {
  let buffer: SynthByteBuffer
  let time: SynthTimestampFormat
  let style: SyntheticHealthOptions.Style
  let units: SyntheticHealthOptions.Units
  let firstLocalDay: Int
  var counts = SynthCounts()
  /// The local day being written and its UTC bounds, the fast path for local dates.
  var currentDay: (localDay: Int, midnight: Int64, nextMidnight: Int64) = (0, 0, 0)

  /// ` type="…"` and ` unit="…"` (empty for category types) per kind.
  let typeAttributes: [[UInt8]]
  let unitAttributes: [[UInt8]]
  let literalDotUnit = Array(" unit=\"mL/min\u{00B7}kg\"".utf8)
  let sourceBytes: [[SynthSourceBytes]]
  let categoryAttributes: [[UInt8]]
  /// `HKMetadataKeyHeartRateMotionContext` entries for 0, 1 and 2, without indentation.
  let motionContextLines: [[UInt8]]
  let timeZoneLine = Array(
    "<MetadataEntry key=\"HKTimeZone\" value=\"\(SynthNewYorkTime.zoneName)\"/>\n".utf8)
  /// Index into `SynthKind.totalled`, or -1.
  let totalIndex: [Int]

  init(options: SyntheticHealthOptions, buffer: SynthByteBuffer, firstLocalDay: Int) {
    self.buffer = buffer
    time = SynthTimestampFormat(offset: options.exportOffset)
    style = options.style
    units = options.units
    self.firstLocalDay = firstLocalDay
    typeAttributes = SynthKind.allCases.map { Array(" type=\"\($0.identifier)\"".utf8) }
    unitAttributes = SynthKind.allCases.map { kind in
      kind.unit(options.units).map { Array(" unit=\"\($0)\"".utf8) } ?? []
    }
    sourceBytes = SynthSourceBytes.table(options.style)
    categoryAttributes = SynthCategoryValue.allCases.map { Array(" value=\"\($0.text)\"".utf8) }
    motionContextLines = (0...2).map {
      Array("<MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\($0)\"/>\n".utf8)
    }
    totalIndex = SynthKind.allCases.map { SynthKind.totalled.firstIndex(of: $0) ?? -1 }
  }

  // MARK: Small pieces shared by every element

  func indent(_ spaces: Int) {
    for _ in 0..<spaces { buffer.append(UInt8(ascii: " ")) }
  }

  /// ` name="YYYY-MM-DD HH:MM:SS ±HHMM"`, the name given with its leading space and `="`.
  func timestamp(_ name: StaticString, _ utc: Int64) {
    buffer.append(name)
    time.write(utc, into: buffer)
    buffer.append(UInt8(ascii: "\""))
  }

  /// ` device="&lt;&lt;HKDevice: 0x…&gt;, …&gt;"` with a random address per element, as real
  /// exports have (docs/formats/apple-health.md#records).
  func device(_ source: SynthSourceBytes, seed: UInt64) {
    guard !source.deviceTail.isEmpty else { return }
    buffer.append(" device=\"&lt;&lt;HKDevice: 0x")
    buffer.appendHex(0x2_8000_0000 + (seed >> 34), digits: 9)
    buffer.append(source.deviceTail)
  }

  /// A `MetadataEntry` built from strings, for the rarer keys.
  func metadata(_ spaces: Int, _ key: String, _ value: String) {
    indent(spaces)
    buffer.append("<MetadataEntry key=\"")
    buffer.appendText(key)
    buffer.append("\" value=\"")
    buffer.appendText(value)
    buffer.append("\"/>\n")
    counts.metadata += 1
  }

  /// Slot of `localDay` in the per-day arrays, growing them as needed.
  func daySlot(_ localDay: Int) -> Int {
    let slot = max(0, localDay - firstLocalDay + 1)
    if slot >= counts.exerciseMinutes.count {
      let grown = slot + 64
      counts.exerciseMinutes += [Int](repeating: 0, count: grown - counts.exerciseMinutes.count)
      counts.stoodHours += [Int](repeating: 0, count: grown - counts.stoodHours.count)
      let cells = grown * SynthSource.count
      for index in counts.sums.indices {
        counts.sums[index] += [Double](repeating: 0, count: cells - counts.sums[index].count)
        counts.sampleCounts[index] += [Int](
          repeating: 0, count: cells - counts.sampleCounts[index].count)
      }
    }
    return slot
  }

  /// Local day of a sample start: the current day's bounds answer almost every time.
  func localDay(of start: Int64) -> Int {
    if start >= currentDay.midnight && start < currentDay.nextMidnight {
      return currentDay.localDay
    }
    return SynthNewYorkTime.localDay(utc: start)
  }
}

@available(*, unavailable, message: "shares one buffer and mutable counts")
extension SynthExportWriter: Sendable {}
