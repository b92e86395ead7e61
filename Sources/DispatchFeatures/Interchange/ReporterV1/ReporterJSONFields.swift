import DispatchSupport
import Foundation

/// A field read from a parsed JSON object: missing, present with the expected type, or
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

/// Typed reads from a parsed ``JSONDocument`` without force casts.
///
/// The parser tells Booleans from numbers, so `true` is never read as the number 1 nor `1` as a
/// flag unless the field is a flag.
enum ReporterJSONFields {
  /// A finite JSON number (not a Boolean).
  static func number(_ value: JSONNode) -> Double? {
    guard let double = value.double else { return nil }
    return double.isFinite ? double : nil
  }

  /// A JSON number with no fraction that fits comfortably in an `Int`.
  static func integer(_ value: JSONNode) -> Int? {
    guard let double = number(value), double == double.rounded(), abs(double) < 1e15 else {
      return nil
    }
    return Int(double)
  }

  /// A flag written as `0`/`1` (Reporter) or as a JSON Boolean.
  static func flag(_ value: JSONNode) -> Bool? {
    if let bool = value.bool { return bool }
    guard value.kind == .number else { return nil }
    return integer(value).map { $0 != 0 }
  }

  static func lookup<T>(_ object: JSONObject, _ key: String, _ read: (JSONNode) -> T?)
    -> ReporterLookup<T>
  {
    guard let raw = object[key], !raw.isNull else { return .absent }
    guard let value = read(raw) else { return .wrongType }
    return .value(value)
  }

  /// The value of `key` read with `read`, nil when absent; throws when the type is wrong.
  static func optional<T>(_ object: JSONObject, _ key: String, _ read: (JSONNode) -> T?)
    throws(ReporterFieldError) -> T?
  {
    switch lookup(object, key, read) {
    case .absent: return nil
    case .value(let value): return value
    case .wrongType: throw ReporterFieldError(field: key, reason: "'\(key)' has the wrong type")
    }
  }

  static func string(_ value: JSONNode) -> String? { value.string }

  /// Whether `text` is empty once white space and line breaks are trimmed, as
  /// `text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty` says, without bridging
  /// every prompt to `NSString`: it stops at the first character that is not blank.
  static func isBlank(_ text: String) -> Bool {
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        guard scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) else { return false }
      } else if !CharacterSet.whitespacesAndNewlines.contains(scalar) {
        return false
      }
    }
    return true
  }

  /// `text.trimmingCharacters(in: .whitespaces)`, skipping Foundation when both ends are ASCII
  /// characters other than a space or a tab (the only ASCII members of `.whitespaces`).
  static func trimmingWhitespace(_ text: String) -> String {
    guard let first = text.utf8.first, let last = text.utf8.last,
      first < 0x80, last < 0x80, first != 0x20, first != 0x09, last != 0x20, last != 0x09
    else { return text.trimmingCharacters(in: .whitespaces) }
    return text
  }
  static func object(_ value: JSONNode) -> JSONObject? { value.object }
  static func array(_ value: JSONNode) -> [JSONNode]? { value.array }
}

extension JSONObject {
  /// A number field (integer or decimal literal, docs/formats/reporter.md#snapshot-fields), nil
  /// when absent.
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
  func reporterObject(_ key: String) throws(ReporterFieldError) -> JSONObject? {
    try ReporterJSONFields.optional(self, key, ReporterJSONFields.object)
  }

  /// A nested array, nil when absent.
  func reporterArray(_ key: String) throws(ReporterFieldError) -> [JSONNode]? {
    try ReporterJSONFields.optional(self, key, ReporterJSONFields.array)
  }
}
