import Foundation

/// A token, person or note text with its own stable ID (v2 `TokenValue`).
public struct TokenValue: Sendable, Equatable, Hashable {
  public var id: String
  public var text: String

  public init(id: String, text: String) {
    self.id = id
    self.text = text
  }
}

/// A time-of-day answer: minutes after midnight, and a day offset (−1 = yesterday).
public struct TimeAnswer: Sendable, Equatable, Hashable {
  /// Nominally 0…1439; stored as given and clamped for display.
  public var minutes: Int
  public var dayOffset: Int

  public init(minutes: Int, dayOffset: Int = 0) {
    self.minutes = minutes
    self.dayOffset = dayOffset
  }

  /// `HH:mm`, with the minutes clamped into a day.
  public var clockText: String {
    let clamped = min(max(minutes, 0), 1439)
    let hours = clamped / 60
    let mins = clamped % 60
    return (hours < 10 ? "0" : "") + String(hours) + ":" + (mins < 10 ? "0" : "") + String(mins)
  }

  /// Parses `H:mm` or `HH:mm` strictly (0–23 : 0–59).
  public init?(clock: String) {
    let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
      let hours = Int(parts[0]), let mins = Int(parts[1]),
      (0...23).contains(hours), (0...59).contains(mins)
    else { return nil }
    self.init(minutes: hours * 60 + mins)
  }
}

/// A location answer: a place name, optionally a venue ID and a full location snapshot.
public struct LocationAnswer: Sendable, Equatable {
  public var text: String?
  public var venueID: String?
  public var location: LocationSnapshot?

  public init(text: String? = nil, venueID: String? = nil, location: LocationSnapshot? = nil) {
    self.text = text
    self.venueID = venueID
    self.location = location
  }
}

/// The answer to one question in one report, or an explicit skip (no payload at all).
///
/// Payloads are independent optionals, as in Dispatch's v2 format: a nil payload is absent,
/// while an empty list is kept as written.
public struct Response: Sendable, Equatable, Identifiable {
  public var id: String
  /// The preferred join key to the question; nil for responses joined by prompt only.
  public var questionID: String?
  /// The prompt as it read when answered.
  public var questionPrompt: String
  /// Tokens, also used for people questions.
  public var tokens: [TokenValue]?
  /// Chosen options of yes/no and multiple-choice questions.
  public var options: [String]?
  @Boxed public var location: LocationAnswer?
  /// A number kept as typed text.
  public var number: String?
  /// Note texts.
  public var notes: [TokenValue]?
  public var time: TimeAnswer?

  public init(
    id: String, questionID: String?, questionPrompt: String, tokens: [TokenValue]? = nil,
    options: [String]? = nil, location: LocationAnswer? = nil, number: String? = nil,
    notes: [TokenValue]? = nil, time: TimeAnswer? = nil
  ) {
    self.id = id
    self.questionID = questionID
    self.questionPrompt = questionPrompt
    self.tokens = tokens
    self.options = options
    self.location = location
    self.number = number
    self.notes = notes
    self.time = time
  }

  /// Whether the question was skipped: no payload at all.
  public var isSkipped: Bool {
    tokens == nil && options == nil && location == nil && number == nil && notes == nil
      && time == nil
  }

  /// The number answer parsed as a Double, when it is one.
  public var numericValue: Double? {
    number.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// A one-line human rendering of the answer ("skipped" when skipped).
  public var summary: String {
    if let tokens { return tokens.map(\.text).joined(separator: ", ") }
    if let options { return options.joined(separator: ", ") }
    if let location { return location.text ?? location.location?.placemark?.name ?? "(location)" }
    if let time { return time.clockText + (time.dayOffset == -1 ? " (yesterday)" : "") }
    if let number { return number }
    if let notes { return notes.map(\.text).joined(separator: " / ") }
    return "skipped"
  }
}
