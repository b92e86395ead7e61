import DispatchCore
import DispatchStorage

/// Content hashes that identify what an export holds (docs/formats/apple-health.md#identity: a
/// sample's identity is its whole content). Built so that two exports of the same sample agree even
/// though exports differ in what does not matter: attribute order, the offset dates are written in
/// (always the phone's offset at export time, docs/formats/apple-health.md#dates-and-time-zones)
/// and the memory address inside device descriptions (docs/formats/apple-health.md#records), so
/// dates enter as instants and devices without their address.
enum HealthIdentity {
  /// SplitMix64's finalizer: spreads every input bit over the output.
  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// One attribute's share of an element's hash; shares are added, so their order does not
  /// matter.
  static func attribute(name: UInt64, value: UInt64) -> UInt64 {
    mix(name &* 0x100_0000_01B3 ^ value)
  }

  /// The next link of a chain over an element's children, in order.
  static func chain(_ chain: UInt64, _ child: UInt64) -> UInt64 {
    mix(chain ^ child) &+ 0x2545_F491_4F6C_DD1D
  }

  static func bytes(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    ByteInterner.hash(bytes)
  }

  static func text(_ text: String) -> UInt64 {
    var copy = text
    return copy.withUTF8 { ByteInterner.hash($0) }
  }

  static func instant(_ milliseconds: Int64) -> UInt64 {
    mix(UInt64(bitPattern: milliseconds) ^ 0x7E57_DA7E)
  }

  /// The hash of a whole element tree: attributes (dates as instants, devices without their
  /// address) in any order, children in order.
  static func node(_ node: HealthNode) -> UInt64 {
    var sum = text(node.name)
    for attribute in node.attributes {
      sum = sum &+ Self.attribute(name: text(attribute.name), value: value(attribute.value))
    }
    var children: UInt64 = 0
    for child in node.children {
      children = chain(children, Self.node(child))
    }
    return mix(sum ^ mix(children))
  }

  /// A value's share: a date as its instant, a device without its address, else the text.
  private static func value(_ text: String) -> UInt64 {
    var copy = text
    return copy.withUTF8 { bytes in
      if let date = HealthDateParser.parse(bytes) { return instant(date.milliseconds) }
      return HealthDevice.withDescription(bytes) { self.bytes($0) }
    }
  }
}
