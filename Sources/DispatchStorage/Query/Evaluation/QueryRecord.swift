import DispatchCore
import Foundation

/// One record a query selected, with the type's result columns.
public struct QueryRecord: Sendable, Equatable {
  /// One shown attribute.
  public struct Field: Sendable, Equatable {
    public let name: String
    public let kind: QueryAttributeKind
    public let value: DatabaseValue

    /// The value as text tables show it (empty for no value).
    public var text: String { QueryValueText.text(value, kind: kind, offsetSeconds: 0) }
  }

  /// The type's name.
  public let type: String
  public let id: String
  public let start: Instant
  /// The UTC offset the record was made in.
  public let offsetSeconds: Int
  public let end: Instant?
  public let fields: [Field]

  /// The start in the record's own offset, e.g. `2026-11-03T08:12:00+01:00`.
  public var localStart: String { QueryValueText.local(start, offsetSeconds: offsetSeconds) }

  /// The end in the record's offset, if any.
  public var localEnd: String? {
    end.map { QueryValueText.local($0, offsetSeconds: offsetSeconds) }
  }
}

/// How query values read as text.
public enum QueryValueText {
  /// `2026-11-03T08:12:00+01:00`.
  public static func local(_ instant: Instant, offsetSeconds: Int) -> String {
    let magnitude = abs(offsetSeconds)
    let sign = offsetSeconds < 0 ? "-" : "+"
    let zone =
      sign + String(format: "%02d:%02d", magnitude / 3600, magnitude % 3600 / 60)
    return CivilTime(milliseconds: instant.milliseconds, offsetSeconds: offsetSeconds)
      .iso8601(fraction: false, zone: zone)
  }

  /// `2026-11-03T08:12:00+01:00` as `2026-11-03 08:12 +01:00`, as tables show a time.
  public static func readable(_ iso: String) -> String {
    guard iso.count >= 25 else { return iso }
    let characters = Array(iso)
    return String(characters[0..<10]) + " " + String(characters[11..<16]) + " "
      + String(characters[19...])
  }

  /// A stored value of `kind` as people read it.
  public static func text(_ value: DatabaseValue, kind: QueryAttributeKind, offsetSeconds: Int)
    -> String
  {
    switch (kind, value) {
    case (_, .null): return ""
    case (.instant, .integer(let milliseconds)):
      return local(Instant(milliseconds: milliseconds), offsetSeconds: offsetSeconds)
    case (.duration, .integer(let milliseconds)):
      return TimeDuration(seconds: Double(milliseconds) / 1000).description
    case (.duration, .real(let milliseconds)):
      return TimeDuration(seconds: milliseconds / 1000).description
    case (.dayOfWeek, .integer(let day)):
      return DayOfWeek(rawValue: Int(day))?.name ?? String(day)
    case (.timeOfDay, .integer(let seconds)):
      return String(format: "%02d:%02d", seconds / 3600, seconds % 3600 / 60)
    case (.boolean, .integer(let flag)): return flag == 0 ? "no" : "yes"
    case (_, .real(let number)):
      return number == number.rounded() && abs(number) < 1e15
        ? String(Int64(number)) : String(number)
    case (_, .integer(let number)): return String(number)
    case (_, .text(let text)): return text
    case (_, .blob(let bytes)): return "\(bytes.count) bytes"
    }
  }
}
