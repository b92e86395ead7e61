import DispatchKit
import Foundation
import Testing

/// Byte-level search, fast enough in debug builds for multi-megabyte exports.
enum SyntheticBytes {
  /// Start offsets of the non-overlapping occurrences of `needle` in `haystack[range]`.
  static func offsets(
    of needle: [UInt8], in haystack: [UInt8], range: Range<Int>? = nil, limit: Int = .max
  ) -> [Int] {
    let range = range ?? 0..<haystack.count
    guard !needle.isEmpty, range.count >= needle.count else { return [] }
    return haystack.withUnsafeBytes { hay in
      needle.withUnsafeBytes { pattern in
        guard let base = hay.baseAddress, let first = pattern.first,
          let patternBase = pattern.baseAddress
        else { return [] }
        var found: [Int] = []
        var start = range.lowerBound
        let last = range.upperBound - needle.count
        while start <= last && found.count < limit {
          guard let hit = memchr(base + start, Int32(first), last - start + 1) else { break }
          let offset = base.distance(to: UnsafeRawPointer(hit))
          if memcmp(hit, patternBase, needle.count) == 0 {
            found.append(offset)
            start = offset + needle.count
          } else {
            start = offset + 1
          }
        }
        return found
      }
    }
  }

  static func first(_ needle: String, in haystack: [UInt8], from start: Int = 0) -> Int? {
    offsets(of: Array(needle.utf8), in: haystack, range: start..<haystack.count, limit: 1).first
  }

  static func count(_ needle: String, in haystack: [UInt8]) -> Int {
    offsets(of: Array(needle.utf8), in: haystack).count
  }

  /// `haystack` with every occurrence of `needle` removed.
  static func removing(_ needle: String, from haystack: [UInt8]) -> [UInt8] {
    let pattern = Array(needle.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(haystack.count)
    var start = 0
    for offset in offsets(of: pattern, in: haystack) {
      result += haystack[start..<offset]
      start = offset + pattern.count
    }
    return result + haystack[start...]
  }
}

/// An independent, deliberately naive reading of a generated export: one pass over the bytes
/// that counts elements by name, checks that tags balance and that entities and characters are
/// legal, and remembers where every Record is.
struct NaiveHealthXML: Sendable {
  /// One `Record` element: where it is and the element it sits in.
  struct Record: Sendable {
    let bytes: [UInt8]
    let range: Range<Int>
    /// One past the start tag's `>`.
    let tagEnd: Int
    let parent: String

    var text: String { String(decoding: bytes[range], as: UTF8.self) }

    func attribute(_ name: String) -> String? {
      NaiveHealthXML.attribute(name, in: bytes, range.lowerBound..<tagEnd)
    }
  }

  let bytes: [UInt8]
  private(set) var counts: [String: Int] = [:]
  private(set) var records: [Record] = []
  /// Start tags of the elements in `keptTags`, as text.
  private(set) var startTags: [String: [String]] = [:]
  private(set) var problems: [String] = []
  private(set) var roots = 0

  static let keptTags: Set<String> = [
    "Workout", "FileReference", "MetadataEntry", "Correlation", "InstantaneousBeatsPerMinute",
  ]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    scan()
  }

  func count(_ name: String) -> Int { counts[name] ?? 0 }

  var isWellFormed: Bool { problems.isEmpty && roots == 1 }

  var topLevelRecords: [Record] { records.filter { $0.parent == "HealthData" } }

