/// One element of an SVG document: a name, attributes in the order they were set, and children.
///
/// The tree is a plain value so charts can be built, compared in tests and serialized by
/// ``SVGWriter`` without any shared state. Attribute order is part of the value
/// (docs/architecture.md#layers, docs/charts.md#what-every-svg-has): the writer emits attributes
/// exactly in insertion order, which is what makes the output byte-for-byte deterministic.
public struct SVGElement: Sendable, Equatable {
  /// The element name, such as `rect` or `text`.
  public let name: String
  /// The attributes in insertion order; a name occurs at most once.
  public private(set) var attributes: [SVGAttribute]
  /// Child elements and text runs, in document order.
  public var children: [SVGNode]

  /// Creates an element; `name` and every attribute name must be XML names from our own code.
  public init(_ name: String, _ attributes: [SVGAttribute] = [], children: [SVGNode] = []) {
    precondition(SVGElement.isXMLName(name), "not an XML name: \(name)")
    self.name = name
    self.attributes = []
    self.children = children
    for attribute in attributes { set(attribute) }
  }

  /// Creates an element whose only child is the text `text`, e.g. a `<title>` or `<text>`.
  public init(_ name: String, _ attributes: [SVGAttribute] = [], text: String) {
    self.init(name, attributes, children: [.text(text)])
  }

  /// The value of the attribute `name`, if it is set.
  public subscript(attribute name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }

  /// Sets an attribute: replaces the value in place when the name exists, otherwise appends it.
  ///
  /// Replacing in place keeps the attribute's original position, so re-setting a value never
  /// reorders the serialized output.
  public mutating func set(_ attribute: SVGAttribute) {
    precondition(SVGElement.isXMLName(attribute.name), "not an XML name: \(attribute.name)")
    if let index = attributes.firstIndex(where: { $0.name == attribute.name }) {
      attributes[index] = attribute
    } else {
      attributes.append(attribute)
    }
  }

  /// Sets the attribute `name` to the text `value`.
  public mutating func set(_ name: String, _ value: String) {
    set(SVGAttribute(name, value))
  }

  /// Appends a child element.
  public mutating func append(_ child: SVGElement) {
    children.append(.element(child))
  }

  /// Appends child elements in order.
  public mutating func append(contentsOf elements: [SVGElement]) {
    children.append(contentsOf: elements.map(SVGNode.element))
  }

  /// Appends a text run; the writer escapes it.
  public mutating func append(text: String) {
    children.append(.text(text))
  }

  /// Whether `text` is a name our writer may emit unescaped: ASCII letters, digits, `-`, `_`,
  /// `.` and `:`, not starting with a digit, `-` or `.` (a subset of XML 1.0 `Name`).
  static func isXMLName(_ text: String) -> Bool {
    guard let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      first != UInt8(ascii: "-"), first != UInt8(ascii: ".")
    else { return false }
    return text.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "."), UInt8(ascii: ":"):
        return true
      default:
        return false
      }
    }
  }
}

/// A child of an ``SVGElement``: another element or a run of text.
public enum SVGNode: Sendable, Equatable {
  /// A nested element.
  case element(SVGElement)
  /// Character data, escaped when written.
  case text(String)
}

/// A name and its already formatted value.
///
/// Numbers go through ``SVGNumber`` (the `Double` initializer does that), so no attribute ever
/// holds locale-dependent or non-finite text.
public struct SVGAttribute: Sendable, Equatable {
  /// The attribute name, such as `viewBox` or `aria-labelledby`.
  public let name: String
  /// The unescaped value; ``SVGWriter`` escapes it.
  public let value: String

  /// An attribute with a text value.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }

  /// An attribute with a number formatted by ``SVGNumber/text(_:decimals:)``.
  ///
  /// - Precondition: `value` is finite.
  public init(_ name: String, _ value: Double, decimals: Int = SVGNumber.defaultDecimals) {
    self.init(name, SVGNumber.text(value, decimals: decimals))
  }

  /// An attribute with an integer value.
  public init(_ name: String, _ value: Int) {
    self.init(name, String(value))
  }
}
