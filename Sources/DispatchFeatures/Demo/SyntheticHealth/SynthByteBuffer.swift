/// The growable byte buffer the export is formatted into, with the integer, decimal and hex
/// writers its hot path needs.
///
/// A class because it owns one manual allocation that is reused for every chunk: appending
/// through a raw pointer keeps a 1.3 GB export within its time budget, where `[UInt8]` checks
/// uniqueness on every append.
final class SynthByteBuffer {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  private var capacity: Int

  /// Powers of ten that fit an `Int64`.
  static let powers: [Int64] = (0...18).map { exponent in
    (0..<exponent).reduce(Int64(1)) { value, _ in value * 10 }
  }

  init(capacity: Int) {
    self.capacity = max(capacity, 256)
    base = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// The bytes written since the last `removeAll()`; valid until the next append.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  subscript(index: Int) -> UInt8 { base[index] }

  func removeAll() { count = 0 }

  func truncate(to newCount: Int) {
    precondition(newCount >= 0 && newCount <= count, "truncating past the end")
    count = newCount
  }

  /// Makes room for `extra` more bytes.
  @inline(__always) func reserve(_ extra: Int) {
    if count + extra > capacity { grow(minimum: count + extra) }
  }

  private func grow(minimum: Int) {
    let newCapacity = max(minimum, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always) func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
    reserve(bytes.count)
    (base + count).update(from: source, count: bytes.count)
    count += bytes.count
  }

  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  func append(_ text: StaticString) {
    text.withUTF8Buffer { append($0) }
  }

  /// Text built outside the hot path (workout durations, UUIDs).
  func appendText(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// A non-negative `value` as exactly `width` digits, zero-padded.
  @inline(__always) func appendPadded(_ value: Int, width: Int) {
    reserve(width)
    var rest = value
    var index = count + width - 1
    while index >= count {
      base[index] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
      index -= 1
    }
    count += width
  }

  static func digitCount(_ value: UInt64) -> Int {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    return digits
  }

  /// A decimal integer, with a sign when negative.
  func appendInteger(_ value: Int64) {
    if value < 0 { append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    appendPadded(Int(magnitude), width: Self.digitCount(magnitude))
  }

  /// `scaled / 10^decimals` in plain notation without trailing fraction zeros (`0.97`, `142.6`,
  /// `95`), the way HealthKit writes quantities; `trimmed` false keeps every decimal, as GPX
  /// coordinates are written.
  func appendDecimal(_ scaled: Int64, decimals: Int, trimmed: Bool = true) {
    if scaled < 0 { append(UInt8(ascii: "-")) }
    let magnitude = Int64(scaled.magnitude)
    guard decimals > 0 else {
      appendPadded(Int(magnitude), width: Self.digitCount(UInt64(magnitude)))
      return
    }
    let power = Self.powers[decimals]
    let whole = magnitude / power
    var fraction = magnitude % power
    appendPadded(Int(whole), width: Self.digitCount(UInt64(whole)))
    guard fraction > 0 || !trimmed else { return }
    var width = decimals
    guard trimmed else {
      append(UInt8(ascii: "."))
      appendPadded(Int(fraction), width: width)
      return
    }
    while fraction % 10 == 0 {
      fraction /= 10
      width -= 1
    }
    append(UInt8(ascii: "."))
    appendPadded(Int(fraction), width: width)
  }

  /// `value` rounded to `decimals` places.
  func appendRounded(_ value: Double, decimals: Int, trimmed: Bool = true) {
    appendDecimal(
      Int64((value * Double(Self.powers[decimals])).rounded()), decimals: decimals, trimmed: trimmed
    )
  }

  /// `scaled / 10^decimals` in C `%g` exponent notation (`8.38e-05`), as exports write tiny
  /// distances (docs/formats/apple-health.md#records).
  func appendExponent(_ scaled: Int64, decimals: Int) {
    precondition(scaled > 0, "exponent notation is for positive values")
    var mantissa = scaled
    var digits = Self.digitCount(UInt64(scaled))
    let exponent = digits - 1 - decimals
    while digits > 1 && mantissa % 10 == 0 {
      mantissa /= 10
      digits -= 1
    }
    let power = Self.powers[digits - 1]
    appendPadded(Int(mantissa / power), width: 1)
    if digits > 1 {
      append(UInt8(ascii: "."))
      appendPadded(Int(mantissa % power), width: digits - 1)
    }
    append(UInt8(ascii: "e"))
    append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    appendPadded(abs(exponent), width: 2)
  }

  /// The low `digits` nibbles of `value` in lowercase hex.
  func appendHex(_ value: UInt64, digits: Int) {
    reserve(digits)
    var rest = value
    var index = count + digits - 1
    while index >= count {
      let nibble = UInt8(truncatingIfNeeded: rest & 0xF)
      base[index] = nibble < 10 ? 0x30 &+ nibble : 0x57 &+ nibble
      rest >>= 4
      index -= 1
    }
    count += digits
  }
}

@available(*, unavailable, message: "owns a mutable allocation; use from one thread")
extension SynthByteBuffer: Sendable {}
