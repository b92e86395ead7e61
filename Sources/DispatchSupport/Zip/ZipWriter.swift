import CZlib

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a ``ZipWriter`` stores an entry's bytes.
public enum ZipMethod: UInt16, Sendable, Equatable {
  /// The bytes as they are (method 0).
  case stored = 0
  /// Raw deflate (method 8), which every zip reader understands.
  case deflate = 8
}

/// Writes a zip archive front to back, streaming each file's bytes through raw deflate.
///
/// Shaped like the archives Apple Health exports (docs/formats/apple-health.md#the-archive): each
/// file's CRC and sizes follow its data in a data descriptor (flag bit 3), so nothing is buffered
/// or rewritten; names are UTF-8 with flag bit 11; ZIP64 records appear when a size, offset or
/// count needs them. Every entry carries the DOS time 1980-01-01 00:00, so the same input gives the
/// same bytes. Nothing is readable until `finish()` writes the central directory.
///
/// All output goes through one 1 MiB buffer, which deflate also writes into directly.
public final class ZipWriter {
  /// The archive's path as given to `init(path:forceZip64:compressionLevel:)`.
  public let path: String
  let descriptor: Int32
  let forceZip64: Bool
  let compressionLevel: Int32
  let buffer: UnsafeMutableRawBufferPointer
  /// Bytes of `buffer` not yet written to the file.
  var buffered = 0
  /// The archive offset of the next byte, buffered bytes included.
  var position: UInt64 = 0
  var records: [Record] = []
  var state = State.open
  /// The deflate stream, created for the first deflated entry and reset for each next one.
  var deflater: UnsafeMutablePointer<z_stream>?

  /// Where the writer is in its life; misuse is a precondition, an earlier failure a throw.
  enum State {
    case open
    case writingEntry
    case failed
    case finished
  }

  /// What the central directory needs to know about an entry already written.
  struct Record {
    var name: [UInt8]
    var method: UInt16
    var flags: UInt16
    var crc: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var offset: UInt64
    var isDirectory: Bool
  }

