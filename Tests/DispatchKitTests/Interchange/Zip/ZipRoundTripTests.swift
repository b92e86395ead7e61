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

/// What `ZipWriter` writes, `ZipArchive` reads back byte for byte
/// (docs/formats/apple-health.md#the-archive).
struct ZipRoundTripTests {
  let scratch: ZipScratch

  init() throws {
    scratch = try ZipScratch()
  }

  @Test(arguments: [false, true])
  func `stored, deflated, empty entries and folders round trip`(forceZip64: Bool) throws {
    let text = ZipBytes.text(count: 20_000)
    let path = try scratch.archive(forceZip64: forceZip64) { writer in
      try writer.addDirectory("apple_health_export")
      try writer.addFile("apple_health_export/export.xml", contents: text)
      try writer.addFile("stored.txt", method: .stored, contents: Array("plain\n".utf8))
      try writer.addFile("empty-deflate.txt", contents: [])
      try writer.addFile("empty-stored.txt", method: .stored, contents: [])
      try writer.addDirectory("apple_health_export/workout-routes/")
    }
    let contents = try ZipScratch.contents(path)
    #expect(
      contents.map(\.entry.path) == [
        "apple_health_export/", "apple_health_export/export.xml", "stored.txt",
        "empty-deflate.txt", "empty-stored.txt", "apple_health_export/workout-routes/",
      ])
    #expect(contents.map(\.entry.isDirectory) == [true, false, false, false, false, true])
    #expect(contents.map(\.entry.method) == [0, 8, 0, 8, 0, 0])
    #expect(contents.map(\.bytes) == [[], text, Array("plain\n".utf8), [], [], []])
    #expect(contents.map(\.entry.uncompressedSize) == [0, 20_000, 6, 0, 0, 0])
    let xml = try #require(contents.first { $0.entry.path.hasSuffix(".xml") }?.entry)
    #expect(xml.compressedSize < 10_000)
    #expect(xml.crc32 == Self.crc(text))
    #expect(contents[3].entry.compressedSize == 2)  // an empty deflate stream is 03 00
  }

  @Test func `an archive without entries is just an end record`() throws {
    let path = try scratch.archive { _ in }
    #expect(try ZipScratch.bytes(path).count == 22)
    #expect(try ZipArchive(path: path).entries.isEmpty)
  }

  @Test func `a 5 MiB entry read in 64 KiB chunks equals its input, stored or deflated`() throws {
    let text = ZipBytes.text(count: 5 << 20, seed: 5)
    let path = try scratch.archive { writer in
      for method in [ZipMethod.deflate, .stored] {
        try writer.addFile("big-\(method).txt", method: method) { sink in
          // An odd slice size, so writes never line up with the 1 MiB output buffer.
          var at = 0
          while at < text.count {
            let end = min(at + 7_919, text.count)
            try text[at..<end].withUnsafeBytes { try sink($0) }
            at = end
          }
        }
      }
    }
    let archive = try ZipArchive(path: path)
    #expect(archive.entries.count == 2)
    for entry in archive.entries {
      var read: [UInt8] = []
      var sizes: [Int] = []
      try archive.read(entry, chunkSize: 1 << 16) { chunk in
        sizes.append(chunk.count)
        read.append(contentsOf: chunk)
        return true
      }
      #expect(read == text)
      #expect(sizes.count == 80)
      #expect(sizes.allSatisfy { $0 == 1 << 16 })
    }
  }

  @Test func `the body stops a read early, and its errors come back unchanged`() throws {
    struct Stop: Error, Equatable {}
    let text = ZipBytes.text(count: 1 << 20, seed: 2)
    let path = try scratch.archive { try $0.addFile("a.txt", contents: text) }
    let archive = try ZipArchive(path: path)
    let entry = try #require(archive.entry(named: "a.txt"))
    var calls = 0
    try archive.read(entry, chunkSize: 1_000) { chunk in
      calls += 1
      return calls < 3
    }
    #expect(calls == 3)
    #expect(throws: Stop()) {
      try archive.read(entry) { _ in throw Stop() }
    }
    #expect(try archive.prefix(entry, count: 1_234) == Array(text.prefix(1_234)))
    #expect(try archive.prefix(entry, count: 0) == [])
    #expect(try archive.prefix(entry, count: 5 << 20) == text)
  }

  @Test func `files say their sizes and CRC in a data descriptor after the data`() throws {
    let text = ZipBytes.text(count: 3_000)
    let path = try scratch.archive { try $0.addFile("d.txt", contents: text) }
    let bytes = try ZipScratch.bytes(path)
    let entry = try #require(try ZipArchive(path: path).entries.first)
    #expect(entry.flags == 0x0808)
    #expect(ZipBytes.u32(bytes, 0) == ZipBytes.local)
    #expect(ZipBytes.u16(bytes, 6) == 0x0808)
    #expect(bytes[14..<26].allSatisfy { $0 == 0 })  // CRC and sizes left for the descriptor
    let descriptor = 30 + 5 + Int(entry.compressedSize)
    #expect(ZipBytes.u32(bytes, descriptor) == ZipBytes.descriptor)
    #expect(ZipBytes.u32(bytes, descriptor + 4) == entry.crc32)
    #expect(UInt64(ZipBytes.u32(bytes, descriptor + 8)) == entry.compressedSize)
    #expect(ZipBytes.u32(bytes, descriptor + 12) == 3_000)
    #expect(ZipBytes.u32(bytes, descriptor + 16) == ZipBytes.central)
  }

  @Test func `forced ZIP64 writes zip64 fields, end record and locator`() throws {
    let path = try scratch.archive(forceZip64: true) { writer in
      try writer.addFile("x.txt", contents: Array("zip64\n".utf8))
    }
    let bytes = try ZipScratch.bytes(path)
    #expect(ZipBytes.offsets(of: ZipBytes.zip64End, in: bytes).count == 1)
    #expect(ZipBytes.offsets(of: ZipBytes.zip64Locator, in: bytes).count == 1)
    let end = bytes.count - 22
    #expect(ZipBytes.u32(bytes, end) == ZipBytes.end)
    #expect(ZipBytes.u16(bytes, end + 10) == 0xFFFF)
    #expect(ZipBytes.u32(bytes, end + 12) == 0xFFFF_FFFF)
    #expect(ZipBytes.u32(bytes, end + 16) == 0xFFFF_FFFF)
    let central = try #require(ZipBytes.offsets(of: ZipBytes.central, in: bytes).first)
    #expect(ZipBytes.u32(bytes, central + 20) == 0xFFFF_FFFF)
    #expect(ZipBytes.u32(bytes, central + 42) == 0xFFFF_FFFF)
    #expect(try ZipScratch.contents(path).map(\.bytes) == [Array("zip64\n".utf8)])
  }

  @Test func `more than 65,535 entries switch to ZIP64 on their own`() throws {
    let count = 70_000
    let path = try scratch.archive { writer in
      for index in 0..<count {
        try writer.addFile("f\(index)", method: .stored, contents: [UInt8(index % 251)])
      }
    }
    let bytes = try ZipScratch.bytes(path)
    #expect(ZipBytes.u16(bytes, bytes.count - 22 + 10) == 0xFFFF)
    let archive = try ZipArchive(path: path)
    #expect(archive.entries.count == count)
    let last = try #require(archive.entry(named: "f69999"))
    #expect(try archive.data(last) == [UInt8(69_999 % 251)])
  }

  @Test func `non-ASCII names are UTF-8 with flag bit 11`() throws {
    let names = [
      "apple_health_export/导出.xml", "apple_health_export/eksport.xml",
      "apple_health_export/exportación/ñ.gpx", "emoji-🏃.csv",
    ]
    let path = try scratch.archive { writer in
      for name in names { try writer.addFile(name, contents: Array(name.utf8)) }
    }
    let archive = try ZipArchive(path: path)
    #expect(archive.entries.map(\.path) == names)
    #expect(archive.entries.allSatisfy { $0.flags & 0x0800 != 0 })
    for name in names {
      let entry = try #require(archive.entry(named: name))
      #expect(try archive.data(entry) == Array(name.utf8))
    }
    #expect(archive.entry(named: "apple_health_export/export.xml") == nil)
  }

  @Test func `the same input gives byte-identical archives`() throws {
    func write(_ name: String) throws -> [UInt8] {
      try ZipScratch.bytes(
        try scratch.archive(name) { writer in
          try writer.addDirectory("d/")
          try writer.addFile("d/a.txt", contents: ZipBytes.text(count: 50_000))
          try writer.addFile("b.bin", method: .stored, contents: [1, 2, 3])
        })
    }
    #expect(try write("one.zip") == write("two.zip"))
  }

  static func crc(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? crc >> 1 ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
