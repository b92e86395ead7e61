import DispatchCore
import DispatchSupport
import Foundation

/// Locale-independent text for chart labels, and text width estimates for layout.
///
/// Every number a chart prints goes through here: ASCII digits, `.` as the decimal mark, `,`
/// between thousands, `-` for negatives. No formatter or process locale is involved.
package enum ChartText {
  /// `1234567` → `1,234,567`.
  static func grouped(_ value: Int) -> String {
    DisplayNumber.grouped(value)
  }

  /// A value with at most `decimals` fraction digits, trailing zeros trimmed.
  static func number(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "n/a" }
    return SVGNumber.text(value, decimals: min(6, max(0, decimals)))
  }

  /// Labels for axis ticks `values` spaced `step` apart, all in one style.
  ///
  /// Up to 10,000 the value is written out with as many decimals as the step needs; up to
  /// 10^15 it is scaled to k, M, B or T; beyond that it is written as `2.5e18`.
  static func tickLabels(_ values: [Double], step: Double) -> [String] {
    let largest = values.map(\.magnitude).max() ?? 0
    if largest >= 1e15 { return values.map { scientific($0, step: step) } }
    let suffixes: [(Double, String)] = [(1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "k")]
    if largest >= 1e4, let entry = suffixes.first(where: { largest >= $0.0 }) {
      let decimals = decimalsFor(step / entry.0)
      return values.map { $0 == 0 ? "0" : number($0 / entry.0, decimals: decimals) + entry.1 }
    }
    let decimals = decimalsFor(step)
    return values.map { number($0, decimals: decimals) }
  }

  /// The fraction digits a step of `step` needs (0.5 → 1, 0.25 → 2, 20 → 0), at most 6.
  static func decimalsFor(_ step: Double) -> Int {
    guard step.isFinite, step > 0 else { return 0 }
    var decimals = 0
    var scaled = step
    while decimals < 6 && (scaled - scaled.rounded()).magnitude > scaled.magnitude * 1e-9 {
      scaled *= 10
      decimals += 1
    }
    return decimals
  }

  /// `mantissa e exponent` with the mantissa digits the step needs.
  private static func scientific(_ value: Double, step: Double) -> String {
    guard value != 0 else { return "0" }
    var exponent = Int(floor(log10(value.magnitude)))
    var mantissa = value / pow(10, Double(exponent))
    // log10 of an exact power of ten may land a hair low or high; keep 1 ≤ |mantissa| < 10.
    if mantissa.magnitude >= 10 {
      mantissa /= 10
      exponent += 1
    } else if mantissa.magnitude < 1 {
      mantissa *= 10
      exponent -= 1
    }
    let stepExponent = step.isFinite && step > 0 ? Int(floor(log10(step))) : exponent - 3
    let decimals = min(3, max(0, exponent - stepExponent))
    return number(mantissa, decimals: decimals) + "e" + String(exponent)
  }

  /// A short label for a single value (reference lines, terminal axes): up to 4 significant
  /// decimals below 10,000, scaled above.
  static func value(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let magnitude = value.magnitude
    if magnitude >= 1e4 { return tickLabels([value], step: magnitude / 1000)[0] }
    let decimals = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 4
    return number(value, decimals: decimals)
  }

  /// Roughly how wide `text` is at `fontSize` in a sans-serif face.
  ///
  /// Layout only needs an estimate that errs wide: per-character widths in em for narrow,
  /// wide, upper-case and East Asian characters. It is deterministic, so layouts are too.
  static func estimatedWidth(_ text: String, fontSize: Double) -> Double {
    var ems = 0.0
    for scalar in text.unicodeScalars {
      ems += emWidth(scalar)
    }
    return ems * fontSize
  }

  private static func emWidth(_ scalar: Unicode.Scalar) -> Double {
    // Widths of a wide sans-serif (DejaVu Sans, the usual Linux fallback), rounded up.
    switch scalar {
    case "i", "l", "j", "!", "|", ".", ",", ":", ";", "'", "\u{20}": return 0.34
    case "f", "t", "r", "(", ")", "[", "]", "-": return 0.44
    case "m", "w", "M", "W", "@", "%", "&": return 0.98
    case "<", ">", "=", "+", "~": return 0.84
    case "A"..."Z": return 0.76
    case "0"..."9": return 0.64
    default:
      if scalar.properties.generalCategory == .nonspacingMark { return 0 }
      return scalar.value >= 0x1100 && TerminalColumns.isWide(scalar) ? 1.0 : 0.64
    }
  }

  /// `text` shortened with `…` so its estimated width is at most `width`.
  static func truncated(_ text: String, toWidth width: Double, fontSize: Double) -> String {
    guard estimatedWidth(text, fontSize: fontSize) > width else { return text }
    var characters = Array(text)
    while !characters.isEmpty
      && estimatedWidth(String(characters) + "…", fontSize: fontSize) > width
    {
      characters.removeLast()
    }
    return characters.isEmpty ? "" : String(characters) + "…"
  }
}
