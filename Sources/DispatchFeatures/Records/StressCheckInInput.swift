import DispatchCore
import DispatchSupport
import Foundation

/// The answers of one stress check-in as given on the command line or typed into a survey,
/// before they become a ``StressCheckIn`` (docs/records.md#stress-check-ins).
public struct StressCheckInInput: Sendable, Equatable {
  /// Overall stress; skipped when not given.
  public var overall: StressAnswer
  /// Stressor name as given and its answer, in the order given.
  public var ratings: [(name: String, answer: StressAnswer)]
  /// An optional note; empty text counts as none.
  public var note: String?

  /// Answers to check in with.
  public init(
    overall: StressAnswer = .skipped, ratings: [(name: String, answer: StressAnswer)] = [],
    note: String? = nil
  ) {
    self.overall = overall
    self.ratings = ratings
    self.note = note
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.overall == rhs.overall && lhs.note == rhs.note && lhs.ratings.count == rhs.ratings.count
      && zip(lhs.ratings, rhs.ratings).allSatisfy { $0.name == $1.name && $0.answer == $1.answer }
  }

  /// Splits a `--rate` value `NAME=ANSWER` (`Work=7`, `Sleep=skip`, `Family=n/a`) at its last
  /// `=`, so a stressor name may itself hold one.
  ///
  /// - Returns: nil when there is no `=` or the name is empty (a usage error).
  /// - Throws: ``DispatchError`` (`invalidValue`) for an answer that is not on the scale.
  public static func parseRate(_ text: String) throws(DispatchError) -> (
    name: String, answer: StressAnswer
  )? {
    guard let equals = text.lastIndex(of: "=") else { return nil }
    let name = text[..<equals].trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { return nil }
    let answer = try StressScale.parseAnswer(
      String(text[text.index(after: equals)...]), subject: "'\(name)'")
    return (name, answer)
  }

  /// The check-in these answers make, with stressor names matched to `stressors` (ignoring
  /// case and accents) and written as defined there, in the defined order.
  ///
  /// - Throws: ``DispatchError`` `unknownReference` for a stressor that is not defined (with a
  ///   "did you mean"), `invalidValue` for a stressor rated twice or a check-in that holds
  ///   nothing (every answer skipped and no note).
  public func checkIn(id: String, time: RecordTime, stressors: [String]) throws(DispatchError)
    -> StressCheckIn
  {
    var answers: [String: StressAnswer] = [:]
    for rating in ratings {
      guard let defined = stressors.first(where: { Self.sameName($0, rating.name) }) else {
        throw Self.unknownStressor(rating.name, stressors: stressors)
      }
      guard answers[defined] == nil else {
        throw DispatchError(.invalidValue, "'\(defined)' is rated twice; give it once")
      }
      answers[defined] = rating.answer
    }
    let ordered = stressors.compactMap { name in answers[name].map { (name: name, answer: $0) } }
    let trimmedNote = note?.trimmingCharacters(in: .whitespacesAndNewlines)
    let finalNote = trimmedNote?.isEmpty == false ? trimmedNote : nil
    let answered = ([overall] + ordered.map(\.answer)).contains { $0 != .skipped }
    guard answered || finalNote != nil else {
      throw DispatchError(
        .invalidValue,
        "nothing to file: every answer was skipped; rate something (--overall 0–10) or add --note")
    }
    return StressCheckIn(
      id: id, time: time, overall: overall, stressors: ordered, note: finalNote)
  }

  /// Whether two stressor names are the same one.
  public static func sameName(_ lhs: String, _ rhs: String) -> Bool {
    NameKey.normalize(lhs) == NameKey.normalize(rhs)
  }

  /// The error for a stressor that is not in the list.
  static func unknownStressor(_ name: String, stressors: [String]) -> DispatchError {
    guard !stressors.isEmpty else {
      return DispatchError(
        .unknownReference,
        "no stressor named '\(name)': none are defined; add them with "
          + "'dispatch stress stressors set NAME…'")
    }
    let hint =
      Suggestion.closest(to: name, in: stressors).map { "; did you mean '\($0)'?" }
      ?? "; the stressors are \(stressors.joined(separator: ", "))"
    return DispatchError(.unknownReference, "no stressor named '\(name)'" + hint)
  }

  /// Checks a new list of stressors: names not empty, no duplicates ignoring case and accents.
  ///
  /// - Returns: the names, trimmed.
  /// - Throws: ``DispatchError`` (`invalidValue`).
  public static func validateStressors(_ names: [String]) throws(DispatchError) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for name in names {
      let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !trimmed.isEmpty else {
        throw DispatchError(.invalidValue, "a stressor name cannot be empty")
      }
      guard !trimmed.contains("=") else {
        throw DispatchError(
          .invalidValue, "'\(trimmed)' holds '=', which --rate NAME=VALUE uses; rename it")
      }
      guard seen.insert(NameKey.normalize(trimmed)).inserted else {
        throw DispatchError(.invalidValue, "'\(trimmed)' is listed twice")
      }
      result.append(trimmed)
    }
    return result
  }
}
