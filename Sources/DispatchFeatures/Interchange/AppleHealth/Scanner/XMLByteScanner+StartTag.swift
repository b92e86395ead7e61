import Foundation

extension XMLByteScanner {
  /// `<Name attr="value" …>` or `…/>`: the position after it, or nil when incomplete.
  ///
  /// Lenient where real exports are broken: a value-less attribute (iOS 8 wrote names with
  /// spaces) and an unquoted value are kept rather than failing the file.
  func startTag<Handler: XMLEventHandler>(at open: Int, into handler: inout Handler)
    throws(HealthScanError) -> Int?
  {
    var index = open + 1
    let nameStart = index
    while index < count, !Self.isSpace(buffer[index]), buffer[index] != UInt8(ascii: ">"),
      buffer[index] != UInt8(ascii: "/")
    {
      index += 1
    }
    guard index < count else { return nil }
    let nameEnd = index
    attributes.removeAll(keepingCapacity: true)
    var selfClosing = false
    while true {
      while index < count, Self.isSpace(buffer[index]) { index += 1 }
      guard index < count else { return nil }
      let byte = buffer[index]
      if byte == UInt8(ascii: ">") {
        index += 1
        break
      }
      if byte == UInt8(ascii: "/") {
        guard index + 1 < count else { return nil }
        if buffer[index + 1] == UInt8(ascii: ">") {
          selfClosing = true
          index += 2
          break
        }
        index += 1  // a stray slash
        continue
      }
      guard let next = attribute(at: index) else { return nil }
      index = next
    }
    let tagOffset = bufferOffset + Int64(open)
    let isRoot = !rootOpened
    do {
      try attributes.withUnsafeBufferPointer { list in
        let tag = XMLStartTag(
          base: UnsafePointer(buffer), nameStart: nameStart, nameEnd: nameEnd, attributes: list,
          selfClosing: selfClosing, offset: tagOffset)
        try handler.start(tag)
      }
    } catch {
      throw HealthScanError.wrap(error, offset: tagOffset)
    }
    if isRoot {
      rootOpened = true
      if selfClosing { phase = .done }  // an empty root has no end tag to wait for
    } else if !selfClosing {
      // Trees are kept whole and walked recursively (hashing, JSON): a bound on their depth is
      // what keeps a hostile file from exhausting the stack.
      guard depth < Self.maximumDepth else {
        throw HealthScanError(.tooDeep, offset: tagOffset)
      }
      depth += 1
    }
    return index
  }

  /// One `name="value"`; the position after it, or nil when incomplete.
  private func attribute(at start: Int) -> Int? {
    var index = start
    while index < count, !Self.isSpace(buffer[index]), buffer[index] != UInt8(ascii: "="),
      buffer[index] != UInt8(ascii: ">"), buffer[index] != UInt8(ascii: "/")
    {
      index += 1
    }
    guard index < count else { return nil }
    let nameEnd = index
    while index < count, Self.isSpace(buffer[index]) { index += 1 }
    guard index < count else { return nil }
    guard buffer[index] == UInt8(ascii: "=") else {
      // A name with no value: keep it empty and go on with what follows.
      attributes.append(
        XMLAttribute(
          nameStart: start, nameEnd: nameEnd, valueStart: nameEnd, valueEnd: nameEnd,
          hasReference: false))
      return index
    }
    index += 1
    while index < count, Self.isSpace(buffer[index]) { index += 1 }
    guard index < count else { return nil }
    let quote = buffer[index]
    let valueStart: Int
    let valueEnd: Int
    let next: Int
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      guard let close = find(quote, from: index + 1) else { return nil }
      valueStart = index + 1
      valueEnd = close
      next = close + 1
    } else {
      var end = index
      while end < count, !Self.isSpace(buffer[end]), buffer[end] != UInt8(ascii: ">") {
        end += 1
      }
      guard end < count else { return nil }
      valueStart = index
      valueEnd = end
      next = end
    }
    let hasReference =
      valueEnd > valueStart
      && memchr(buffer + valueStart, Int32(UInt8(ascii: "&")), valueEnd - valueStart) != nil
    attributes.append(
      XMLAttribute(
        nameStart: start, nameEnd: nameEnd, valueStart: valueStart, valueEnd: valueEnd,
        hasReference: hasReference))
    return next
  }
}
