import CZlib

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ZipArchive {
  /// Streams the uncompressed bytes of `entry` to `body` in chunks of at most `chunkSize`.
  ///
  /// Memory stays at one input and one output buffer whatever the entry's size: each chunk is
  /// a view of the reused output buffer, valid only during the call, so `body` copies what it
  /// keeps. Chunks are full except the last. `body` returns false to stop early, in which case
  /// the CRC is not checked; its errors are rethrown as they are.
  ///
  /// Sizes come from the central directory: the local header is read only to skip its name
  /// and extra field, since data-descriptor writers leave its sizes at zero. After the last
  /// chunk the byte count and CRC-32 are checked against the directory record; output past the
  /// recorded size stops the read at once, so a lying record cannot inflate without bound.
  /// Throws ``ZipError`` for encrypted entries, methods other than stored (0) and deflate (8),
  /// a file that ends inside the entry, corrupt deflate data, and a size or CRC mismatch.
  public func read(
    _ entry: ZipEntry, chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Bool
  ) throws {
    precondition(chunkSize > 0, "chunk size must be positive")
    let start = try dataOffset(of: entry)
    // zlib counts in 32-bit `uInt`; a gigabyte per chunk is more than any caller needs.
    let chunk = UInt64(min(chunkSize, 1 << 30))
    let output = UnsafeMutableRawBufferPointer.allocate(
      byteCount: Int(min(chunk, max(entry.uncompressedSize, 1))), alignment: 16)
    defer { output.deallocate() }
    var check = Check(entry: entry, archive: self)
    func deliver(_ count: Int) throws -> Bool {
      let bytes = UnsafeRawBufferPointer(rebasing: output[0..<count])
      try check.add(bytes)
      return try body(bytes)
    }
    let complete: Bool
    if entry.method == 0 {
      complete = try copyStored(entry, from: start, into: output, deliver)
    } else {
      // Deflate shrinks 8–30x on Health exports, so 1 MiB of input lasts many chunks.
      let inputSize = min(max(chunk, 1 << 16), 1 << 20, max(entry.compressedSize, 1))
      let input = UnsafeMutableRawBufferPointer.allocate(
        byteCount: Int(inputSize), alignment: 16)
      defer { input.deallocate() }
      complete = try inflate(entry, from: start, input: input, output: output, deliver)
    }
    if complete { try check.finish() }
  }

  /// The first `count` uncompressed bytes of `entry` (fewer when it is shorter), read without
  /// inflating the rest: enough to sniff which `.xml` is the HealthData file.
  public func prefix(_ entry: ZipEntry, count: Int) throws -> [UInt8] {
    precondition(count >= 0, "prefix length must not be negative")
    guard count > 0 else { return [] }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(min(UInt64(count), entry.uncompressedSize)))
    try read(entry, chunkSize: min(count, 1 << 20)) { chunk in
      bytes.append(contentsOf: chunk.prefix(count - bytes.count))
      return bytes.count < count
    }
    return bytes
  }

  /// All uncompressed bytes of `entry`, CRC-checked; for small entries, since it holds them
  /// all in memory.
  public func data(_ entry: ZipEntry) throws -> [UInt8] {
    var bytes: [UInt8] = []
    // The recorded size is a hint only: a damaged record must not reserve gigabytes.
    bytes.reserveCapacity(Int(min(entry.uncompressedSize, 1 << 24)))
    try read(entry) { chunk in
      bytes.append(contentsOf: chunk)
      return true
    }
    return bytes
  }

  /// Where `entry`'s data starts, after checking that it can be read and fits in the file.
  private func dataOffset(of entry: ZipEntry) throws(ZipError) -> UInt64 {
    guard entry.flags & 0x0001 == 0 else {
      throw ZipError(.unsupported, path: path, entry: entry.path, detail: "it is encrypted")
    }
    guard entry.method == 0 || entry.method == 8 else {
      throw ZipError(
        .unsupported, path: path, entry: entry.path,
        detail: "compression method '\(entry.method)' (only stored '0' and deflate '8' are read)")
    }
    let offset = entry.localHeaderOffset
    guard offset <= fileSize, fileSize - offset >= 30 else {
      throw ZipError(.truncated, path: path, entry: entry.path)
    }
    let header = ZipFields(try Self.bytes(descriptor, path: path, count: 30, at: offset))
    guard header.bytes.count == 30 else {
      throw ZipError(.truncated, path: path, entry: entry.path)
    }
    guard header.u32(0) == 0x0403_4B50 else {
      throw ZipError(
        .corrupt, path: path, entry: entry.path, detail: "no local header at offset '\(offset)'")
    }
    let start = offset + 30 + UInt64(header.u16(26)) + UInt64(header.u16(28))
    guard start <= fileSize, entry.compressedSize <= fileSize - start else {
      throw ZipError(.truncated, path: path, entry: entry.path)
    }
    return start
  }

  /// Copies a stored entry through `output`; false when `deliver` asked to stop.
  private func copyStored(
    _ entry: ZipEntry, from start: UInt64, into output: UnsafeMutableRawBufferPointer,
    _ deliver: (Int) throws -> Bool
  ) throws -> Bool {
    guard let base = output.baseAddress else { return true }
    var offset = start
    var remaining = entry.compressedSize
    while remaining > 0 {
      let count = Int(min(UInt64(output.count), remaining))
      try fill(base, count: count, at: offset, entry: entry)
      guard try deliver(count) else { return false }
      offset += UInt64(count)
      remaining -= UInt64(count)
    }
    return true
  }

  /// Inflates a raw-deflate entry, filling `output` completely before each delivery so the
  /// caller sees full chunks; false when `deliver` asked to stop.
  private func inflate(
    _ entry: ZipEntry, from start: UInt64, input: UnsafeMutableRawBufferPointer,
    output: UnsafeMutableRawBufferPointer, _ deliver: (Int) throws -> Bool
  ) throws -> Bool {
    guard let inputBase = input.baseAddress, let outputBase = output.baseAddress else {
      return true
    }
    // On the heap: zlib keeps a pointer back to the stream and rejects a moved one.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer {
      stream.deinitialize(count: 1)
      stream.deallocate()
    }
    guard czlib_inflate_init_raw(stream) == Z_OK else {
      throw ZipError(.io, path: path, entry: entry.path, detail: "zlib cannot start inflating")
    }
    defer { inflateEnd(stream) }
    var offset = start
    var remaining = entry.compressedSize
    var ended = false
    while !ended {
      stream.pointee.next_out = outputBase.assumingMemoryBound(to: Bytef.self)
      stream.pointee.avail_out = uInt(output.count)
      while stream.pointee.avail_out > 0 {
        if stream.pointee.avail_in == 0, remaining > 0 {
          let count = Int(min(UInt64(input.count), remaining))
          try fill(inputBase, count: count, at: offset, entry: entry)
          stream.pointee.next_in = inputBase.assumingMemoryBound(to: Bytef.self)
          stream.pointee.avail_in = uInt(count)
          offset += UInt64(count)
          remaining -= UInt64(count)
        }
        let status = CZlib.inflate(stream, Z_NO_FLUSH)
        if status == Z_STREAM_END {
          ended = true
          break
        }
        guard status == Z_OK else {
          let reason = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error '\(status)'"
          let ranDry = status == Z_BUF_ERROR && remaining == 0 && stream.pointee.avail_in == 0
          throw ZipError(
            .corrupt, path: path, entry: entry.path,
            detail: ranDry ? "the deflate stream ends before its final block" : reason)
        }
      }
      let produced = output.count - Int(stream.pointee.avail_out)
      if produced > 0 {
        guard try deliver(produced) else { return false }
      }
    }
    return true
  }

  /// Reads exactly `count` bytes of `entry` at `offset` into `buffer`.
  private func fill(
    _ buffer: UnsafeMutableRawPointer, count: Int, at offset: UInt64, entry: ZipEntry
  ) throws(ZipError) {
    guard let got = Self.fill(descriptor, buffer, count: count, at: offset) else {
      throw ZipError(
        .io, path: path, entry: entry.path, detail: "cannot read (\(Self.systemMessage()))")
    }
    guard got == count else { throw ZipError(.truncated, path: path, entry: entry.path) }
  }

  /// The running CRC-32 and byte count of a read, compared with the directory at the end.
  private struct Check {
    let entry: ZipEntry
    let path: String
    var crc = CZlib.crc32(0, nil, 0)
    var count: UInt64 = 0

    init(entry: ZipEntry, archive: ZipArchive) {
      self.entry = entry
      self.path = archive.path
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) throws(ZipError) {
      count += UInt64(bytes.count)
      guard count <= entry.uncompressedSize else {
        throw ZipError(
          .sizeMismatch, path: path, entry: entry.path,
          detail: "it holds more than the recorded '\(entry.uncompressedSize)' bytes")
      }
      crc = CZlib.crc32(
        crc, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
    }

    func finish() throws(ZipError) {
      guard count == entry.uncompressedSize else {
        throw ZipError(
          .sizeMismatch, path: path, entry: entry.path,
          detail: "it holds '\(count)' bytes, the directory records '\(entry.uncompressedSize)'")
      }
      let actual = UInt32(truncatingIfNeeded: crc)
      guard actual == entry.crc32 else {
        throw ZipError(
          .crcMismatch, path: path, entry: entry.path,
          detail: "recorded '\(Self.hex(entry.crc32))', computed '\(Self.hex(actual))'")
      }
    }

    private static func hex(_ value: UInt32) -> String {
      let digits = String(value, radix: 16)
      return String(repeating: "0", count: 8 - digits.count) + digits
    }
  }
}