  /// Creates (or truncates) the archive at `path` with mode 0600.
  ///
  /// `forceZip64` writes ZIP64 extra fields and end records even when nothing needs them, so
  /// tests can exercise them on small data. `compressionLevel` is zlib's 0–9 (6 by default;
  /// 1 is several times faster and a few percent larger).
  public init(path: String, forceZip64: Bool = false, compressionLevel: Int = 6) throws(ZipError) {
    precondition((0...9).contains(compressionLevel), "zlib compression levels are 0 to 9")
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw ZipError(.io, path: path, detail: "cannot create (\(ZipArchive.systemMessage()))")
    }
    self.path = path
    self.descriptor = descriptor
    self.forceZip64 = forceZip64
    self.compressionLevel = Int32(compressionLevel)
    self.buffer = .allocate(byteCount: 1 << 20, alignment: 16)
  }

  deinit {
    if state != .finished { close(descriptor) }
    if let deflater {
      deflateEnd(deflater)
      deflater.deinitialize(count: 1)
      deflater.deallocate()
    }
    buffer.deallocate()
  }

  /// Adds the folder `path` (a `/` is appended when missing); readers list it, it has no bytes.
  public func addDirectory(_ path: String) throws {
    let name = try entryName(path.isEmpty || path.hasSuffix("/") ? path : path + "/")
    try begin()
    do {
      let offset = position
      try append(localHeader(name, method: .stored, flags: 0x0800, zip64: false))
      records.append(
        Record(
          name: name, method: 0, flags: 0x0800, crc: 0, compressedSize: 0, uncompressedSize: 0,
          offset: offset, isDirectory: true))
      state = .open
    } catch {
      state = .failed
      throw error
    }
  }

  /// Adds the file `path` holding `contents`.
  public func addFile(_ path: String, method: ZipMethod = .deflate, contents: [UInt8]) throws {
    try addFile(path, method: method) { sink in
      try contents.withUnsafeBytes { try sink($0) }
    }
  }

  /// Adds the file `path` whose bytes `write` feeds, in chunks of any size, to the sink it is
  /// given; each chunk is compressed as it arrives, so memory does not grow with the file.
  ///
  /// If `write` or the file system fails, the error is rethrown and the writer refuses any
  /// further entry: the archive on disk is incomplete.
  public func addFile(
    _ path: String, method: ZipMethod = .deflate,
    write: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
  ) throws {
    let name = try entryName(path)
    guard name.last != UInt8(ascii: "/") else {
      throw ZipError(
        .unsupported, path: self.path, entry: path, detail: "a file name cannot end in '/'")
    }
    try begin()
    do {
      let offset = position
      try append(localHeader(name, method: method, flags: 0x0808, zip64: forceZip64))
      if method == .deflate { try startDeflate(entry: path) }
      let start = position
      var crc = CZlib.crc32(0, nil, 0)
      var size: UInt64 = 0
      try write { chunk in
        guard let base = chunk.baseAddress else { return }
        var done = 0
        while done < chunk.count {
          // zlib counts in 32-bit uInt, so a huge chunk goes in slices.
          let count = min(chunk.count - done, 1 << 30)
          crc = CZlib.crc32(crc, (base + done).assumingMemoryBound(to: Bytef.self), uInt(count))
          size += UInt64(count)
          switch method {
          case .stored: try appendBytes(base + done, count: count)
          case .deflate: try deflate(base + done, count: count, flush: Z_NO_FLUSH, entry: path)
          }
          done += count
        }
      }
      if method == .deflate { try deflate(nil, count: 0, flush: Z_FINISH, entry: path) }
      let record = Record(
        name: name, method: method.rawValue, flags: 0x0808, crc: UInt32(truncatingIfNeeded: crc),
        compressedSize: position - start, uncompressedSize: size, offset: offset,
        isDirectory: false)
      try append(dataDescriptor(record))
      records.append(record)
      state = .open
    } catch {
      state = .failed
      throw error
    }
  }

  /// Writes the central directory and end records, then closes the file.
  public func finish() throws {
    precondition(state != .writingEntry, "finish() called while an entry is being written")
    precondition(state != .finished, "finish() called twice")
    try begin()
    do {
      let directoryOffset = position
      for record in records {
        try append(centralHeader(record))
      }
      try append(
        endRecords(
          count: UInt64(records.count), directorySize: position - directoryOffset,
          directoryOffset: directoryOffset))
      try flush()
      state = .finished
      guard close(descriptor) == 0 else {
        throw ZipError(.io, path: path, detail: "cannot close (\(ZipArchive.systemMessage()))")
      }
    } catch {
      if state != .finished { state = .failed }
      throw error
    }
  }

  /// Moves to `writingEntry`, refusing when an earlier entry failed.
  private func begin() throws(ZipError) {
    precondition(state != .writingEntry, "an entry was added from inside another's write")
    precondition(state != .finished, "an entry was added after finish()")
    guard state == .open else {
      throw ZipError(.io, path: path, detail: "an earlier error left the archive incomplete")
    }
    state = .writingEntry
  }

  /// The UTF-8 bytes of `path`, which must fit the 16-bit name length.
  private func entryName(_ name: String) throws(ZipError) -> [UInt8] {
    let bytes = Array(name.utf8)
    guard !bytes.isEmpty, bytes.count <= 0xFFFF else {
      throw ZipError(
        .unsupported, path: path, entry: name,
        detail: "names must be 1 to '65535' bytes, this one has '\(bytes.count)'")
    }
    return bytes
  }
}

@available(*, unavailable, message: "a zip writer is used from one thread at a time")
extension ZipWriter: Sendable {}

extension ZipWriter {
  /// DOS date 1980-01-01 (years since 1980 << 9 | month << 5 | day); the time is 00:00.
  private static let dosDate: UInt16 = 0x0021
  /// Made by Unix (3) so the external attributes carry permission bits; format version 4.5.
  private static let versionMadeBy: UInt16 = 0x032D

  /// The local file header; sizes and CRC are left at zero because a data descriptor follows
  /// (APPNOTE 4.4.4). With `zip64` the sizes read 0xFFFFFFFF and a ZIP64 extra field of zeros
  /// says the descriptor's sizes are 8 bytes each (APPNOTE 4.3.9.2).
  func localHeader(_ name: [UInt8], method: ZipMethod, flags: UInt16, zip64: Bool) -> [UInt8] {
    var bytes = ZipRecordBytes()
    bytes.u32(0x0403_4B50)
    // Version needed, flags, method, DOS time and date.
    bytes.u16(zip64 ? 45 : 20, flags, method.rawValue, 0, Self.dosDate)
    // CRC-32, compressed and uncompressed size.
    bytes.u32(0, zip64 ? 0xFFFF_FFFF : 0, zip64 ? 0xFFFF_FFFF : 0)
    bytes.u16(UInt16(name.count), zip64 ? 20 : 0)
    bytes.append(name)
    if zip64 {
      bytes.u16(0x0001, 16)
      bytes.u64(0, 0)
    }
    return bytes.bytes
  }