  private mutating func scan() {
    let bytes = self.bytes
    var stack: [(name: String, start: Int)] = []
    var index = 0
    var previous = 0
    while let open = SyntheticBytes.offsets(
      of: [UInt8(ascii: "<")], in: bytes, range: index..<bytes.count, limit: 1
    ).first {
      checkText(previous..<open, outsideRoot: stack.isEmpty)
      guard open + 1 < bytes.count else {
        problems.append("the document ends inside a tag")
        return
      }
      let next = bytes[open + 1]
      if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
        let isComment = bytes[open...].starts(with: Array("<!--".utf8))
        let closer = next == UInt8(ascii: "?") ? "?>" : isComment ? "-->" : "]>"
        guard let close = SyntheticBytes.first(closer, in: bytes, from: open) else {
          problems.append("unclosed declaration at \(open)")
          return
        }
        index = close + closer.utf8.count
        previous = index
        continue
      }
      guard let close = SyntheticBytes.first(">", in: bytes, from: open) else {
        problems.append("the document ends inside a tag")
        return
      }
      checkTag(open..<(close + 1))
      if next == UInt8(ascii: "/") {
        let name = String(decoding: bytes[(open + 2)..<close], as: UTF8.self)
        guard let top = stack.popLast(), top.name == name else {
          problems.append("unexpected </\(name)> at \(open)")
          return
        }
        if name == "Record" { keepRecord(top.start..<(close + 1), parent: stack.last?.name ?? "") }
      } else {
        var nameEnd = open + 1
        while nameEnd < close && bytes[nameEnd] != 0x20 && bytes[nameEnd] != 0x0A
          && bytes[nameEnd] != 0x2F
        {
          nameEnd += 1
        }
        let name = String(decoding: bytes[(open + 1)..<nameEnd], as: UTF8.self)
        counts[name, default: 0] += 1
        if Self.keptTags.contains(name) {
          startTags[name, default: []].append(String(decoding: bytes[open...close], as: UTF8.self))
        }
        if stack.isEmpty { roots += 1 }
        if bytes[close - 1] == UInt8(ascii: "/") {
          if name == "Record" { keepRecord(open..<(close + 1), parent: stack.last?.name ?? "") }
        } else {
          stack.append((name, open))
        }
      }
      index = close + 1
      previous = index
    }
    checkText(previous..<bytes.count, outsideRoot: true)
    if !stack.isEmpty { problems.append("unclosed elements \(stack.map(\.name))") }
  }

  private mutating func checkText(_ range: Range<Int>, outsideRoot: Bool) {
    for index in range {
      let byte = bytes[index]
      if byte < 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
        problems.append("control byte \(byte) at \(index)")
      } else if outsideRoot && byte != 0x0A && byte != 0x20 {
        problems.append("text outside the root at \(index)")
      }
    }
  }

  /// Quotes balance, no `<` inside, no control bytes, every `&` starts an entity.
  private mutating func checkTag(_ range: Range<Int>) {
    var quotes = 0
    for index in range.dropFirst() {
      let byte = bytes[index]
      if byte == 0x22 { quotes += 1 }
      if byte == UInt8(ascii: "<") { problems.append("'<' inside a tag at \(index)") }
      if byte < 0x20 && byte != 0x0A && byte != 0x09 {
        problems.append("control byte \(byte) at \(index)")
      }
      if byte == UInt8(ascii: "&") {
        let end = min(range.upperBound, index + 10)
        let entity = String(decoding: bytes[index..<end], as: UTF8.self).prefix { $0 != ";" } + ";"
        let named = ["&lt;", "&gt;", "&amp;", "&quot;", "&apos;"].contains(entity)
        let numeric =
          entity.hasPrefix("&#") && entity.dropFirst(2).dropLast().allSatisfy(\.isNumber)
        if !named && !numeric { problems.append("bad entity \(entity) at \(index)") }
      }
    }
    if quotes % 2 != 0 { problems.append("unbalanced quotes at \(range.lowerBound)") }
  }

  private mutating func keepRecord(_ range: Range<Int>, parent: String) {
    let tagEnd =
      (SyntheticBytes.first(">", in: bytes, from: range.lowerBound) ?? range.upperBound - 1) + 1
    records.append(Record(bytes: bytes, range: range, tagEnd: tagEnd, parent: parent))
  }

  /// The value of the first ` name="…"` in `bytes[range]`.
  static func attribute(_ name: String, in bytes: [UInt8], _ range: Range<Int>) -> String? {
    let key = Array(" \(name)=\"".utf8)
    guard let start = SyntheticBytes.offsets(of: key, in: bytes, range: range, limit: 1).first,
      let end = SyntheticBytes.first("\"", in: bytes, from: start + key.count),
      end < range.upperBound
    else { return nil }
    return String(decoding: bytes[(start + key.count)..<end], as: UTF8.self)
  }

  static func attribute(_ name: String, in tag: String) -> String? {
    let bytes = Array(tag.utf8)
    return attribute(name, in: bytes, 0..<bytes.count)
  }

  /// Everything from `<!DOCTYPE` to the first `]>` and its newline removed.
  static func withoutDTD(_ bytes: [UInt8]) -> [UInt8] {
    guard let open = SyntheticBytes.first("<!DOCTYPE", in: bytes),
      let close = SyntheticBytes.first("]>\n", in: bytes, from: open)
    else { return bytes }
    return Array(bytes[..<open] + bytes[(close + 3)...])
  }

  /// Everything before the `HealthData` start tag, as text.
  static func prolog(_ bytes: [UInt8]) -> String {
    let end = SyntheticBytes.first("\n<HealthData", in: bytes) ?? 0
    return String(decoding: bytes[..<end], as: UTF8.self)
  }

  /// Everything from the `HealthData` start tag on.
  static func body(_ bytes: [UInt8]) -> [UInt8] {
    Array(bytes[(SyntheticBytes.first("\n<HealthData", in: bytes) ?? bytes.count)...])
  }
}

