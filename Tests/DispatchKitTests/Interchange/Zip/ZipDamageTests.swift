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

/// Damaged, foreign and hostile files: always a `ZipError`, never a trap or a silent success.
struct ZipDamageTests {
  let scratch: ZipScratch

  init() throws {
    scratch = try ZipScratch()
  }

  /// A small archive with one entry of each kind.
  func sample(forceZip64: Bool = false) throws -> [UInt8] {
    try ZipScratch.bytes(
      try scratch.archive("sample-\(forceZip64).zip", forceZip64: forceZip64) { writer in
        try writer.addDirectory("apple_health_export/")
        try writer.addFile("apple_health_export/eksport.xml", contents: ZipBytes.text(count: 600))
        try writer.addFile("stored.txt", method: .stored, contents: Array("stored\n".utf8))
        try writer.addFile("empty.txt", contents: [])
      })
  }

  @Test func `error descriptions are one lowercase line naming the archive and entry`() {
    #expect(
      ZipError(.truncated, path: "export.zip", entry: "apple_health_export/export.xml")
        .description == "export.zip: entry 'apple_health_export/export.xml' is truncated")
    #expect(
      ZipError(.notAZip, path: "notes.txt", detail: "no end of central directory record")
        .description == "notes.txt: not a zip archive: no end of central directory record")
    #expect(
      ZipError(.crcMismatch, path: "a.zip", entry: "b", detail: "recorded '1', computed '2'")
        .description == "a.zip: entry 'b' fails its crc-32 check: recorded '1', computed '2'")
    #expect(
      ZipError(.corrupt, path: "a.zip", entry: "x\ny\u{1B}").description
        == "a.zip: entry 'x\\ny\\u{1B}' is corrupt")
  }

  @Test(arguments: [false, true])
  func `every truncation of a small archive is a ZipError`(forceZip64: Bool) throws {
    let bytes = try sample(forceZip64: forceZip64)
    for length in 0..<bytes.count {
      let path = try scratch.file("cut.zip", Array(bytes.prefix(length)))
      #expect(ZipScratch.failure(opening: path) != nil, "prefix of \(length) bytes")
    }
  }

  @Test func `a flipped byte in entry data fails the crc or the inflate`() throws {
    let text = ZipBytes.text(count: 100_000)
    let path = try scratch.archive { writer in
      try writer.addFile("d.xml", contents: text)
      try writer.addFile("s.txt", method: .stored, contents: text)
    }
    let archive = try ZipArchive(path: path)
    let original = try ZipScratch.bytes(path)
    for entry in archive.entries {
      // The last byte is skipped: deflate may leave padding bits there that nothing reads.
      for position in stride(from: 0, to: Int(entry.compressedSize) - 1, by: 997) {
        var bytes = original
        bytes[Int(entry.localHeaderOffset) + 30 + entry.path.utf8.count + position] ^= 0x10
        let damaged = try ZipArchive(path: try scratch.file("flip.zip", bytes))
        let error = #expect(throws: ZipError.self) {
          try damaged.read(entry) { _ in true }
        }
        let expected: [ZipError.Kind] =
          entry.method == 0 ? [.crcMismatch] : [.crcMismatch, .corrupt, .sizeMismatch]
        #expect(error.map { expected.contains($0.kind) } == true, "\(String(describing: error))")
        #expect(error?.entry == entry.path)
      }
    }
  }

  @Test func `files that are not zip archives are refused`() throws {
    let cases: [(String, [UInt8])] = [
      ("empty", []), ("short", [0x50, 0x4B, 0x05]), ("text", Array("not a zip\n".utf8)),
      ("xml", ZipBytes.text(count: 100_000)), ("zeros", Array(repeating: 0, count: 22)),
    ]
    for (name, bytes) in cases {
      let error = #expect(throws: ZipError.self) {
        try ZipArchive(path: try scratch.file(name, bytes))
      }
      #expect(error?.kind == .notAZip, "\(name)")
    }
    let missing = #expect(throws: ZipError.self) {
      try ZipArchive(path: scratch.folder.file("missing.zip"))
    }
    #expect(missing?.kind == .io)
    #expect(missing?.description.hasSuffix("cannot open (no such file or directory)") == true)
  }

  /// The sample with field `at` of its `index`th central directory record patched.
  func patched(record index: Int, at field: Int, _ patch: (inout [UInt8], Int) -> Void) throws
    -> ZipArchive
  {
    var bytes = try sample()
    let record = ZipBytes.offsets(of: ZipBytes.central, in: bytes)[index]
    patch(&bytes, record + field)
    return try ZipArchive(path: try scratch.file("patched.zip", bytes))
  }

  @Test func `encrypted entries and unknown methods are listed but not read`() throws {
    let encrypted = try patched(record: 1, at: 8) { $0[$1] |= 1 }
    let lock = #expect(throws: ZipError.self) { try encrypted.data(encrypted.entries[1]) }
    #expect(lock?.kind == .unsupported)
    #expect(lock?.description.hasSuffix("it is encrypted") == true)
    let method = try patched(record: 1, at: 10) { ZipBytes.put16(14, &$0, $1) }
    #expect(method.entries[1].method == 14)
    #expect(throws: ZipError.self) { try method.prefix(method.entries[1], count: 10) }
  }

  @Test func `sizes past the end of the file are a truncated entry`() throws {
    let archive = try patched(record: 1, at: 20) { ZipBytes.put32(0x7FFF_0000, &$0, $1) }
    let error = #expect(throws: ZipError.self) { try archive.data(archive.entries[1]) }
    #expect(error?.kind == .truncated)
    #expect(error?.entry == "apple_health_export/eksport.xml")
  }

  @Test func `an entry that inflates past its recorded size stops at once`() throws {
    let archive = try patched(record: 1, at: 24) { ZipBytes.put32(100, &$0, $1) }
    var delivered = 0
    let error = #expect(throws: ZipError.self) {
      try archive.read(archive.entries[1], chunkSize: 64) { chunk in
        delivered += chunk.count
        return true
      }
    }
    #expect(error?.kind == .sizeMismatch)
    #expect(delivered == 64)  // the chunk that overshoots is not delivered
  }

  @Test func `a writer refuses bad names and entries after a failed one`() throws {
    struct Broken: Error {}
    let writer = try ZipWriter(path: scratch.folder.file("w.zip"))
    #expect(throws: ZipError.self) { try writer.addFile("", contents: []) }
    #expect(throws: ZipError.self) { try writer.addFile("dir/", contents: []) }
    #expect(throws: ZipError.self) { try writer.addDirectory("") }
    #expect(throws: Broken.self) { try writer.addFile("a.txt") { _ in throw Broken() } }
    let error = #expect(throws: ZipError.self) { try writer.addFile("b.txt", contents: [1]) }
    #expect(error?.kind == .io)
    let nowhere = #expect(throws: ZipError.self) {
      try ZipWriter(path: scratch.folder.file("no/such/folder.zip"))
    }
    #expect(nowhere?.kind == .io)
  }

  @Test func `archives are created with mode 0600`() throws {
    let path = try scratch.archive { try $0.addDirectory("d") }
    #expect(try TemporaryDirectory.permissions(of: path) == 0o600)
  }
}