  /// The data descriptor after a file's bytes. Its sizes are 8 bytes when the local header
  /// announced ZIP64 or, as Go's and Java's writers do, when they do not fit in 4: a streaming
  /// writer cannot know in advance, and readers take sizes from the central directory.
  func dataDescriptor(_ record: Record) -> [UInt8] {
    var bytes = ZipRecordBytes()
    bytes.u32(0x0807_4B50, record.crc)
    if forceZip64 || record.compressedSize >= 0xFFFF_FFFF || record.uncompressedSize >= 0xFFFF_FFFF
    {
      bytes.u64(record.compressedSize, record.uncompressedSize)
    } else {
      bytes.u32(UInt32(record.compressedSize), UInt32(record.uncompressedSize))
    }
    return bytes.bytes
  }

  /// The central directory record; a value that does not fit in 32 bits (or every one, with
  /// `forceZip64`) reads 0xFFFFFFFF and moves to the ZIP64 extra field, in the spec's order.
  func centralHeader(_ record: Record) -> [UInt8] {
    let wide = (
      uncompressed: forceZip64 || record.uncompressedSize >= 0xFFFF_FFFF,
      compressed: forceZip64 || record.compressedSize >= 0xFFFF_FFFF,
      offset: forceZip64 || record.offset >= 0xFFFF_FFFF
    )
    var extra = ZipRecordBytes()
    if wide.uncompressed { extra.u64(record.uncompressedSize) }
    if wide.compressed { extra.u64(record.compressedSize) }
    if wide.offset { extra.u64(record.offset) }
    let zip64 = !extra.bytes.isEmpty
    var bytes = ZipRecordBytes()
    bytes.u32(0x0201_4B50)
    // Made by, version needed, flags, method, DOS time and date.
    bytes.u16(Self.versionMadeBy, zip64 ? 45 : 20, record.flags, record.method, 0, Self.dosDate)
    bytes.u32(
      record.crc, wide.compressed ? 0xFFFF_FFFF : UInt32(record.compressedSize),
      wide.uncompressed ? 0xFFFF_FFFF : UInt32(record.uncompressedSize))
    // Name, extra and comment lengths, start disk, internal attributes.
    bytes.u16(UInt16(record.name.count), zip64 ? UInt16(4 + extra.bytes.count) : 0, 0, 0, 0)
    // Unix mode in the high half: drwxr-xr-x plus the MS-DOS folder bit, or -rw-r--r--.
    bytes.u32(
      record.isDirectory ? 0o40755 << 16 | 0x10 : 0o100644 << 16,
      wide.offset ? 0xFFFF_FFFF : UInt32(record.offset))
    bytes.append(record.name)
    if zip64 {
      bytes.u16(0x0001, UInt16(extra.bytes.count))
      bytes.append(extra.bytes)
    }
    return bytes.bytes
  }

  /// The ZIP64 end record and locator when needed, then the classic end record, whose
  /// overflowing fields read 0xFFFF / 0xFFFFFFFF (APPNOTE 4.4.1.4).
  func endRecords(count: UInt64, directorySize: UInt64, directoryOffset: UInt64) -> [UInt8] {
    let zip64 =
      forceZip64 || count >= 0xFFFF || directorySize >= 0xFFFF_FFFF
      || directoryOffset >= 0xFFFF_FFFF
    var bytes = ZipRecordBytes()
    if zip64 {
      // ZIP64 end record: signature, size of the rest, versions, disks, counts, directory.
      bytes.u32(0x0606_4B50)
      bytes.u64(44)
      bytes.u16(Self.versionMadeBy, 45)
      bytes.u32(0, 0)
      bytes.u64(count, count, directorySize, directoryOffset)
      // Locator: signature, disk of the end record, its offset, total disks.
      bytes.u32(0x0706_4B50, 0)
      bytes.u64(directoryOffset + directorySize)
      bytes.u32(1)
    }
    let shortCount: UInt16 = forceZip64 || count >= 0xFFFF ? 0xFFFF : UInt16(count)
    bytes.u32(0x0605_4B50)
    // Disk numbers, entries on this disk and in total.
    bytes.u16(0, 0, shortCount, shortCount)
    bytes.u32(
      forceZip64 || directorySize >= 0xFFFF_FFFF ? 0xFFFF_FFFF : UInt32(directorySize),
      forceZip64 || directoryOffset >= 0xFFFF_FFFF ? 0xFFFF_FFFF : UInt32(directoryOffset))
    // Comment length.
    bytes.u16(0)
    return bytes.bytes
  }

