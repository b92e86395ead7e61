import DispatchCore
import Foundation

extension ScheduleSettingField {
  /// A whole number, clamped into `range` as Dispatch clamps its preferences
  /// (docs/schedule.md#nags: a nag delay of 500 becomes 120).
  static func integer(_ text: String, _ range: ClosedRange<Int>) throws(DispatchError) -> Int {
    guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
      throw DispatchError(
        .invalidValue,
        "'\(text)' is not a whole number; use \(range.lowerBound)–\(range.upperBound)")
    }
    return min(max(value, range.lowerBound), range.upperBound)
  }

  static func choice<Value: RawRepresentable & CaseIterable>(_ text: String, _ cases: [Value])
    throws(DispatchError) -> Value where Value.RawValue == String
  {
    if let value = cases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
      return value
    }
    let names = cases.map(\.rawValue).joined(separator: ", ")
    throw DispatchError(.invalidValue, "'\(text)' is not one of \(names)")
  }

  /// One of a fixed list of words.
  static func choice(_ text: String, _ words: [String]) throws(DispatchError) -> String {
    if let word = words.first(where: { $0 == text.lowercased() }) { return word }
    throw DispatchError(.invalidValue, "'\(text)' is not one of \(words.joined(separator: ", "))")
  }

  /// Free text; `none` or nothing means no value.
  static func optionalText(_ text: String) throws(DispatchError) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.lowercased() == "none" { return nil }
    guard !trimmed.contains("\n") else {
      throw DispatchError(.invalidValue, "the value must be one line")
    }
    return trimmed
  }

  /// `path` from the current folder when it is relative: the daemon, which reads it, runs
  /// elsewhere.
  static func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }

  /// `MIN-MAX` with MIN < MAX, whole or decimal numbers ≥ 0, e.g. `1-10`, `0-6`.
  static func scale(_ text: String) throws(DispatchError) -> RatingScale {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]),
      low.isFinite, high.isFinite, low >= 0, low < high, high <= 1_000
    else {
      throw DispatchError(
        .invalidValue, "'\(text)' is not a scale; use MIN-MAX with MIN below MAX, e.g. 1-10")
    }
    return RatingScale(minimum: low, maximum: high)
  }

  static func onOff(_ text: String) throws(DispatchError) -> Bool {
    switch text.lowercased() {
    case "on", "true", "yes", "1": return true
    case "off", "false", "no", "0": return false
    default: throw DispatchError(.invalidValue, "'\(text)' is not on or off")
    }
  }

  static func clockTimes(_ text: String) throws(DispatchError) -> [WallClockTime] {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.lowercased() == "none" { return [] }
    var times: [WallClockTime] = []
    for part in trimmed.split(separator: ",") {
      let item = part.trimmingCharacters(in: .whitespaces)
      guard let time = WallClockTime(parsing: item), time != .endOfDay else {
        throw DispatchError(.invalidValue, "'\(item)' is not a time of day; use HH:MM, e.g. 09:30")
      }
      if !times.contains(time) { times.append(time) }
    }
    return times.sorted()
  }

  static func zoneIdentifier(_ text: String) throws(DispatchError) -> String? {
    if text.lowercased() == "system" { return nil }
    guard ZoneLookup.zone(text) != nil else {
      throw DispatchError(
        .invalidValue, "'\(text)' is not a known time zone; use an IANA name like Europe/Lisbon")
    }
    return text
  }
}
