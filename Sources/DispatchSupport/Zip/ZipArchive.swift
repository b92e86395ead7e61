import CZlib

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A zip archive opened for reading: its central directory, and its entries' bytes on demand.
///
/// Apple Health's `export.zip` (docs/formats/apple-health.md#the-archive) is read through this: the
/// listing comes from the central directory, ZIP64-aware, because local headers written with data
/// descriptors carry no sizes; entries are streamed (see `read(_:chunkSize:_:)`), never extracted
/// to disk.
///
/// The archive keeps its file open until it is released.
public final class ZipArchive: @unchecked Sendable {
  // @unchecked: every stored property is immutable after init, and reads use pread, whose
  // explicit offsets leave no shared file position between threads.

  /// The archive's path as given to `init(path:)`.
  public let path: String
  /// The entries in central directory order, directories included.
  public let entries: [ZipEntry]
  /// The open file, closed in deinit.
  let descriptor: Int32
  /// The file's length when it was opened; every offset and size is checked against it.
  let fileSize: UInt64
  /// The index in `entries` of the first entry with each name.
  private let indexByName: [String: Int]

  /// Opens the archive at `path` and reads its central directory.
  ///
  /// Throws `notAZip` when no end of central directory record is found in the last
  /// 65,557 bytes (the record plus the longest comment), and `truncated`, `corrupt` or
  /// `unsupported` when the records are damaged or describe a multi-disk archive.
  public init(path: String) throws(ZipError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ZipError(.io, path: path, detail: "cannot open (\(Self.systemMessage()))")
    }
    let size: UInt64
    let entries: [ZipEntry]
    do throws(ZipError) {
      var info = stat()
      guard fstat(descriptor, &info) == 0 else {
        throw ZipError(.io, path: path, detail: "cannot stat (\(Self.systemMessage()))")
      }
      size = UInt64(max(0, info.st_size))
      let directory = try Self.locateDirectory(descriptor, path: path, fileSize: size)
      let bytes = try Self.bytes(
        descriptor, path: path, count: directory.size, at: directory.offset)
      guard UInt64(bytes.count) == directory.size else {
        throw ZipError(.truncated, path: path, detail: "the central directory is cut short")
      }
      entries = try Self.parseDirectory(bytes, count: directory.count, path: path)
    } catch {
      close(descriptor)
      throw error
    }
    self.path = path
    self.descriptor = descriptor
    self.fileSize = size
    self.entries = entries
    var index: [String: Int] = [:]
    for (position, entry) in entries.enumerated() where index[entry.path] == nil {
      index[entry.path] = position
    }
    self.indexByName = index
  }

  deinit {
    close(descriptor)
  }

  /// The first entry whose path is `name` exactly (`apple_health_export/export.xml`), if any.
  public func entry(named name: String) -> ZipEntry? {
    indexByName[name].map { entries[$0] }
  }

  /// Where the central directory is and how many records it holds.
  struct Directory {
    var offset: UInt64
    var size: UInt64
    var count: UInt64
  }
}

/// One file or folder in a zip archive, as its central directory record describes it.
public struct ZipEntry: Sendable, Equatable {
  /// The entry's path inside the archive, `/`-separated; folders end in `/`.
  public let path: String
  /// The compression method: 0 stored, 8 deflate; others are listed but cannot be read.
  public let method: UInt16
  /// The bytes the entry occupies in the archive (after its local header).
  public let compressedSize: UInt64
  /// The bytes reading the entry yields.
  public let uncompressedSize: UInt64
  /// The CRC-32 of the uncompressed bytes, checked at the end of every full read.
  public let crc32: UInt32
  /// Whether the entry is a folder (its path ends in `/`).
  public var isDirectory: Bool { path.hasSuffix("/") }
  /// Where the entry's local header starts in the file.
  let localHeaderOffset: UInt64
  /// The general-purpose flags: bit 0 encrypted, bit 3 data descriptor, bit 11 UTF-8 name.
  let flags: UInt16

  init(
    path: String, method: UInt16, compressedSize: UInt64, uncompressedSize: UInt64,
    crc32: UInt32, localHeaderOffset: UInt64, flags: UInt16
  ) {
    self.path = path
    self.method = method
    self.compressedSize = compressedSize
    self.uncompressedSize = uncompressedSize
    self.crc32 = crc32
    self.localHeaderOffset = localHeaderOffset
    self.flags = flags
  }
}

extension ZipArchive {
  private static let endSignature: UInt32 = 0x0605_4B50
  private static let zip64EndSignature: UInt32 = 0x0606_4B50
  private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
  private static let centralSignature: UInt32 = 0x0201_4B50

