/// Builds the `d` attribute of an SVG `<path>` in one UTF-8 buffer.
///
/// Long series become one path, so its text is appended number by number through
/// ``SVGNumber/append(_:decimals:to:)`` instead of joining thousands of small strings. Commands
/// are absolute and written compactly (`M12.5,30L13,31.25`); every number is finite by the
/// same precondition as ``SVGNumber``.
public struct SVGPathData: Sendable, Equatable {
  /// The fraction digits of every coordinate.
  public let decimals: Int
  private var bytes: [UInt8] = []

  /// An empty path whose coordinates keep at most `decimals` fraction digits.
  public init(decimals: Int = SVGNumber.defaultDecimals, reservingCapacity capacity: Int = 0) {
    self.decimals = decimals
    bytes.reserveCapacity(capacity)
  }

  /// Whether nothing has been drawn.
  public var isEmpty: Bool { bytes.isEmpty }

  /// The path data text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Starts a subpath at (x, y).
  public mutating func move(x: Double, y: Double) {
    command(UInt8(ascii: "M"), x, y)
  }

  /// A straight line to (x, y).
  public mutating func line(x: Double, y: Double) {
    command(UInt8(ascii: "L"), x, y)
  }

  /// A closed axis-aligned rectangle.
  public mutating func rectangle(x: Double, y: Double, width: Double, height: Double) {
    command(UInt8(ascii: "M"), x, y)
    single(UInt8(ascii: "h"), width)
    single(UInt8(ascii: "v"), height)
    single(UInt8(ascii: "h"), -width)
    bytes.append(UInt8(ascii: "Z"))
  }

  /// A horizontal line from (x1, y) to (x2, y).
  public mutating func horizontal(fromX x1: Double, toX x2: Double, y: Double) {
    command(UInt8(ascii: "M"), x1, y)
    single(UInt8(ascii: "H"), x2)
  }

  /// A vertical line from (x, y1) to (x, y2).
  public mutating func vertical(x: Double, fromY y1: Double, toY y2: Double) {
    command(UInt8(ascii: "M"), x, y1)
    single(UInt8(ascii: "V"), y2)
  }

  /// A full circle of `radius` around (x, y), as two arcs.
  public mutating func circle(x: Double, y: Double, radius: Double) {
    command(UInt8(ascii: "M"), x - radius, y)
    arc(radius, dx: 2 * radius)
    arc(radius, dx: -2 * radius)
    bytes.append(UInt8(ascii: "Z"))
  }

  private mutating func arc(_ radius: Double, dx: Double) {
    bytes.append(UInt8(ascii: "a"))
    SVGNumber.append(radius, decimals: decimals, to: &bytes)
    bytes.append(UInt8(ascii: ","))
    SVGNumber.append(radius, decimals: decimals, to: &bytes)
    bytes.append(contentsOf: " 0 1,0 ".utf8)
    SVGNumber.append(dx, decimals: decimals, to: &bytes)
    bytes.append(contentsOf: ",0".utf8)
  }

  private mutating func command(_ letter: UInt8, _ x: Double, _ y: Double) {
    bytes.append(letter)
    SVGNumber.append(x, decimals: decimals, to: &bytes)
    bytes.append(UInt8(ascii: ","))
    SVGNumber.append(y, decimals: decimals, to: &bytes)
  }

  private mutating func single(_ letter: UInt8, _ value: Double) {
    bytes.append(letter)
    SVGNumber.append(value, decimals: decimals, to: &bytes)
  }
}
