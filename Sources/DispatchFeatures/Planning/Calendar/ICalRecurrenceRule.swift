import DispatchCore

/// The part of an `RRULE` (RFC 5545 §3.3.10) Dispatch expands: FREQ DAILY to YEARLY with
/// INTERVAL, COUNT, UNTIL, WKST, BYMONTH, BYMONTHDAY and BYDAY.
///
/// Anything else (BYSETPOS, BYHOUR, BYWEEKNO, sub-daily frequencies, …) is refused with a
/// reason, and the event then counts only its first occurrence: a prompt too few is better
/// than prompts at invented times.
struct ICalRecurrenceRule: Equatable, Sendable {
  enum Frequency: String, Equatable, Sendable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"
  }

  /// Where the rule stops: a `DATE` compares with occurrence dates, a date-time with starts.
  enum Until: Equatable, Sendable {
    case date(ICalDate)
    case instant(Instant)
  }

  /// A `BYDAY` entry: ISO weekday 1 (Monday) … 7, with an optional ordinal such as `-1` in
  /// `-1FR` (the last Friday of the month).
  struct Weekday: Equatable, Sendable {
    var ordinal: Int?
    var weekday: Int
  }

  var frequency: Frequency
  var interval = 1
  var count: Int?
  var until: Until?
  var byDay: [Weekday] = []
  var byMonthDay: [Int] = []
  var byMonth: [Int] = []
  /// `WKST`, the first day of a week for WEEKLY rules with an INTERVAL above 1.
  var weekStart = 1

  init(frequency: Frequency) {
    self.frequency = frequency
  }

  /// Reads an `RRULE` value; `resolveUntil` turns a date-time `UNTIL` into an instant in the
  /// event's zone. Fails with a lowercase reason for the note.
  static func parse(_ text: String, resolveUntil: (ICalDateValue) -> Instant?)
    -> Result<ICalRecurrenceRule, ICalRuleProblem>
  {
    var parts: [String: String] = [:]
    for part in text.icalTrimmed().split(separator: ";", omittingEmptySubsequences: true) {
      let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard pair.count == 2 else { return .failure(.invalid(String(part))) }
      let key = String(pair[0]).icalTrimmed().uppercased()
      guard parts[key] == nil else { return .failure(.invalid(String(part))) }
      parts[key] = String(pair[1]).icalTrimmed().uppercased()
    }
    guard let freqText = parts.removeValue(forKey: "FREQ") else {
      return .failure(.invalid("no FREQ"))
    }
    guard let frequency = Frequency(rawValue: freqText) else {
      return .failure(.unsupported("FREQ=\(freqText)"))
    }
    var rule = ICalRecurrenceRule(frequency: frequency)
    for (key, value) in parts.sorted(by: { $0.key < $1.key }) {
      if let problem = rule.apply(key: key, value: value, resolveUntil: resolveUntil) {
        return .failure(problem)
      }
    }
    if let problem = rule.unsupportedCombination() { return .failure(problem) }
    return .success(rule)
  }

  private mutating func apply(
    key: String, value: String, resolveUntil: (ICalDateValue) -> Instant?
  ) -> ICalRuleProblem? {
    let invalid = ICalRuleProblem.invalid("\(key)=\(value)")
    switch key {
    case "INTERVAL":
      guard let number = Self.integer(value), (1...100_000).contains(number) else { return invalid }
      interval = number
    case "COUNT":
      guard let number = Self.integer(value), number >= 1 else { return invalid }
      count = number
    case "UNTIL":
      guard let parsed = ICalDateValue(parsing: value, tzid: nil) else { return invalid }
      if parsed.isDate {
        until = .date(parsed.date)
      } else {
        guard let instant = resolveUntil(parsed) else { return invalid }
        until = .instant(instant)
      }
    case "WKST":
      guard let day = Self.weekdays[value] else { return invalid }
      weekStart = day
    case "BYDAY":
      for item in value.split(separator: ",") {
        guard let entry = Self.weekday(String(item)) else { return invalid }
        byDay.append(entry)
      }
    case "BYMONTHDAY":
      for item in value.split(separator: ",") {
        guard let day = Self.integer(String(item)), (1...31).contains(abs(day)) else {
          return invalid
        }
        byMonthDay.append(day)
      }
    case "BYMONTH":
      for item in value.split(separator: ",") {
        guard let month = Self.integer(String(item)), (1...12).contains(month) else {
          return invalid
        }
        byMonth.append(month)
      }
    case let other where other.hasPrefix("X-"):
      break  // Extensions carry no meaning for expansion (RFC 5545 §3.3.10 x-name).
    default:
      return .unsupported(key)
    }
    return nil
  }

  /// Combinations RFC 5545 allows but Dispatch does not expand.
  private func unsupportedCombination() -> ICalRuleProblem? {
    let ordinals = byDay.contains { $0.ordinal != nil }
    switch frequency {
    case .daily, .weekly:
      if ordinals { return .unsupported("ordinal BYDAY with FREQ=\(frequency.rawValue)") }
      if frequency == .weekly, !byMonthDay.isEmpty {
        return .unsupported("BYMONTHDAY with FREQ=WEEKLY")
      }
    case .monthly:
      if byDay.contains(where: { ($0.ordinal ?? 1) == 0 || abs($0.ordinal ?? 1) > 5 }) {
        return .invalid("BYDAY ordinal outside -5…5")
      }
    case .yearly:
      if !byDay.isEmpty, byMonth.isEmpty {
        return .unsupported("BYDAY with FREQ=YEARLY and no BYMONTH")
      }
      if byDay.contains(where: { ($0.ordinal ?? 1) == 0 || abs($0.ordinal ?? 1) > 5 }) {
        return .invalid("BYDAY ordinal outside -5…5")
      }
    }
    return nil
  }

  static let weekdays: [String: Int] = [
    "MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6, "SU": 7,
  ]

  /// `MO`, `1MO`, `+2TU`, `-1FR`.
  private static func weekday(_ text: String) -> Weekday? {
    let trimmed = text.icalTrimmed()
    guard trimmed.count >= 2, let day = weekdays[String(trimmed.suffix(2))] else { return nil }
    let prefix = String(trimmed.dropLast(2))
    guard !prefix.isEmpty else { return Weekday(ordinal: nil, weekday: day) }
    guard let ordinal = integer(prefix), (1...53).contains(abs(ordinal)) else { return nil }
    return Weekday(ordinal: ordinal, weekday: day)
  }

  /// A signed decimal of at most 9 digits, so later arithmetic cannot overflow.
  private static func integer(_ text: String) -> Int? {
    let trimmed = text.icalTrimmed()
    let digits = trimmed.drop { $0 == "+" || $0 == "-" }
    guard trimmed.count - digits.count <= 1, (1...9).contains(digits.count),
      digits.allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return Int(trimmed)
  }
}

/// Why an `RRULE` was not expanded.
enum ICalRuleProblem: Error, Equatable, Sendable {
  /// A part or combination Dispatch does not expand, e.g. `BYSETPOS`.
  case unsupported(String)
  /// A part RFC 5545 does not allow, e.g. `INTERVAL=0`.
  case invalid(String)

  /// The note's wording, with the offending part in single quotes.
  var message: String {
    switch self {
    case .unsupported(let part): "uses unsupported RRULE part '\(part)'"
    case .invalid(let part): "has an invalid RRULE part '\(part)'"
    }
  }
}
