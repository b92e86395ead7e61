/// Serializes ``JSONValue`` deterministically.
public enum JSONWriter {
  /// Layout choices.
  public struct Style: Sendable {
    /// Indent nested values by two spaces per level, one member per line.
    public var pretty: Bool
    /// Sort object keys by their UTF-8 bytes, as `JSONEncoder.sortedKeys` does.
    public var sortKeys: Bool
    /// Write `"key" : value` (Foundation's pretty style) instead of `"key": value`.
    public var spaceBeforeColon: Bool
    /// Escape `/` as `\/`, as Foundation's encoder does.
    public var escapeSlashes: Bool
    /// Write an empty array or object as Foundation's pretty encoder does: the bracket, a blank
    /// line, and the closing bracket at the member's indent.
    public var spaciousEmptyContainers: Bool = false

    package init(
      pretty: Bool, sortKeys: Bool, spaceBeforeColon: Bool, escapeSlashes: Bool,
      spaciousEmptyContainers: Bool = false
    ) {
      self.pretty = pretty
      self.sortKeys = sortKeys
      self.spaceBeforeColon = spaceBeforeColon
      self.escapeSlashes = escapeSlashes
      self.spaciousEmptyContainers = spaciousEmptyContainers
    }

    /// Readable output for people and scripts: indented, keys in the given order.
    public static let pretty = Style(
      pretty: true, sortKeys: false, spaceBeforeColon: false, escapeSlashes: false)
    /// One line.
    public static let compact = Style(
      pretty: false, sortKeys: false, spaceBeforeColon: false, escapeSlashes: false)
    /// Byte-compatible with Dispatch's v2 encoder (docs/formats/dispatch-v2.md#encoding).
    public static let dispatchV2 = Style(
      pretty: true, sortKeys: true, spaceBeforeColon: true, escapeSlashes: true,
      spaciousEmptyContainers: true)
  }

  /// The whole document as a string.
  public static func string(_ value: JSONValue, style: Style = .pretty) -> String {
    var result = ""
    write(value, style: style) { result += $0 }
    return result
  }

  /// Streams the document to `sink` in pieces.
  public static func write(_ value: JSONValue, style: Style, to sink: (String) -> Void) {
    write(value, style: style, depth: 0, to: sink)
  }

  /// Streams `value` as it would appear nested `depth` levels deep in a pretty document, so a
  /// caller can write a long array one element at a time.
  public static func write(
    _ value: JSONValue, style: Style, depth: Int, to sink: (String) -> Void
  ) {
    withoutActuallyEscaping(sink) { escapable in
      var writer = Writer(style: style, sink: escapable)
      writer.value(value, depth: depth)
      writer.flush()
    }
  }

  /// Formats a number as Foundation's JSONEncoder does: the shortest description that reads
  /// back exactly, without a trailing `.0` (`34`, `0.96`, `-0`, `1e+20`).
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let text = String(value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  /// Appends UTF-8 bytes to a buffer handed to the sink in 16 KiB pieces: one growing byte
  /// buffer is much cheaper than concatenating many small strings.
  private struct Writer {
    let style: Style
    let sink: (String) -> Void
    var pending: [UInt8] = []

    init(style: Style, sink: @escaping (String) -> Void) {
      self.style = style
      self.sink = sink
      pending.reserveCapacity(1 << 15)
    }

    mutating func emit(_ text: String) {
      pending.append(contentsOf: text.utf8)
      if pending.count > 16_384 { flush() }
    }

    mutating func emit(byte: UInt8) {
      pending.append(byte)
    }

    mutating func flush() {
      if !pending.isEmpty {
        sink(String(decoding: pending, as: UTF8.self))
        pending.removeAll(keepingCapacity: true)
      }
    }

    mutating func value(_ value: JSONValue, depth: Int) {
      switch value {
      case .null: emit("null")
      case .bool(let flag): emit(flag ? "true" : "false")
      case .int(let number): emit(String(number))
      case .double(let number): emit(JSONWriter.number(number))
      case .string(let text): string(text)
      case .array(let items):
        guard !items.isEmpty else { return emptyContainer("[", "]", depth: depth) }
        emit("[")
        for (index, item) in items.enumerated() {
          if index > 0 { emit(byte: 0x2C) }
          newline(depth + 1)
          self.value(item, depth: depth + 1)
        }
        newline(depth)
        emit("]")
      case .object(var members):
        guard !members.isEmpty else { return emptyContainer("{", "}", depth: depth) }
        if style.sortKeys { members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) } }
        emit("{")
        for (index, member) in members.enumerated() {
          if index > 0 { emit(byte: 0x2C) }
          newline(depth + 1)
          string(member.0)
          emit(style.pretty ? (style.spaceBeforeColon ? " : " : ": ") : ":")
          self.value(member.1, depth: depth + 1)
        }
        newline(depth)
        emit("}")
      }
    }

    mutating func emptyContainer(_ open: String, _ close: String, depth: Int) {
      guard style.pretty && style.spaciousEmptyContainers else { return emit(open + close) }
      emit(open + "\n")
      newline(depth)
      emit(close)
    }

    mutating func newline(_ depth: Int) {
      guard style.pretty else { return }
      pending.append(0x0A)
      pending.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    mutating func string(_ text: String) {
      // Most text needs no escaping: check the bytes once and write it whole.
      let slash = style.escapeSlashes
      func special(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || (slash && byte == 0x2F)
      }
      // A native string's bytes are contiguous: a plain loop over them is several times
      // quicker than the generic `contains(where:)` on its UTF-8 view.
      let escaping =
        text.utf8.withContiguousStorageIfAvailable { bytes in
          for byte in bytes where special(byte) { return true }
          return false
        } ?? text.utf8.contains(where: special)
      if !escaping {
        emit(byte: 0x22)
        emit(text)
        emit(byte: 0x22)
        return
      }
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "/": out += style.escapeSlashes ? "\\/" : "/"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{08}": out += "\\b"
        case "\u{0C}": out += "\\f"
        default:
          if scalar.value < 0x20 {
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
      out += "\""
      emit(out)
    }
  }
}