  /// Finds the end of central directory record by scanning backwards (a comment of up to
  /// 65,535 bytes may follow it), then the ZIP64 end record through its locator when present.
  static func locateDirectory(
    _ descriptor: Int32, path: String, fileSize: UInt64
  ) throws(ZipError) -> Directory {
    let tailLength = min(fileSize, 65_535 + 22)
    let tailStart = fileSize - tailLength
    let tail = ZipFields(try bytes(descriptor, path: path, count: tailLength, at: tailStart))
    // The record whose comment ends exactly at the end of the file wins, which rules out
    // signatures that appear by chance in compressed data or in the comment itself; failing
    // that (bytes appended after the archive), the last record whose comment fits.
    var position = -1
    var candidate = tail.bytes.count - 22
    while candidate >= 0 {
      if tail.u32(candidate) == endSignature {
        let end = candidate + 22 + Int(tail.u16(candidate + 20))
        if end == tail.bytes.count {
          position = candidate
          break
        }
        if end < tail.bytes.count, position < 0 { position = candidate }
      }
      candidate -= 1
    }
    guard position >= 0 else {
      throw ZipError(.notAZip, path: path, detail: "no end of central directory record")
    }
    let endOffset = tailStart + UInt64(position)
    var disks = (UInt32(tail.u16(position + 4)), UInt32(tail.u16(position + 6)))
    var directory = Directory(
      offset: UInt64(tail.u32(position + 16)), size: UInt64(tail.u32(position + 12)),
      count: UInt64(tail.u16(position + 10)))
    var directoryEnd = endOffset
    var locator = ZipFields([])
    if endOffset >= 20 {
      locator = ZipFields(try bytes(descriptor, path: path, count: 20, at: endOffset - 20))
    }
    if locator.bytes.count == 20, locator.u32(0) == zip64LocatorSignature {
      let recordOffset = locator.u64(8)
      guard recordOffset <= endOffset - 20, endOffset - 20 - recordOffset >= 56 else {
        throw ZipError(
          .corrupt, path: path, detail: "the zip64 end record offset '\(recordOffset)' is invalid")
      }
      let record = ZipFields(try bytes(descriptor, path: path, count: 56, at: recordOffset))
      guard record.u32(0) == zip64EndSignature else {
        throw ZipError(
          .corrupt, path: path, detail: "no zip64 end record at offset '\(recordOffset)'")
      }
      disks = (record.u32(16), record.u32(20))
      directory = Directory(offset: record.u64(48), size: record.u64(40), count: record.u64(32))
      directoryEnd = recordOffset
    } else if directory.offset == 0xFFFF_FFFF || directory.size == 0xFFFF_FFFF {
      // A count of 0xFFFF alone can be real (65,535 entries); an offset or size of
      // 0xFFFFFFFF only means "see the zip64 record", which is missing.
      throw ZipError(.corrupt, path: path, detail: "the zip64 end record locator is missing")
    }
    guard disks == (0, 0) else {
      throw ZipError(.unsupported, path: path, detail: "it is split over several disks")
    }
    guard directory.offset <= directoryEnd, directory.size <= directoryEnd - directory.offset
    else {
      throw ZipError(
        .truncated, path: path,
        detail: "the central directory at offset '\(directory.offset)' of '\(directory.size)' "
          + "bytes does not end before its end record at '\(directoryEnd)'")
    }
    guard directory.count <= directory.size / 46 else {
      throw ZipError(
        .corrupt, path: path,
        detail: "'\(directory.count)' entries cannot fit in '\(directory.size)' bytes")
    }
    return directory
  }

