import DispatchStorage
import DispatchSupport

/// Attribute values as the reader uses them.
extension HealthExportReader {
  /// The value of `attribute`, entities decoded; valid until the next call.
  func value(of attribute: XMLAttribute, in tag: borrowing XMLStartTag)
    -> UnsafeBufferPointer<UInt8>
  {
    let raw = tag.rawValue(of: attribute)
    return attribute.hasReference ? decoded.decode(raw) : raw
  }

  /// Keeps `bytes` in the batch's text arena.
  mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) -> HealthTextSpan {
    let span = HealthTextSpan(start: Int32(batch.text.count), count: Int32(bytes.count))
    batch.text.append(contentsOf: bytes)
    return span
  }

  /// The text of a span of this batch's arena.
  func text(_ span: HealthTextSpan) -> String {
    batch.text.withUnsafeBufferPointer { arena in
      String(
        decoding: UnsafeBufferPointer(
          rebasing: arena[Int(span.start)..<Int(span.start + span.count)]),
        as: UTF8.self)
    }
  }
}

/// A reusable buffer for decoded attribute values. A class, so the reader can decode into it
/// while it is itself being changed.
final class DecodeBuffer {
  private var storage: UnsafeMutablePointer<UInt8>
  private var capacity: Int

  init() {
    capacity = 4096
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// `raw` with its entities decoded; valid until the next call.
  func decode(_ raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    if raw.count > capacity {
      storage.deallocate()
      capacity = raw.count
      storage = .allocate(capacity: capacity)
    }
    let count = XMLEntities.decode(raw, writingTo: storage)
    return UnsafeBufferPointer(start: storage, count: count)
  }
}

/// The attributes of `Record` (the DTD of docs/formats/apple-health.md#prolog-and-dtd), told apart
/// by length first.
enum RecordAttribute: Equatable {
  case type, unit, value, sourceName, sourceVersion, device, creationDate, startDate, endDate
  case other

  init(_ name: UnsafeBufferPointer<UInt8>) {
    switch name.count {
    case 4: self = name.equals("type") ? .type : name.equals("unit") ? .unit : .other
    case 5: self = name.equals("value") ? .value : .other
    case 6: self = name.equals("device") ? .device : .other
    case 7: self = name.equals("endDate") ? .endDate : .other
    case 9: self = name.equals("startDate") ? .startDate : .other
    case 10: self = name.equals("sourceName") ? .sourceName : .other
    case 12: self = name.equals("creationDate") ? .creationDate : .other
    case 13: self = name.equals("sourceVersion") ? .sourceVersion : .other
    default: self = .other
    }
  }

  /// The attribute's name, for problems.
  var name: String? {
    switch self {
    case .startDate: "startDate"
    case .endDate: "endDate"
    case .creationDate: "creationDate"
    default: nil
    }
  }
}
