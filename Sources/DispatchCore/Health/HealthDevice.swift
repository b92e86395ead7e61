import DispatchSupport
import Foundation

/// Device descriptions as exports write them:
/// `<<HKDevice: 0x28347b340>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, …>`.
/// The address differs on every record (docs/formats/apple-health.md#records), so a device is kept
/// and compared as the text after it: `name:Apple Watch, manufacturer:Apple Inc., …`.
package enum HealthDevice {
  /// Calls `body` with `raw` (entities decoded) without its `<<HKDevice: 0x…>, ` head and
  /// closing `>`; text in another shape is passed unchanged.
  package static func withDescription<Result>(
    _ raw: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    let head: StaticString = "<<HKDevice:"
    guard raw.count > head.utf8CodeUnitCount,
      UnsafeBufferPointer(rebasing: raw[0..<head.utf8CodeUnitCount]).equals(head),
      raw.last == UInt8(ascii: ">")
    else { return body(raw) }
    var index = head.utf8CodeUnitCount
    while index < raw.count, raw[index] != UInt8(ascii: ">") { index += 1 }
    index += 1
    if index < raw.count, raw[index] == UInt8(ascii: ",") { index += 1 }
    while index < raw.count, raw[index] == UInt8(ascii: " ") { index += 1 }
    guard index < raw.count - 1 else { return body(raw) }
    return body(UnsafeBufferPointer(rebasing: raw[index..<raw.count - 1]))
  }

  /// The `key:value` fields of a description made by ``withDescription(_:_:)``:
  /// `name`, `manufacturer`, `model`, `hardware`, `software` and any others, in order.
  /// Values may hold commas (`hardware:Watch6,2`), so a field starts only at `, key:`.
  package static func fields(_ description: String) -> [(key: String, value: String)] {
    var fields: [(key: String, value: String)] = []
    for part in description.components(separatedBy: ", ") {
      if let colon = part.firstIndex(of: ":"),
        part[..<colon].allSatisfy({ $0.isLetter || $0.isNumber })
      {
        fields.append((String(part[..<colon]), String(part[part.index(after: colon)...])))
      } else if let last = fields.popLast() {
        fields.append((last.key, last.value + ", " + part))
      }
    }
    return fields
  }
}
