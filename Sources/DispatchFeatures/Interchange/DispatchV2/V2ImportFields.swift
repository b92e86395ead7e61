import DispatchCore
import DispatchSupport
import Foundation

/// Why one record of an import was skipped: the field to blame and a lowercase reason.
struct V2RecordError: Error {
  var field: String?
  var reason: String
}

/// Typed, throwing access to one decoded JSON object, naming the field on every failure.
///
/// The parser (``JSONParser``) keeps Booleans and numbers apart, so a JSON `1` is never a
/// Boolean, as Swift's `JSONDecoder` also holds. An explicit `null` reads as absent, as
/// `decodeIfPresent` does (docs/formats/dispatch-v2.md#importing).
struct V2Fields {
  let values: JSONObject
  /// The path of this object inside its record, e.g. `location.`, for field names.
  let prefix: String

  init?(_ value: JSONNode?, prefix: String = "") {
    guard let values = value?.object else { return nil }
    self.values = values
    self.prefix = prefix
  }

  /// Parses bytes as JSON (a leading byte-order mark allowed), or nil when they are not JSON.
  static func parse(_ bytes: [UInt8]) -> JSONNode? {
    (try? JSONParser.parse(bytes))?.root
  }

  /// The bytes after a leading UTF-8 byte-order mark, which some editors write.
  static func withoutBOM(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
  }

  /// The first byte that is not JSON whitespace, after a byte-order mark.
  static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
    withoutBOM(bytes).first { !(0x20 == $0 || 0x0A == $0 || 0x0D == $0 || 0x09 == $0) }
  }

  private func value(_ key: String) -> JSONNode? {
    guard let value = values[key], !value.isNull else { return nil }
    return value
  }

  func has(_ key: String) -> Bool { value(key) != nil }

  func fail(_ key: String, _ reason: String) -> V2RecordError {
    V2RecordError(field: prefix + key, reason: reason)
  }

  private func required<T>(_ key: String, _ read: (String) throws(V2RecordError) -> T?)
    throws(V2RecordError) -> T
  {
    guard let result = try read(key) else { throw fail(key, "missing required key") }
    return result
  }

  func string(_ key: String) throws(V2RecordError) -> String { try required(key, optionalString) }
  func int(_ key: String) throws(V2RecordError) -> Int { try required(key, optionalInt) }
  func double(_ key: String) throws(V2RecordError) -> Double { try required(key, optionalDouble) }
  func bool(_ key: String) throws(V2RecordError) -> Bool { try required(key, optionalBool) }
  func date(_ key: String) throws(V2RecordError) -> Instant { try required(key, optionalDate) }

  func optionalString(_ key: String) throws(V2RecordError) -> String? {
    guard let raw = value(key) else { return nil }
    guard let text = raw.string else { throw fail(key, "expected a string") }
    return text
  }

  func optionalBool(_ key: String) throws(V2RecordError) -> Bool? {
    guard let raw = value(key) else { return nil }
    guard let bool = raw.bool else { throw fail(key, "expected true or false") }
    return bool
  }

  func optionalDouble(_ key: String) throws(V2RecordError) -> Double? {
    guard let raw = value(key) else { return nil }
    guard let number = raw.double, number.isFinite else { throw fail(key, "expected a number") }
    return number
  }

  func optionalInt(_ key: String) throws(V2RecordError) -> Int? {
    guard let raw = value(key) else { return nil }
    // Only exactly representable values, so 1.5 is refused (as `NSNumber as? Int` did).
    guard let int = raw.int else {
      throw fail(key, "expected an integer")
    }
    return int
  }

  /// Fractional ISO-8601 first, then the plain form (docs/formats/dispatch-v2.md#importing).
  func optionalDate(_ key: String) throws(V2RecordError) -> Instant? {
    guard let text = try optionalString(key) else { return nil }
    guard let parsed = Instant.parseISO8601(text) else {
      throw fail(key, "\(Self.quote(text)) is not an ISO-8601 date")
    }
    return parsed.instant
  }

  func optionalStrings(_ key: String) throws(V2RecordError) -> [String]? {
    guard let items = try optionalArray(key) else { return nil }
    var strings: [String] = []
    for (index, item) in items.enumerated() {
      guard let text = item.string else {
        throw V2RecordError(field: "\(prefix)\(key)[\(index)]", reason: "expected a string")
      }
      strings.append(text)
    }
    return strings
  }

  func optionalArray(_ key: String) throws(V2RecordError) -> [JSONNode]? {
    guard let raw = value(key) else { return nil }
    guard let items = raw.array else { throw fail(key, "expected an array") }
    return items
  }

  func optionalObject(_ key: String) throws(V2RecordError) -> V2Fields? {
    guard let raw = value(key) else { return nil }
    guard let object = V2Fields(raw, prefix: prefix + key + ".") else {
      throw fail(key, "expected an object")
    }
    return object
  }

  /// Decodes every element of an optional array of objects; nil when the key is absent.
  func optionalObjects<T>(_ key: String, _ decode: (V2Fields) throws(V2RecordError) -> T)
    throws(V2RecordError) -> [T]?
  {
    guard let items = try optionalArray(key) else { return nil }
    var result: [T] = []
    for (index, item) in items.enumerated() {
      guard let object = V2Fields(item, prefix: "\(prefix)\(key)[\(index)].") else {
        throw V2RecordError(field: "\(prefix)\(key)[\(index)]", reason: "expected an object")
      }
      result.append(try decode(object))
    }
    return result
  }

  /// A value for a one-line problem reason: quoted, line breaks escaped, at most 40 characters.
  static func quote(_ text: String) -> String {
    var shown = text.replacingOccurrences(of: "\r", with: "\\r")
      .replacingOccurrences(of: "\n", with: "\\n")
    if shown.count > 40 { shown = String(shown.prefix(39)) + "…" }
    return "'" + shown + "'"
  }
}
