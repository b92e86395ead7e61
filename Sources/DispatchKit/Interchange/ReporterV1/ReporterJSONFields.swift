import Foundation

/// A field read from a `JSONSerialization` object: missing, present with the expected type, or
/// present with another type. `null` counts as missing (Dispatch's notes show `answers: null`).
enum ReporterLookup<Value> {
  case absent
  case value(Value)
  case wrongType
}

/// Why a record, or a part of one, could not be read: the field to blame and a one-line reason.
struct ReporterFieldError: Error {
  var field: String?
  var reason: String
}

/// Typed reads from `JSONSerialization` output without force casts.
///
/// `JSONSerialization` hands back `NSNumber` for numbers and Booleans alike; a Boolean is the
/// one whose `objCType` is `c` (verified with Swift 6.3.1 on Linux), so `true` is never read as
/// the number 1 nor `1` as a flag unless the field is a flag.
enum ReporterJSONFields {
  /// Whether `value` is a JSON `true`/`false`.
  static func isBoolean(_ number: NSNumber) -> Bool {
    let type = String(cString: number.objCType)
    return type == "c" || type == "B"
  }

  /// A finite JSON number (not a Boolean).
  static func number(_ value: Any) -> Double? {
    guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
    let double = number.doubleValue
    return double.isFinite ? double : nil
  }

  /// A JSON number with no fraction that fits comfortably in an `Int`.
  static func integer(_ value: Any) -> Int? {
    guard let double = number(value), double == double.rounded(), abs(double) < 1e15 else {
      return nil
    }
    return Int(double)
  }

  /// A flag written as `0`/`1` (Reporter) or as a JSON Boolean.
  static func flag(_ value: Any) -> Bool? {
    guard let number = value as? NSNumber else { return nil }
    if isBoolean(number) { return number.boolValue }
    return integer(value).map { $0 != 0 }
  }

  static func lookup<T>(_ object: [String: Any], _ key: String, _ read: (Any) -> T?)
    -> ReporterLookup<T>
  {
    guard let raw = object[key], !(raw is NSNull) else { return .absent }
    guard let value = read(raw) else { return .wrongType }
    return .value(value)
  }

  /// The value of `key` read with `read`, nil when absent; throws when the type is wrong.
  static func optional<T>(_ object: [String: Any], _ key: String, _ read: (Any) -> T?)
    throws(ReporterFieldError) -> T?
  {
    switch lookup(object, key, read) {
    case .absent: return nil
    case .value(let value): return value
    case .wrongType: throw ReporterFieldError(field: key, reason: "'\(key)' has the wrong type")
    }
  }

  static func string(_ value: Any) -> String? { value as? String }
  static func object(_ value: Any) -> [String: Any]? { value as? [String: Any] }
  static func array(_ value: Any) -> [Any]? { value as? [Any] }
}

extension Dictionary where Key == String, Value == Any {
  /// A number field (integer or decimal literal, reference/reporter.md §4), nil when absent.
  func reporterNumber(_ key: String) throws(ReporterFieldError) -> Double? {
    try ReporterJSONFields.optional(self, key, ReporterJSONFields.number)
  }

  /// An integer field such as an enum code, nil when absent.
  func reporterInt(_ key: String) throws(ReporterFieldError) -> Int? {
    try ReporterJSONFields.optional(self, key, ReporterJSONFields.integer)
  }

  /// A text field, nil when absent.
  func reporterString(_ key: String) throws(ReporterFieldError) -> String? {
    try ReporterJSONFields.optional(self, key, ReporterJSONFields.string)
  }

  /// A 0/1 or Boolean flag, nil when absent.
  func reporterFlag(_ key: String) throws(ReporterFieldError) -> Bool? {
    try ReporterJSONFields.optional(self, key, ReporterJSONFields.flag)
  }

  /// A nested object, nil when absent.
  func reporterObject(_ key: String) throws(ReporterFieldError) -> [String: Any]? {
    try ReporterJSONFields.optional(self, key, ReporterJSONFields.object)
  }

  /// A nested array, nil when absent.
  func reporterArray(_ key: String) throws(ReporterFieldError) -> [Any]? {
    try ReporterJSONFields.optional(self, key, ReporterJSONFields.array)
  }
}
