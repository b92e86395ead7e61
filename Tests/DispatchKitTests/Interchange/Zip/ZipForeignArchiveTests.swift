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

/// Archives from other writers: Python's zipfile (with and without data descriptors) and the
/// Apple-Health-shaped fixture (`apple-health/export.zip`, docs/test-fixtures.md#exportzip).
struct ZipForeignArchiveTests {
  let scratch: ZipScratch

  init() throws {
    scratch = try ZipScratch()
  }

  /// Python 3.11 `zipfile`, date 1980-01-01, seekable output: `hello.txt` stored, `docs/`,
  /// `docs/notes.txt` deflated, `Müller.txt` named in CP437 (no flag 11), and
  /// `apple_health_export/导出.xml` in UTF-8 (flag 11); archive comment
  /// `made by python zipfile`.
  static let pythonSmall = Self.decode([
    "UEsDBBQAAAAAAAAAIQDWmzjWDAAAAAwAAAAJAAAAaGVsbG8udHh0SGVsbG8sIHppcCEKUEsDBBQAAAAAAAAAIQAA",
    "AAAAAAAAAAAAAAAFAAAAZG9jcy9QSwMEFAAAAAgAAAAhACzOFskLAAAAyQAAAA4AAABkb2NzL25vdGVzLnR4dMvL",
    "L0lVyBv6BBcAUEsDBBQAAAAIAAAAIQAi6MdbDQAAAAsAAAAKAAAATYFsbGVyLnR4dEsuMDE2V8hLzE3lAgBQSwME",
    "FAAACAgAAAAhAJQO1rofAAAAHQAAAB4AAABhcHBsZV9oZWFsdGhfZXhwb3J0L+WvvOWHui54bWyz8UhNzCnJcEks",
    "SVTIyU9OzEm1VarKiHf2U9K34wIAUEsBAhQDFAAAAAAAAAAhANabONYMAAAADAAAAAkAAAAAAAAAAAAAAIABAAAA",
    "AGhlbGxvLnR4dFBLAQIUAxQAAAAAAAAAIQAAAAAAAAAAAAAAAAAFAAAAAAAAAAAAAACAATMAAABkb2NzL1BLAQIU",
    "AxQAAAAIAAAAIQAszhbJCwAAAMkAAAAOAAAAAAAAAAAAAACAAVYAAABkb2NzL25vdGVzLnR4dFBLAQIUAxQAAAAI",
    "AAAAIQAi6MdbDQAAAAsAAAAKAAAAAAAAAAAAAACAAY0AAABNgWxsZXIudHh0UEsBAhQDFAAACAgAAAAhAJQO1rof",
    "AAAAHQAAAB4AAAAAAAAAAAAAAIABwgAAAGFwcGxlX2hlYWx0aF9leHBvcnQv5a+85Ye6LnhtbFBLBQYAAAAABQAF",
    "ACoBAAAdAQAAFgBtYWRlIGJ5IHB5dGhvbiB6aXBmaWxl",
  ])

