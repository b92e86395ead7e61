import DispatchCore
import Foundation

/// Values: what a written value means for each attribute kind.
extension QueryCompiler {
  func scalar(_ value: ValueSyntax, kind: QueryAttributeKind) throws(QueryDiagnostic)
    -> DatabaseValue
  {
    switch kind {
    case .number:
      guard value.unit == nil, !value.isQuoted, let number = Self.number(value.text) else {
        throw QueryDiagnostic(
          .invalidNumber, "'\(value.written)' is not a number", range: value.range,
          hint: value.unit != nil ? "write the number without a unit" : nil)
      }
      return .real(number)
    case .duration:
      return .integer(try duration(value))
    case .dosage:
      guard let dosage = Dosage(parsing: value.written) else {
        throw QueryDiagnostic(
          .invalidDosage, "'\(value.written)' is not a dosage", range: value.range,
          hint: "for example 20 mg, 1.5 g, 2 tablets")
      }
      return .real(dosage.measure)
    case .timeOfDay:
      guard let time = TimeOfDay(parsing: value.written) else {
        throw QueryDiagnostic(
          .invalidTimeOfDay, "'\(value.written)' is not a time of day", range: value.range,
          hint: "for example 18:00, 7:30, 6pm")
      }
      return .integer(Int64(time.secondsSinceMidnight))
    case .dayOfWeek:
      guard let day = DayName.day(value.text) else {
        throw QueryDiagnostic.unknown(
          .invalidDay, "'\(value.text)' is not a day of the week", written: value.text,
          candidates: DayOfWeek.allCases.map { $0.name.lowercased() }, range: value.range,
          otherwise: "for example sat, sunday")
      }
      return .integer(Int64(day.rawValue))
    case .boolean:
      switch value.text.lowercased() {
      case "true", "yes", "1", "on": return .integer(1)
      case "false", "no", "0", "off": return .integer(0)
      default:
        throw QueryDiagnostic(
          .invalidBoolean, "'\(value.text)' is not yes or no", range: value.range,
          hint: "write 'is true' or 'is false'")
      }
    case .text, .tags, .choice, .instant, .place:
      return .text(value.written)
    }
  }

  /// A plain decimal (`7`, `-2.5`): never `nan`, `inf` or hex.
  static func number(_ text: String) -> Double? {
    guard text.allSatisfy({ "0123456789.-+".contains($0) }), let number = Double(text),
      number.isFinite
    else { return nil }
    return number
  }

  /// The choice `value` names (any case), or a diagnostic with the closest choice.
  func choice(_ value: ValueSyntax, in choices: [String]) throws(QueryDiagnostic) -> String {
    let key = QueryTypeRegistry.key(value.written)
    if let known = choices.first(where: { QueryTypeRegistry.key($0) == key }) {
      return Self.fold(known)
    }
    guard !choices.isEmpty else { return Self.fold(value.written) }
    throw QueryDiagnostic.unknown(
      .unknownChoice, "'\(value.written)' is not one of the values", written: value.written,
      candidates: choices, range: value.range,
      otherwise: "the values are " + choices.prefix(10).joined(separator: ", "))
  }

  /// A duration in milliseconds: `30m`, `1h30m`, `30 minutes`, `an hour`, `2 days`.
  func duration(_ value: ValueSyntax) throws(QueryDiagnostic) -> Int64 {
    if let unit = value.unit, let amount = Self.number(value.text),
      let seconds = CalendarWord.seconds(unit)
    {
      return Int64((amount * seconds * 1000).rounded())
    }
    if value.unit == nil, let parsed = TimeDuration(parsing: value.text) {
      return Int64((parsed.seconds * 1000).rounded())
    }
    throw QueryDiagnostic(
      .invalidDuration, "'\(value.written)' is not a duration", range: value.range,
      hint: "for example 30 minutes, 2 hours, 1h30m, 3 days")
  }
}

/// Day names as queries write them: a full English name or its first three letters or more.
enum DayName {
  static func day(_ text: String) -> DayOfWeek? {
    let lower = text.lowercased()
    guard lower.count >= 3 else { return nil }
    return DayOfWeek.allCases.first { $0.name.lowercased().hasPrefix(lower) }
  }
}

/// Unit words of durations and calendar spans.
enum CalendarWord {
  private static let units: [(words: Set<String>, seconds: Double, component: Calendar.Component)] =
    [
      (["s", "sec", "secs", "second", "seconds"], 1, .second),
      (["m", "min", "mins", "minute", "minutes"], 60, .minute),
      (["h", "hr", "hrs", "hour", "hours"], 3_600, .hour),
      (["d", "day", "days"], 86_400, .day),
      (["w", "wk", "wks", "week", "weeks"], 604_800, .weekOfYear),
      (["month", "months"], 2_629_746, .month),
      (["quarter", "quarters"], 7_889_238, .quarter),
      (["y", "yr", "yrs", "year", "years"], 31_556_952, .year),
    ]

  /// Seconds in one `word` of fixed length (not months, quarters or years: they vary).
  static func seconds(_ word: String) -> Double? {
    guard let unit = units.first(where: { $0.words.contains(word.lowercased()) }),
      unit.seconds < 2_000_000
    else { return nil }
    return unit.seconds
  }

  /// The calendar component `word` names.
  static func component(_ word: String) -> Calendar.Component? {
    units.first { $0.words.contains(word.lowercased()) }?.component
  }

  static let unitNames = ["minute", "hour", "day", "week", "month", "quarter", "year"]
}