extension ZipArchive {
  /// Up to `count` bytes at `offset`: fewer when the file ends first.
  static func bytes(
    _ descriptor: Int32, path: String, count: UInt64, at offset: UInt64
  ) throws(ZipError) -> [UInt8] {
    guard count > 0 else { return [] }
    guard let length = Int(exactly: count) else {
      throw ZipError(.corrupt, path: path, detail: "a record claims '\(count)' bytes")
    }
    var failed = false
    let bytes = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
      guard let base = buffer.baseAddress,
        let got = fill(descriptor, base, count: buffer.count, at: offset)
      else {
        failed = true
        initialized = 0
        return
      }
      initialized = got
    }
    guard !failed else {
      throw ZipError(.io, path: path, detail: "cannot read (\(systemMessage()))")
    }
    return bytes
  }

  /// Fills `buffer` with up to `count` bytes from `offset`, retrying short reads and EINTR;
  /// returns how many bytes the file had there, or nil on an I/O error (errno says which).
  static func fill(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, count: Int, at offset: UInt64
  ) -> Int? {
    var done = 0
    while done < count {
      let (position, overflow) = offset.addingReportingOverflow(UInt64(done))
      guard !overflow, position < UInt64(Int64.max) else { break }
      let got = pread(descriptor, buffer + done, count - done, off_t(position))
      if got < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if got == 0 { break }
      done += got
    }
    return done
  }

  /// The C library's text for the current errno, e.g. `No such file or directory`.
  static func systemMessage() -> String {
    String(cString: strerror(errno)).lowercased()
  }
}

/// Little-endian fields of zip records; a field past the end reads as 0, so a bounds slip in a
/// parser yields a format error instead of a trap.
struct ZipFields {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  func u16(_ at: Int) -> UInt16 {
    UInt16(truncatingIfNeeded: value(at, width: 2))
  }

  func u32(_ at: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: value(at, width: 4))
  }

  func u64(_ at: Int) -> UInt64 {
    value(at, width: 8)
  }

  private func value(_ at: Int, width: Int) -> UInt64 {
    guard at >= 0, at <= bytes.count - width else { return 0 }
    var result: UInt64 = 0
    for index in (at..<at + width).reversed() {
      result = result << 8 | UInt64(bytes[index])
    }
    return result
  }
}
