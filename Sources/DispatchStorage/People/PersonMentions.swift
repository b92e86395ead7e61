import DispatchCore
import Foundation

/// Where a person is named in filed reports: how often, under which names, for which
/// questions, and the first and last time.
public struct PersonMentions: Sendable, Equatable {
  /// A text with how often it occurs.
  public struct Tally: Sendable, Equatable {
    public let text: String
    public let count: Int
  }

  public let person: Person
  /// Mentions in all.
  public private(set) var count = 0
  public private(set) var first: Instant?
  public private(set) var last: Instant?
  /// The UTC offsets of the first and last mention, so their dates read in their own zones.
  public private(set) var firstOffsetSeconds = 0
  public private(set) var lastOffsetSeconds = 0
  private var nameCounts: [String: Int] = [:]
  private var promptCounts: [String: Int] = [:]

  public init(person: Person) {
    self.person = person
  }

  /// The names written, most used first (ties by name).
  public var names: [Tally] { Self.sorted(nameCounts) }
  /// The questions asked, most mentions first (ties by prompt).
  public var questions: [Tally] { Self.sorted(promptCounts) }

  /// Counts one mention; mentions arrive oldest first.
  mutating func record(name: String, prompt: String, at date: Instant, offset: Int) {
    count += 1
    nameCounts[name, default: 0] += 1
    promptCounts[prompt, default: 0] += 1
    if first == nil {
      first = date
      firstOffsetSeconds = offset
    }
    last = date
    lastOffsetSeconds = offset
  }

  private static func sorted(_ counts: [String: Int]) -> [Tally] {
    counts.map { Tally(text: $0.key, count: $0.value) }
      .sorted { ($1.count, $0.text) < ($0.count, $1.text) }
  }
}
