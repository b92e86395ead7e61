import Foundation

/// Decimal numbers read straight from bytes (`61`, `47.8478`, `8.38e-05`;
/// docs/formats/apple-health.md#records): exact by Clinger's fast path when the digits fit a double
/// and the power of ten is small, which is every value real exports write, else by the C library's
/// correctly rounded `strtod` (the process never sets a locale, so `.` is the decimal point).
package enum ByteNumber {
  private static let powers: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// The value of the whole of `text`, or nil when it is not a plain decimal number.
  package static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    let count = text.count
    guard count > 0, count <= 64 else { return nil }
    var negative = false
    if text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+") {
      negative = text[0] == UInt8(ascii: "-")
      index = 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var significant = 0
    var exponent = 0
    var seenPoint = false
    while index < count {
      let byte = text[index]
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits += 1
        if mantissa == 0 && byte == UInt8(ascii: "0") {
          if seenPoint { exponent -= 1 }
        } else if significant < 19 {
          mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
          significant += 1
          if seenPoint { exponent -= 1 }
        } else {
          significant += 1
          if !seenPoint { exponent += 1 }
        }
      } else if byte == UInt8(ascii: "."), !seenPoint {
        seenPoint = true
      } else {
        break
      }
      index += 1
    }
    guard digits > 0 else { return nil }
    if index < count {
      guard text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") else {
        return nil
      }
      index += 1
      var exponentNegative = false
      if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      var exponentDigits = 0
      while index < count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
        if written < 10_000 { written = written * 10 + Int(text[index] - UInt8(ascii: "0")) }
        exponentDigits += 1
        index += 1
      }
      guard exponentDigits > 0, index == count else { return nil }
      exponent += exponentNegative ? -written : written
    }
    if significant <= 15 && abs(exponent) <= 22 {
      let value = Double(mantissa)
      let scaled = exponent >= 0 ? value * powers[exponent] : value / powers[-exponent]
      return negative ? -scaled : scaled
    }
    return slowPath(text)
  }

  private static func slowPath(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { copy in
      guard let base = copy.baseAddress, let source = text.baseAddress else { return nil }
      source.withMemoryRebound(to: CChar.self, capacity: text.count) {
        base.update(from: $0, count: text.count)
      }
      base[text.count] = 0
      var end: UnsafeMutablePointer<CChar>?
      let value = strtod(base, &end)
      guard let end, end == base + text.count, value.isFinite else { return nil }
      return value
    }
  }
}
