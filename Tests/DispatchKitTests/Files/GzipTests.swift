import DispatchKit
import Foundation
import Testing

@testable import DispatchCore
@testable import DispatchSupport

/// gzip in memory: what `gzip` and Python write reads back, what it writes `gzip -d` reads, and
/// a truncated, damaged or foreign file is told apart from a whole one.
struct GzipTests {
  private static let text = Array(
    (0..<2_000).map { "{\"id\": \"report-\($0)\", \"answer\": \"coffee ☕\"}\n" }.joined().utf8)

  @Test func `round trip, empty and large, and the same bytes for the same input`() throws {
    for input in [[], Array("a".utf8), Self.text] {
      let packed = Gzip.compress(input)
      #expect(try Gzip.decompress(packed) == input)
      #expect(Gzip.compress(input) == packed)
    }
    #expect(Gzip.compress(Self.text).count < Self.text.count / 10)
  }

  @Test func `python's gzip reads what it writes, and it reads python's (with a name)`() throws {
    let folder = try TemporaryDirectory()
    let ours = folder.file("ours.gz")
    try Data(Gzip.compress(Self.text)).write(to: URL(fileURLWithPath: ours))
    let theirs = folder.file("theirs.gz")
    let script = """
      import gzip, sys
      data = gzip.open(sys.argv[1]).read()
      with gzip.GzipFile(sys.argv[2], "wb", mtime=1) as out: out.write(data)
      print(len(data))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script, ours, theirs]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == "\(Self.text.count)")
    let written = Array(try Data(contentsOf: URL(fileURLWithPath: theirs)))
    #expect(written[3] & 0x08 != 0, "Python names the file in its header")
    #expect(try Gzip.decompress(written) == Self.text)
  }

  @Test func `truncated, damaged, foreign, oversized and trailing data are refused`() {
    let packed = Gzip.compress(Self.text)
    #expect(throws: GzipError.truncated) {
      try Gzip.decompress(Array(packed.prefix(packed.count / 2)))
    }
    #expect(throws: GzipError.truncated) { try Gzip.decompress(Array(packed.dropLast(3))) }
    #expect(throws: GzipError.truncated) { try Gzip.decompress(Array(packed.prefix(5))) }
    #expect(throws: GzipError.notGzip) { try Gzip.decompress(Array("{\"id\": 1}".utf8)) }
    #expect(throws: GzipError.notGzip) { try Gzip.decompress([]) }
    var flipped = packed
    flipped[packed.count - 6] ^= 0xff
    #expect(throws: GzipError.checksumMismatch) { try Gzip.decompress(flipped) }
    #expect(throws: GzipError.tooLarge(limit: 1_000)) { try Gzip.decompress(packed, limit: 1_000) }
    #expect(throws: GzipError.trailingData) { try Gzip.decompress(packed + [0]) }
  }

  @Test func `random damage never crashes and never passes for the original`() {
    let packed = Gzip.compress(Array(Self.text.prefix(4_000)))
    var random = SplitMix64(seed: 18)
    for _ in 0..<2_000 {
      var bytes = packed
      ByteMutation.mutate(
        &bytes, specials: [0, 0x1f, 0x8b, 0xff], more: [ByteMutation.cutEnd], using: &random)
      if bytes == packed { continue }
      if let inflated = try? Gzip.decompress(bytes) {
        // A change the checksum cannot see (in the header's unused fields) leaves the data whole.
        #expect(inflated == Array(Self.text.prefix(4_000)))
      }
    }
  }
}