  /// Prepares the deflate stream for a new entry: created once, reset afterwards.
  func startDeflate(entry: String) throws(ZipError) {
    if let deflater {
      guard deflateReset(deflater) == Z_OK else {
        throw ZipError(.io, path: path, entry: entry, detail: "zlib cannot reset deflate")
      }
      return
    }
    // On the heap: zlib keeps a pointer back to the stream and rejects a moved one.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    guard czlib_deflate_init_raw(stream, compressionLevel) == Z_OK else {
      stream.deinitialize(count: 1)
      stream.deallocate()
      throw ZipError(.io, path: path, entry: entry, detail: "zlib cannot start deflating")
    }
    deflater = stream
  }

  /// Deflates `count` bytes at `input` straight into the output buffer, flushing it to the
  /// file whenever it fills; `Z_FINISH` (with no input) ends the entry's stream.
  func deflate(
    _ input: UnsafeRawPointer?, count: Int, flush mode: Int32, entry: String
  ) throws(ZipError) {
    guard let stream = deflater, let output = buffer.baseAddress else { return }
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: input?.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(count)
    while true {
      if buffered == buffer.count { try flush() }
      let room = buffer.count - buffered
      stream.pointee.next_out = (output + buffered).assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = uInt(room)
      let status = CZlib.deflate(stream, mode)
      let produced = room - Int(stream.pointee.avail_out)
      buffered += produced
      position += UInt64(produced)
      if status == Z_STREAM_END { return }
      guard status == Z_OK || (status == Z_BUF_ERROR && produced > 0) else {
        throw ZipError(.io, path: path, entry: entry, detail: "zlib deflate failed ('\(status)')")
      }
      if mode == Z_NO_FLUSH, stream.pointee.avail_in == 0, stream.pointee.avail_out > 0 { return }
    }
  }

  /// Buffers `bytes` for the file.
  func append(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { raw in
      guard let base = raw.baseAddress else { return }
      try appendBytes(base, count: raw.count)
    }
  }

  /// Buffers `count` bytes at `base`, writing a chunk larger than the buffer straight through.
  func appendBytes(_ base: UnsafeRawPointer, count: Int) throws(ZipError) {
    guard let output = buffer.baseAddress else { return }
    if count > buffer.count - buffered {
      try flush()
      if count >= buffer.count {
        try writeAll(base, count: count)
        position += UInt64(count)
        return
      }
    }
    (output + buffered).copyMemory(from: base, byteCount: count)
    buffered += count
    position += UInt64(count)
  }

  /// Writes the buffered bytes to the file.
  func flush() throws(ZipError) {
    guard buffered > 0, let output = buffer.baseAddress else { return }
    try writeAll(output, count: buffered)
    buffered = 0
  }

  private func writeAll(_ base: UnsafeRawPointer, count: Int) throws(ZipError) {
    var done = 0
    while done < count {
      let written = write(descriptor, base + done, count - done)
      if written < 0 {
        if errno == EINTR { continue }
        throw ZipError(.io, path: path, detail: "cannot write (\(ZipArchive.systemMessage()))")
      }
      done += written
    }
  }
}

/// A little-endian record under construction.
struct ZipRecordBytes {
  var bytes: [UInt8] = []

  mutating func u16(_ values: UInt16...) {
    for value in values { put(UInt64(value), width: 2) }
  }

  mutating func u32(_ values: UInt32...) {
    for value in values { put(UInt64(value), width: 4) }
  }

  mutating func u64(_ values: UInt64...) {
    for value in values { put(value, width: 8) }
  }

  mutating func append(_ more: [UInt8]) {
    bytes.append(contentsOf: more)
  }

  private mutating func put(_ value: UInt64, width: Int) {
    for index in 0..<width {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(8 * index)))
    }
  }
}
