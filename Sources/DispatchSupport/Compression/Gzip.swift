import CZlib

/// Why gzip data could not be read.
public enum GzipError: Error, Equatable, CustomStringConvertible {
  /// The data does not start with a gzip header.
  case notGzip
  /// The data ends before the stream or its trailer does: a file still being written or
  /// copied.
  case truncated
  /// The deflate stream is damaged.
  case corrupt(String)
  /// The data inflated, but its CRC-32 or length differs from the trailer's.
  case checksumMismatch
  /// The data would inflate past the reader's limit.
  case tooLarge(limit: Int)
  /// Bytes follow the trailer.
  case trailingData

  public var description: String {
    switch self {
    case .notGzip: return "not gzip data"
    case .truncated: return "the gzip data ends early (truncated)"
    case .corrupt(let detail): return "the gzip data is damaged (\(detail))"
    case .checksumMismatch: return "the gzip data fails its checksum"
    case .tooLarge(let limit): return "the gzip data inflates past \(limit) bytes"
    case .trailingData: return "bytes follow the gzip data"
    }
  }
}

/// gzip (RFC 1952) in memory, over zlib's raw deflate: one member with a fixed header (no
/// name, no time, so the same bytes compress to the same file), and a reader that checks the
/// trailer's CRC-32 and length, so a truncated or damaged file is told apart from a whole one.
public enum Gzip {
  /// `bytes` as one gzip member at `level` (1–9).
  public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
    var stream = z_stream()
    guard czlib_deflate_init_raw(&stream, level) == Z_OK else {
      preconditionFailure("zlib could not start deflate")
    }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(bytes.count)))
    var output = [UInt8](repeating: 0, count: bound)
    var input = bytes
    let written = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        let code = deflate(&stream, Z_FINISH)
        precondition(code == Z_STREAM_END, "deflate into its own bound must finish")
        return target.count - Int(stream.avail_out)
      }
    }
    // ID1 ID2, CM = deflate, no flags, no time, no extra flags, OS unknown.
    var file: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]
    file.reserveCapacity(10 + written + 8)
    file += output[0..<written]
    file += littleEndian(crc(bytes)) + littleEndian(UInt32(truncatingIfNeeded: bytes.count))
    return file
  }

  /// The bytes of a gzip file of one member.
  ///
  /// - Parameter limit: the most bytes it may inflate to (a guard against a small file that
  ///   inflates to gigabytes).
  public static func decompress(_ data: [UInt8], limit: Int = 256 << 20) throws(GzipError)
    -> [UInt8]
  {
    let start = try bodyStart(data)
    var stream = z_stream()
    guard czlib_inflate_init_raw(&stream) == Z_OK else { throw .corrupt("zlib would not start") }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    var input = Array(data[start...])
    var finished = false
    var consumed = 0
    let failure: GzipError? = input.withUnsafeMutableBufferPointer { source in
      stream.next_in = source.baseAddress
      stream.avail_in = uInt(source.count)
      while true {
        let (code, produced) = chunk.withUnsafeMutableBufferPointer { target in
          stream.next_out = target.baseAddress
          stream.avail_out = uInt(target.count)
          let code = inflate(&stream, Z_NO_FLUSH)
          return (code, target.count - Int(stream.avail_out))
        }
        if output.count + produced > limit { return .tooLarge(limit: limit) }
        output += chunk[0..<produced]
        switch code {
        case Z_STREAM_END:
          finished = true
          consumed = source.count - Int(stream.avail_in)
          return nil
        case Z_OK:
          continue
        case Z_BUF_ERROR:
          // No progress is possible: the input ran out before the stream's end.
          if stream.avail_in == 0 { return .truncated }
          continue
        default:
          let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(code)"
          return .corrupt(message)
        }
      }
    }
    if let failure { throw failure }
    guard finished else { throw .truncated }
    let trailer = input.count - consumed
    guard trailer >= 8 else { throw .truncated }
    guard trailer == 8 else { throw .trailingData }
    let tail = Array(input[consumed..<(consumed + 8)])
    guard readLittleEndian(tail, at: 0) == crc(output),
      readLittleEndian(tail, at: 4) == UInt32(truncatingIfNeeded: output.count)
    else { throw .checksumMismatch }
    return output
  }

  /// Where the deflate stream starts, after the header and its optional fields.
  private static func bodyStart(_ data: [UInt8]) throws(GzipError) -> Int {
    guard data.count >= 2, data[0] == 0x1f, data[1] == 0x8b else { throw .notGzip }
    guard data.count >= 10 else { throw .truncated }
    guard data[2] == 8 else { throw .corrupt("compression method \(data[2]) is not deflate") }
    let flags = data[3]
    var offset = 10
    if flags & 0x04 != 0 {  // FEXTRA: a two-byte length, then that many bytes
      guard data.count >= offset + 2 else { throw .truncated }
      offset += 2 + Int(data[offset]) + Int(data[offset + 1]) << 8
    }
    for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {  // FNAME, FCOMMENT: zero-ended
      guard let end = data[min(offset, data.count)...].firstIndex(of: 0) else { throw .truncated }
      offset = end + 1
    }
    if flags & 0x02 != 0 { offset += 2 }  // FHCRC
    guard offset <= data.count else { throw .truncated }
    return offset
  }

  private static func crc(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      UInt32(
        truncatingIfNeeded: CZlib.crc32(
          CZlib.crc32(0, nil, 0), buffer.baseAddress, uInt(buffer.count)))
    }
  }

  private static func littleEndian(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  private static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
  }
}