  /// Python 3.11 `zipfile` writing to an unseekable stream, so both entries have data
  /// descriptors and zeros in their local headers; `wide.bin` was opened with
  /// `force_zip64=True`, so its local header has a ZIP64 extra field and its descriptor
  /// 8-byte sizes. `stream.txt` is `streamed line\n` × 20, `wide.bin` bytes 0–255 × 4.
  static let pythonStream = Self.decode([
    "UEsDBBQACAAIAAAAIQAAAAAAAAAAAAAAAAAKAAAAc3RyZWFtLnR4dCsuKUpNzE1NUcjJzEvlKh7lQXkAUEsHCLhE",
    "lJwUAAAAGAEAAFBLAwQtAAgACAAAACEAAAAAAP//////////CAAUAHdpZGUuYmluAQAQAAAAAAAAAAAAAAAAAAAA",
    "AABjYGRiZmFlY+fg5OLm4eXjFxAUEhYRFROXkJSSlpGVk1dQVFJWUVVT19DU0tbR1dM3MDQyNjE1M7ewtLK2sbWz",
    "d3B0cnZxdXP38PTy9vH18w8IDAoOCQ0Lj4iMio6JjYtPSExKTklNS8/IzMrOyc3LLygsKi4pLSuvqKyqrqmtq29o",
    "bGpuaW1r7+js6u7p7eufMHHS5ClTp02fMXPW7Dlz581fsHDR4iVLly1fsXLV6jVr163fsHHT5i1bt23fsXPX7j17",
    "9+0/cPDQ4SNHjx0/cfLU6TNnz52/cPHS5StXr12/cfPW7Tt3791/8PDR4ydPnz1/8fLV6zdv373/8PHT5y9fv33/",
    "8fPX7z9///1nGPX/qP9HsP8BUEsHCCZMC7cYAQAAAAAAAAAEAAAAAAAAUEsBAhQDFAAIAAgAAAAhALhElJwUAAAA",
    "GAEAAAoAAAAAAAAAAAAAAIABAAAAAHN0cmVhbS50eHRQSwECLQMtAAgACAAAACEAJkwLtxgBAAAABAAACAAAAAAA",
    "AAAAAAAAgAFMAAAAd2lkZS5iaW5QSwUGAAAAAAIAAgBuAAAAtgEAAAAA",
  ])

  static func decode(_ lines: [String]) -> [UInt8] {
    [UInt8](Data(base64Encoded: lines.joined()) ?? Data())
  }

