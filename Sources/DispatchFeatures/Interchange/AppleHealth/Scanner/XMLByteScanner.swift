import Foundation

/// A streaming scanner for Apple Health's export.xml (docs/formats/apple-health.md#elements,
/// docs/formats/apple-health.md#storage-shape): fed chunks of any size, it reports each start and
/// end tag once it is complete, so memory stays the size of its buffer whatever the file's size.
///
/// Everything before the `<HealthData` start tag — the prolog and the DTD, which has shipped
/// broken (docs/formats/apple-health.md#prolog-and-dtd) and which Foundation's parser crashes on —
/// is skipped unread. Stray control bytes (the `\u{0B}` of some iOS 16 exports) pass through inside
/// values; entities are left for the handler to decode where it needs the text. Bytes after
/// `</HealthData>` are ignored.
final class XMLByteScanner {
  /// A tag longer than this (no real one comes close) is a broken file, not a reason to grow
  /// without bound.
  static let maximumTagLength = 16 << 20
  /// The deepest nesting of elements accepted inside `<HealthData>`. Apple's exports nest
  /// four levels at most (a workout's route's metadata); 64 leaves room for anything real.
  static let maximumDepth = 64

  private(set) var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Valid bytes in `buffer`.
  private(set) var count = 0
  /// Bytes of `buffer` already handled.
  private var position = 0
  /// Offset in the whole input of `buffer[0]`.
  private(set) var bufferOffset: Int64 = 0
  var attributes: [XMLAttribute] = []

  enum Phase { case prolog, body, done }
  var phase = Phase.prolog
  /// Open elements below the root: the root's end tag must come last.
  var depth = 0
  /// Whether the root's start tag has been reported.
  var rootOpened = false

  /// The root element's name: everything before its start tag is skipped.
  private let root: StaticString
  /// Whether text between tags is reported (GPX keeps its values there; export.xml has none).
  private let reportsText: Bool

  init(root: StaticString = "<HealthData", reportsText: Bool = false, capacity: Int = 4 << 20) {
    self.root = root
    self.reportsText = reportsText
    self.capacity = max(capacity, 64)
    buffer = .allocate(capacity: self.capacity)
    attributes.reserveCapacity(32)
  }

  deinit { buffer.deallocate() }

  /// Whether the root element has been read to its end tag.
  var isComplete: Bool { phase == .done }

  /// Bytes of input taken so far.
  var bytesRead: Int64 { bufferOffset + Int64(count) }

  /// Reads `chunk`, reporting every tag it completes.
  func feed<Handler: XMLEventHandler>(
    _ chunk: UnsafeRawBufferPointer, into handler: inout Handler
  ) throws(HealthScanError) {
    var remaining = chunk
    while !remaining.isEmpty {
      if phase == .done { return }
      compact()
      if count == capacity { try grow() }
      let taken = min(capacity - count, remaining.count)
      if let source = remaining.baseAddress {
        (buffer + count).update(
          from: source.assumingMemoryBound(to: UInt8.self), count: taken)
      }
      count += taken
      remaining = UnsafeRawBufferPointer(rebasing: remaining[taken...])
      try scan(into: &handler)
    }
  }

  /// Ends the input: an unfinished tag, or no closed root, is a truncated file.
  func finish() throws(HealthScanError) {
    switch phase {
    case .done: return
    case .prolog:
      throw HealthScanError(.notHealthData, offset: bytesRead)
    case .body:
      throw HealthScanError(.truncated, offset: bufferOffset + Int64(position))
    }
  }

  /// Moves the unhandled tail to the front, so a tag split across chunks is whole next time.
  private func compact() {
    guard position > 0 else { return }
    let tail = count - position
    if tail > 0 { buffer.update(from: buffer + position, count: tail) }
    bufferOffset += Int64(position)
    count = tail
    position = 0
  }

  private func grow() throws(HealthScanError) {
    guard capacity < Self.maximumTagLength else {
      throw HealthScanError(.tagTooLong, offset: bufferOffset)
    }
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
    larger.update(from: buffer, count: count)
    buffer.deallocate()
    buffer = larger
    capacity *= 2
  }

