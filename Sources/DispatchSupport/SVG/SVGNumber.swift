/// Locale-independent number text for SVG attributes and path data.
///
/// A value is rounded to at most `decimals` fraction digits (half away from zero), trailing zeros
/// and a bare dot are trimmed, and a result of zero is always `0` (never `-0`). The digits come
/// from integer arithmetic on the scaled value, not from `String(format:)` or a formatter, so
/// the text is the same on every machine and in every process locale. Values too large to
/// scale exactly into 53 bits have no fraction digits to show; they use Swift's shortest
/// round-trip description (`1e+20`), which is valid SVG number syntax.
public enum SVGNumber {
  /// The fraction digits charts use for coordinates: 0.01 px is far below what a screen shows.
  public static let defaultDecimals = 2

  /// Powers of ten for the supported `decimals` (0…6).
  private static let scales: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]
  private static let integerScales: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

  /// The text of `value` with at most `decimals` fraction digits, e.g. `12.5`, `-3`, `0.07`.
  ///
  /// - Precondition: `value` is finite and `decimals` is in 0…6. Non-finite values are a
  ///   programming error: chart code filters them before layout.
  public static func text(_ value: Double, decimals: Int = defaultDecimals) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(12)
    append(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the text of ``text(_:decimals:)`` to a UTF-8 buffer without building a `String`.
  ///
  /// Path data for long series is written this way, one coordinate at a time.
  public static func append(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
    precondition(value.isFinite, "SVG numbers must be finite")
    precondition((0...6).contains(decimals), "SVGNumber supports 0 to 6 decimals")
    let scaled = (value * scales[decimals]).rounded(.toNearestOrAwayFromZero)
    guard scaled.magnitude < 9.0e15 else {
      bytes.append(contentsOf: value.description.utf8)
      return
    }
    let whole = Int64(scaled)
    if whole == 0 {
      bytes.append(UInt8(ascii: "0"))
      return
    }
    if whole < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = whole.magnitude
    let scale = UInt64(integerScales[decimals])
    appendDigits(magnitude / scale, to: &bytes)
    var fraction = magnitude % scale
    guard fraction != 0 else { return }
    // Trim trailing zeros before writing, keeping the leading ones (0.05 → "05").
    var width = decimals
    while fraction % 10 == 0 {
      fraction /= 10
      width -= 1
    }
    bytes.append(UInt8(ascii: "."))
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
    var index = start + width - 1
    while fraction > 0 {
      bytes[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
      fraction /= 10
      index -= 1
    }
  }

  /// Appends the decimal digits of `value`.
  static func appendDigits(_ value: UInt64, to bytes: inout [UInt8]) {
    var count = 1
    var probe = value / 10
    while probe > 0 {
      probe /= 10
      count += 1
    }
    let start = bytes.count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
    var rest = value
    var index = start + count - 1
    while rest > 0 {
      bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
      index -= 1
    }
  }
}