  @Test func `an archive from Python's zipfile lists and reads, CP437 and UTF-8 names`() throws {
    let archive = try ZipArchive(path: try scratch.file("python.zip", Self.pythonSmall))
    #expect(
      archive.entries.map(\.path) == [
        "hello.txt", "docs/", "docs/notes.txt", "Müller.txt", "apple_health_export/导出.xml",
      ])
    #expect(archive.entries.map(\.flags) == [0, 0, 0, 0, 0x0800])
    #expect(archive.entries.map(\.method) == [0, 0, 8, 8, 8])
    #expect(
      archive.entries.map(\.crc32) == [0xD638_9BD6, 0, 0xC916_CE2C, 0x5BC7_E822, 0xBAD6_0E94])
    let data = try archive.entries.map { try archive.data($0) }
    #expect(
      data == [
        Array("Hello, zip!\n".utf8), [], Array(String(repeating: "note ", count: 40).utf8) + [10],
        Array("cp437 name\n".utf8), Array("<HealthData locale=\"zh_CN\"/>\n".utf8),
      ])
  }

  @Test func `local headers with zero sizes and ZIP64 data descriptors are read`() throws {
    let contents = try ZipScratch.contents(try scratch.file("stream.zip", Self.pythonStream))
    #expect(contents.map(\.entry.path) == ["stream.txt", "wide.bin"])
    #expect(contents.map(\.entry.flags) == [0x0008, 0x0008])
    #expect(contents.map(\.entry.compressedSize) == [20, 280])
    #expect(contents[0].bytes == Array(String(repeating: "streamed line\n", count: 20).utf8))
    #expect(contents[1].bytes == Array((0..<4).map { _ in (0...255).map { UInt8($0) } }.joined()))
  }

  @Test(arguments: [false, true])
  func `a comment after the end record, up to 65,535 bytes, is skipped`(forceZip64: Bool) throws {
    var bytes = try ZipScratch.bytes(
      try scratch.archive("plain.zip", forceZip64: forceZip64) { writer in
        try writer.addFile("a.txt", contents: Array("after the comment\n".utf8))
      })
    // A decoy end record inside the comment, whose own comment length would fit: only the
    // record whose comment reaches the end of the file exactly is taken.
    var comment = Array(repeating: UInt8(ascii: "c"), count: 65_535)
    comment.replaceSubrange(100..<104, with: [0x50, 0x4B, 0x05, 0x06])
    ZipBytes.put16(UInt16(comment.count), &bytes, bytes.count - 2)
    let contents = try ZipScratch.contents(try scratch.file("comment.zip", bytes + comment))
    #expect(contents.map(\.bytes) == [Array("after the comment\n".utf8)])
    // One byte more pushes the real record out of the 65,557-byte window: the decoy is all
    // that is left, and it fails as a ZipError.
    #expect(ZipScratch.failure(opening: try scratch.file("long.zip", bytes + comment + [0])) != nil)
  }

  @Test func `bytes appended after the archive are tolerated`() throws {
    let bytes = try ZipScratch.bytes(
      try scratch.archive { try $0.addFile("a.txt", contents: Array("kept\n".utf8)) })
    let contents = try ZipScratch.contents(try scratch.file("tail.zip", bytes + [0, 1, 2]))
    #expect(contents.map(\.bytes) == [Array("kept\n".utf8)])
  }

  static func fixturePath(_ name: String) throws -> String {
    let base = try #require(Bundle.module.resourceURL)
    return base.appendingPathComponent("Fixtures/apple-health/" + name).path
  }

  @Test func `the Apple Health fixture lists as its manifest says`() throws {
    let archive = try ZipArchive(path: try Self.fixturePath("export.zip"))
    let listing = archive.entries.map {
      "\($0.path) \($0.method) \($0.uncompressedSize) \($0.compressedSize)"
    }
    #expect(
      listing == [
        "apple_health_export/ 0 0 0",
        "apple_health_export/eksport.xml 8 143903 12555",
        "apple_health_export/export_cda.xml 8 1520 704",
        "apple_health_export/workout-routes/ 0 0 0",
        "apple_health_export/workout-routes/route_2024-03-10_7.42am.gpx 8 159546 24496",
      ])
    for entry in archive.entries { _ = try archive.data(entry) }
  }

  @Test func `the fixture's eksport.xml is byte-identical to export.xml and sniffs as HealthData`()
    throws
  {
    let archive = try ZipArchive(path: try Self.fixturePath("export.zip"))
    let expected = try ImportTestSupport.fixture("apple-health/export.xml")
    let eksport = try #require(archive.entry(named: "apple_health_export/eksport.xml"))
    #expect(try archive.data(eksport) == expected)
    var streamed: [UInt8] = []
    try archive.read(eksport, chunkSize: 4_096) { chunk in
      streamed += chunk
      return true
    }
    #expect(streamed == expected)
    func sniff(_ name: String) throws -> Bool {
      let entry = try #require(archive.entry(named: "apple_health_export/" + name))
      let head = String(decoding: try archive.prefix(entry, count: 1_024), as: UTF8.self)
      return head.contains("<!DOCTYPE HealthData") || head.contains("<HealthData ")
    }
    #expect(try sniff("eksport.xml"))
    #expect(try !sniff("export_cda.xml"))
  }

  @Test func `names decode as CP437 without flag 11, and invalid UTF-8 falls back to it`() {
    let high: [UInt8] = [0x80, 0x81, 0x9B, 0xB0, 0xC4, 0xE1, 0xE3, 0xFB, 0xFF]
    #expect(ZipArchive.decodeName(high[...], isUTF8: false, extra: []) == "Çü¢░─ßπ√\u{A0}")
    #expect(ZipArchive.decodeName(Array("导出".utf8)[...], isUTF8: true, extra: []) == "导出")
    #expect(ZipArchive.decodeName([0x41, 0xFF][...], isUTF8: true, extra: []) == "A\u{A0}")
  }

  @Test func `an Info-ZIP Unicode path field names an entry stored in CP437`() {
    let raw: [UInt8] = [0x3F, 0x2E, 0x78, 0x6D, 0x6C]  // "?.xml", as a legacy writer stored it
    var extra: [UInt8] = [0x75, 0x70, UInt8(5 + 10), 0, 1]
    let crc = ZipRoundTripTests.crc(raw)
    extra += (0..<4).map { UInt8(truncatingIfNeeded: crc >> (8 * $0)) }
    extra += Array("导出.xml".utf8)
    #expect(ZipArchive.decodeName(raw[...], isUTF8: false, extra: extra[...]) == "导出.xml")
    extra[5] ^= 1  // a CRC that no longer matches the name: the field is stale
    #expect(ZipArchive.decodeName(raw[...], isUTF8: false, extra: extra[...]) == "?.xml")
  }
}