  private func scan<Handler: XMLEventHandler>(into handler: inout Handler) throws(HealthScanError) {
    if phase == .prolog {
      guard skipProlog() else { return }
    }
    while phase == .body {
      guard let open = find(UInt8(ascii: "<"), from: position) else {
        // Text runs on into the next chunk: kept whole when it is wanted, else dropped.
        if !reportsText { position = count }
        return
      }
      if reportsText && open > position {
        do {
          try handler.text(UnsafeBufferPointer(start: buffer + position, count: open - position))
        } catch {
          throw HealthScanError.wrap(error, offset: bufferOffset + Int64(position))
        }
      }
      position = open
      guard open + 1 < count else { return }
      let next: Int?
      switch buffer[open + 1] {
      case UInt8(ascii: "/"): next = try endTag(at: open, into: &handler)
      case UInt8(ascii: "!"): next = try markup(at: open)
      case UInt8(ascii: "?"): next = find("?>", from: open + 2).map { $0 + 2 }
      default: next = try startTag(at: open, into: &handler)
      }
      guard let next else { return }  // the tag continues in the next chunk
      position = next
    }
  }

  /// Finds the root's start tag followed by a delimiter; false while more input is needed.
  private func skipProlog() -> Bool {
    let marker = root
    let length = marker.utf8CodeUnitCount
    var from = position
    while let start = find(marker, from: from) {
      guard start + length < count else {
        position = start
        return false
      }
      switch buffer[start + length] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
        UInt8(ascii: ">"), UInt8(ascii: "/"):
        position = start
        phase = .body
        return true
      default:
        from = start + 1
      }
    }
    // Keep a marker's worth of bytes: it may be split across chunks.
    position = max(position, count - length)
    return false
  }

  /// `</Name>`; the position after it, or nil when incomplete.
  private func endTag<Handler: XMLEventHandler>(at open: Int, into handler: inout Handler)
    throws(HealthScanError) -> Int?
  {
    guard let close = find(UInt8(ascii: ">"), from: open + 2) else { return nil }
    var nameEnd = close
    while nameEnd > open + 2, Self.isSpace(buffer[nameEnd - 1]) { nameEnd -= 1 }
    let name = UnsafeBufferPointer(start: buffer + open + 2, count: nameEnd - open - 2)
    let offset = bufferOffset + Int64(open)
    do {
      try handler.end(name, offset: offset)
    } catch {
      throw HealthScanError.wrap(error, offset: offset)
    }
    if depth == 0 {
      phase = .done
    } else {
      depth -= 1
    }
    return close + 1
  }

  /// A comment, CDATA section or declaration inside the body: skipped.
  private func markup(at open: Int) throws(HealthScanError) -> Int? {
    // Enough bytes to tell a comment from a CDATA section from a declaration.
    guard open + 9 <= count else { return nil }
    if matches("<!--", at: open) { return find("-->", from: open + 4).map { $0 + 3 } }
    if matches("<![CDATA[", at: open) { return find("]]>", from: open + 9).map { $0 + 3 } }
    return find(UInt8(ascii: ">"), from: open + 2).map { $0 + 1 }
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  func find(_ byte: UInt8, from start: Int) -> Int? {
    guard start < count, let hit = memchr(buffer + start, Int32(byte), count - start) else {
      return nil
    }
    return buffer.distance(to: hit.assumingMemoryBound(to: UInt8.self))
  }

  func find(_ text: StaticString, from start: Int) -> Int? {
    let length = text.utf8CodeUnitCount
    var from = start
    while count - from >= length, let first = find(text.utf8Start.pointee, from: from) {
      guard count - first >= length else { return nil }
      if memcmp(buffer + first, text.utf8Start, length) == 0 { return first }
      from = first + 1
    }
    return nil
  }

  private func matches(_ text: StaticString, at start: Int) -> Bool {
    let length = text.utf8CodeUnitCount
    return start + length <= count && memcmp(buffer + start, text.utf8Start, length) == 0
  }
}