  /// The entries of the central directory `bytes`, which must hold `count` records.
  static func parseDirectory(
    _ bytes: [UInt8], count: UInt64, path: String
  ) throws(ZipError) -> [ZipEntry] {
    let fields = ZipFields(bytes)
    var entries: [ZipEntry] = []
    entries.reserveCapacity(Int(count))
    var at = 0
    for number in 0..<count {
      guard at <= bytes.count - 46, fields.u32(at) == centralSignature else {
        throw ZipError(
          .corrupt, path: path, detail: "central directory record '\(number + 1)' is missing")
      }
      let nameLength = Int(fields.u16(at + 28))
      let extraLength = Int(fields.u16(at + 30))
      let end = at + 46 + nameLength + extraLength + Int(fields.u16(at + 32))
      guard end <= bytes.count else {
        throw ZipError(
          .corrupt, path: path, detail: "central directory record '\(number + 1)' is cut short")
      }
      let flags = fields.u16(at + 8)
      let raw = bytes[at + 46..<at + 46 + nameLength]
      let extra = bytes[at + 46 + nameLength..<at + 46 + nameLength + extraLength]
      let name = decodeName(raw, isUTF8: flags & 0x0800 != 0, extra: extra)
      var sizes = (
        compressed: UInt64(fields.u32(at + 20)), uncompressed: UInt64(fields.u32(at + 24)),
        offset: UInt64(fields.u32(at + 42))
      )
      if sizes.compressed == 0xFFFF_FFFF || sizes.uncompressed == 0xFFFF_FFFF
        || sizes.offset == 0xFFFF_FFFF
      {
        // APPNOTE 4.5.3: only the fields whose 32-bit value is 0xFFFFFFFF are present, in
        // the order uncompressed size, compressed size, local header offset.
        var values = ZipFields(Array(extraField(0x0001, in: extra) ?? []))
        func next(_ value: inout UInt64) throws(ZipError) {
          guard value == 0xFFFF_FFFF else { return }
          guard values.bytes.count >= 8 else {
            throw ZipError(
              .corrupt, path: path, entry: name, detail: "the zip64 extra field is missing")
          }
          value = values.u64(0)
          values = ZipFields(Array(values.bytes.dropFirst(8)))
        }
        try next(&sizes.uncompressed)
        try next(&sizes.compressed)
        try next(&sizes.offset)
      }
      entries.append(
        ZipEntry(
          path: name, method: fields.u16(at + 10), compressedSize: sizes.compressed,
          uncompressedSize: sizes.uncompressed, crc32: fields.u32(at + 16),
          localHeaderOffset: sizes.offset, flags: flags))
      at = end
    }
    return entries
  }

  /// The data of the first extra field with `tag`, or nil when absent or cut short.
  static func extraField(_ tag: UInt16, in extra: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    var at = extra.startIndex
    while extra.endIndex - at >= 4 {
      let id = UInt16(extra[at]) | UInt16(extra[at + 1]) << 8
      let size = Int(extra[at + 2]) | Int(extra[at + 3]) << 8
      guard extra.endIndex - (at + 4) >= size else { return nil }
      if id == tag { return extra[at + 4..<at + 4 + size] }
      at += 4 + size
    }
    return nil
  }

  /// A name as UTF-8 when flag bit 11 says so (APPNOTE appendix D), else from an Info-ZIP
  /// Unicode Path field (0x7075) whose CRC matches the raw name, else as CP437, the code page
  /// zip names default to. Invalid UTF-8 falls back to CP437, which maps every byte.
  static func decodeName(_ raw: ArraySlice<UInt8>, isUTF8: Bool, extra: ArraySlice<UInt8>)
    -> String
  {
    if isUTF8, let text = String(validating: raw, as: UTF8.self) { return text }
    if let field = extraField(0x7075, in: extra), field.count > 5, field.first == 1 {
      let fields = ZipFields(Array(field))
      let crc = raw.withUnsafeBytes { buffer in
        CZlib.crc32(0, buffer.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(buffer.count))
      }
      if UInt32(truncatingIfNeeded: crc) == fields.u32(1),
        let text = String(validating: field.dropFirst(5), as: UTF8.self)
      {
        return text
      }
    }
    var scalars = String.UnicodeScalarView()
    for byte in raw {
      let code = byte < 0x80 ? UInt32(byte) : UInt32(cp437High[Int(byte) - 0x80])
      scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
    }
    return String(scalars)
  }

  /// CP437 bytes 0x80–0xFF as Unicode code points (bytes below 0x80 are ASCII).
  private static let cp437High: [UInt16] = [
    0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7,
    0x00EA, 0x00EB, 0x00E8, 0x00EF, 0x00EE, 0x00EC, 0x00C4, 0x00C5,
    0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9,
    0x00FF, 0x00D6, 0x00DC, 0x00A2, 0x00A3, 0x00A5, 0x20A7, 0x0192,
    0x00E1, 0x00ED, 0x00F3, 0x00FA, 0x00F1, 0x00D1, 0x00AA, 0x00BA,
    0x00BF, 0x2310, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB,
    0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556,
    0x2555, 0x2563, 0x2551, 0x2557, 0x255D, 0x255C, 0x255B, 0x2510,
    0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,
    0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567,
    0x2568, 0x2564, 0x2565, 0x2559, 0x2558, 0x2552, 0x2553, 0x256B,
    0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,
    0x03B1, 0x00DF, 0x0393, 0x03C0, 0x03A3, 0x03C3, 0x00B5, 0x03C4,
    0x03A6, 0x0398, 0x03A9, 0x03B4, 0x221E, 0x03C6, 0x03B5, 0x2229,
    0x2261, 0x00B1, 0x2265, 0x2264, 0x2320, 0x2321, 0x00F7, 0x2248,
    0x00B0, 0x2219, 0x00B7, 0x221A, 0x207F, 0x00B2, 0x25A0, 0x00A0,
  ]
}
