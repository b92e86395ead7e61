import Foundation

/// An opaque sRGB colour with 8-bit channels, as charts write it (`#0072b2`).
///
/// Channels are whole bytes so that every contrast check runs on exactly the colour that
/// reaches the file: a blend is rounded once, and the rounded colour is what gets measured.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
  /// The red channel, 0…255.
  public var red: UInt8
  /// The green channel, 0…255.
  public var green: UInt8
  /// The blue channel, 0…255.
  public var blue: UInt8

  /// A colour from its three channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// A colour from `0xRRGGBB`.
  public init(hex: UInt32) {
    self.init(
      red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
      blue: UInt8(truncatingIfNeeded: hex))
  }

  /// Pure white, the target of "lighten" blends.
  public static let white = RGBColor(hex: 0xFFFFFF)
  /// Pure black, the target of "darken" blends.
  public static let black = RGBColor(hex: 0x000000)

  /// `#rrggbb` in lower case, the form written into SVG attributes.
  public var hexText: String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = [UInt8(ascii: "#")]
    for channel in [red, green, blue] {
      bytes.append(digits[Int(channel >> 4)])
      bytes.append(digits[Int(channel & 0x0F)])
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The `#rrggbb` text, so colours read well in test failures.
  public var description: String { hexText }

  /// This colour moved `fraction` (0…1) of the way toward `target`, per channel in sRGB, with
  /// each channel rounded to the nearest byte.
  public func blended(toward target: RGBColor, fraction: Double) -> RGBColor {
    let amount = min(1, max(0, fraction))
    func mix(_ from: UInt8, _ to: UInt8) -> UInt8 {
      let value = Double(from) + (Double(to) - Double(from)) * amount
      return UInt8(min(255, max(0, value.rounded(.toNearestOrAwayFromZero))))
    }
    return RGBColor(
      red: mix(red, target.red), green: mix(green, target.green), blue: mix(blue, target.blue))
  }

  /// The WCAG 2 relative luminance, 0 (black) … 1 (white).
  ///
  /// Each channel is linearized with the WCAG 2.x formula (threshold 0.03928, exponent 2.4)
  /// and weighted 0.2126 / 0.7152 / 0.0722.
  public var relativeLuminance: Double {
    func linear(_ channel: UInt8) -> Double {
      let value = Double(channel) / 255
      return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The WCAG 2 contrast ratio against `other`, 1…21, the same in both directions.
  public func contrastRatio(against other: RGBColor) -> Double {
    let first = relativeLuminance
    let second = other.relativeLuminance
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }

  /// Black or white, whichever reads better on this colour; the better of the two always
  /// reaches at least 4.58:1, so text on any fill meets WCAG's 4.5:1 for normal text.
  public var readableTextColor: RGBColor {
    contrastRatio(against: .black) >= contrastRatio(against: .white) ? .black : .white
  }
}