/// Generated exports shared by the tests, each made and scanned once.
enum SyntheticHealthFixture {
  /// One generated export; described by its options alone, as a test argument.
  struct Export: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var chunkSizes: [Int]
    var manifest: SyntheticHealthManifest
    var xml: NaiveHealthXML

    var testDescription: String { name }

    func contains(_ text: String) -> Bool { SyntheticBytes.first(text, in: bytes) != nil }
    func count(_ text: String) -> Int { SyntheticBytes.count(text, in: bytes) }
  }

  static func make(_ options: SyntheticHealthOptions, scan: Bool = true) -> Export {
    var bytes: [UInt8] = []
    var sizes: [Int] = []
    let manifest = SyntheticHealthExport.write(options) { chunk in
      bytes.append(contentsOf: chunk)
      sizes.append(chunk.count)
    }
    let xml = NaiveHealthXML(scan ? bytes : [])
    let start = options.startDate
    let name =
      "\(options.style) \(options.units) \(options.days) days from \(start.year)-\(start.month)-\(start.day)"
    return Export(name: name, bytes: bytes, chunkSizes: sizes, manifest: manifest, xml: xml)
  }

  static func options(
    days: Int = 7, style: SyntheticHealthOptions.Style = .modern,
    units: SyntheticHealthOptions.Units = .us, dirty: Set<SyntheticHealthOptions.DirtyFlag> = []
  ) -> SyntheticHealthOptions {
    var options = SyntheticHealthOptions()
    options.days = days
    options.style = style
    options.units = units
    options.dirty = dirty
    return options
  }

  static let modern = make(options())
  static let legacy = make(options(style: .legacy, units: .metric))
  /// Four days around the March 2023 change to daylight time.
  static let springForward: Export = {
    var options = Self.options(days: 4)
    options.startDate = (2023, 3, 10)
    return make(options)
  }()
  /// Four days around the November 2023 change back, in metric units.
  static let fallBack: Export = {
    var options = Self.options(days: 4, units: .metric)
    options.startDate = (2023, 11, 3)
    return make(options)
  }()

  /// 64-bit FNV-1a, a short fingerprint of a run.
  static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
  }
}

/// Python's ElementTree, when python3 is installed, as a second opinion on well-formedness.
enum ElementTreeCheck {
  static let python: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return (path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"])
      .map { $0 + "/python3" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  static var isAvailable: Bool { python != nil }

  /// Nil when ElementTree parses `bytes`, else its error message.
  static func parseError(_ bytes: [UInt8]) throws -> String? {
    guard let python else { return nil }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("SyntheticHealth-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("export.xml")
    let output = folder.appendingPathComponent("out")
    try Data(bytes).write(to: file)
    try Data().write(to: output)
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      "-c",
      "import sys, xml.etree.ElementTree as ET\ntry:\n ET.parse(sys.argv[1])\n"
        + "except Exception as e:\n print(e)\n",
      file.path,
    ]
    process.standardOutput = handle
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    let message = String(decoding: try Data(contentsOf: output), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return message.isEmpty && process.terminationStatus == 0 ? nil : message
  }
}
