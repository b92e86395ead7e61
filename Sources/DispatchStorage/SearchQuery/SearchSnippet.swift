/// A piece of matched text with the matching words marked, ready to show.
public struct SearchSnippet: Sendable, Equatable {
  /// A run of text that matched the query or not.
  public struct Segment: Sendable, Equatable {
    public var text: String
    public var isMatch: Bool

    public init(_ text: String, isMatch: Bool) {
      self.text = text
      self.isMatch = isMatch
    }
  }

  /// The text in order; consecutive segments differ in `isMatch`.
  public var segments: [Segment]

  public init(segments: [Segment]) {
    self.segments = segments
  }

  /// The text without marks.
  public var text: String { segments.map(\.text).joined() }

  /// The text with each match between `open` and `close`, e.g. `the «coffee» shop`.
  public func marked(open: String = "«", close: String = "»") -> String {
    segments.map { $0.isMatch ? open + $0.text + close : $0.text }.joined()
  }

  /// FTS5 `highlight()` output between `open` and `close` marks, cut to about `maxLength`
  /// characters around the first match, with "…" where text was cut.
  init(highlighted: String, open: Character, close: Character, maxLength: Int = 160) {
    var characters: [(Character, Bool)] = []
    var inMatch = false
    for character in highlighted {
      if character == open {
        inMatch = true
      } else if character == close {
        inMatch = false
      } else {
        characters.append((character, inMatch))
      }
    }
    self.init(segments: Self.segments(Self.window(characters, maxLength: maxLength)))
  }

  /// The characters around the first match: a quarter of `maxLength` before it, cut at spaces,
  /// never inside a match.
  private static func window(_ characters: [(Character, Bool)], maxLength: Int)
    -> [(Character, Bool)]
  {
    guard characters.count > maxLength else { return characters }
    let first = characters.firstIndex { $0.1 } ?? 0
    var start = max(0, first - maxLength / 4)
    while start > 0 && start < first && !characters[start - 1].0.isWhitespace { start += 1 }
    var end = min(characters.count, start + maxLength)
    while end < characters.count && characters[end].1 { end += 1 }
    while end < characters.count && end > first + 1 && !characters[end].0.isWhitespace {
      end -= 1
    }
    var cut = Array(characters[start..<end])
    while cut.first?.0.isWhitespace == true { cut.removeFirst() }
    while cut.last?.0.isWhitespace == true { cut.removeLast() }
    if start > 0 { cut.insert(("…", false), at: 0) }
    if end < characters.count { cut.append(("…", false)) }
    return cut
  }

  private static func segments(_ characters: [(Character, Bool)]) -> [Segment] {
    var segments: [Segment] = []
    for (character, isMatch) in characters {
      if segments.last?.isMatch == isMatch {
        segments[segments.count - 1].text.append(character)
      } else {
        segments.append(Segment(String(character), isMatch: isMatch))
      }
    }
    return segments
  }
}
