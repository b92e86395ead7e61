import DispatchKit
import Foundation
import Testing

/// Archives written into a temporary folder, read back, and damaged on purpose.
struct ZipScratch {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  /// Writes an archive named `name` with the entries `build` adds and returns its path.
  func archive(
    _ name: String = "test.zip", forceZip64: Bool = false, _ build: (ZipWriter) throws -> Void
  ) throws -> String {
    let path = folder.file(name)
    let writer = try ZipWriter(path: path, forceZip64: forceZip64)
    try build(writer)
    try writer.finish()
    return path
  }

  /// Writes `bytes` to a file named `name` and returns its path.
  func file(_ name: String, _ bytes: [UInt8]) throws -> String {
    let path = folder.file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The archive opened again, each entry with all of its bytes, in directory order.
  static func contents(_ path: String) throws -> [(entry: ZipEntry, bytes: [UInt8])] {
    let archive = try ZipArchive(path: path)
    return try archive.entries.map { ($0, try archive.data($0)) }
  }

  /// Opens `path` and reads every entry; the `ZipError` this throws, if any. Any other error
  /// is recorded as an issue, since the reader must throw nothing else.
  static func failure(opening path: String) -> ZipError? {
    do {
      let archive = try ZipArchive(path: path)
      for entry in archive.entries { _ = try archive.data(entry) }
      return nil
    } catch let error as ZipError {
      #expect(!error.description.isEmpty && !error.description.contains("\n"))
      return error
    } catch {
      Issue.record("not a ZipError: \(error)")
      return nil
    }
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }
}

/// Deterministic test data and raw record access.
enum ZipBytes {
  /// `count` bytes of word-salad text from a fixed seed: compressible like an XML export
  /// (about 4–6x), but not so regular that deflate collapses it.
  static func text(count: Int, seed: UInt64 = 1) -> [UInt8] {
    let words = Array(
      "Record type value unit startDate endDate source HKQuantity 0.5 12 kcal count <> \" = \n"
        .split(separator: " ").map { Array($0.utf8) + [UInt8(ascii: " ")] })
    var random = SplitMix64(seed: seed)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 16)
    while bytes.count < count {
      let draw = random.next()
      bytes += words[Int(draw % UInt64(words.count))]
      if draw >> 60 == 0 { bytes += Array(String(draw >> 40).utf8) }
    }
    return Array(bytes.prefix(count))
  }

  /// The offsets where the 4-byte little-endian `signature` occurs.
  static func offsets(of signature: UInt32, in bytes: [UInt8]) -> [Int] {
    guard bytes.count >= 4 else { return [] }
    return (0...bytes.count - 4).filter { u32(bytes, $0) == signature }
  }

  static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
    UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
  }

  static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(u16(bytes, at)) | UInt32(u16(bytes, at + 2)) << 16
  }

  static func put16(_ value: UInt16, _ bytes: inout [UInt8], _ at: Int) {
    bytes[at] = UInt8(truncatingIfNeeded: value)
    bytes[at + 1] = UInt8(truncatingIfNeeded: value >> 8)
  }

  static func put32(_ value: UInt32, _ bytes: inout [UInt8], _ at: Int) {
    put16(UInt16(truncatingIfNeeded: value), &bytes, at)
    put16(UInt16(truncatingIfNeeded: value >> 16), &bytes, at + 2)
  }

  static let local: UInt32 = 0x0403_4B50
  static let central: UInt32 = 0x0201_4B50
  static let descriptor: UInt32 = 0x0807_4B50
  static let end: UInt32 = 0x0605_4B50
  static let zip64End: UInt32 = 0x0606_4B50
  static let zip64Locator: UInt32 = 0x0706_4B50
}
