import Foundation

extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes spell `text` exactly.
  @inlinable public func equals(_ text: StaticString) -> Bool {
    guard count == text.utf8CodeUnitCount, let base = baseAddress else {
      return count == 0 && text.utf8CodeUnitCount == 0
    }
    return memcmp(base, text.utf8Start, count) == 0
  }
}
