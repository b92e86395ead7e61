/// The editing keys every typed field of the survey shares: Backspace, Ctrl-U and Ctrl-W.
///
/// The fields are short and their cursor always sits at the end of the text, so Ctrl-U, which
/// kills back to the start of the line in a shell, clears the whole text. Typing itself is left
/// to each field, since each accepts different characters.
struct LineEditing: Equatable {
  /// The text typed so far.
  var text: String
  /// The characters besides the space that end a word for Ctrl-W (a comma between list items,
  /// a colon in a time).
  let wordSeparators: Set<Character>

  /// A line holding `text`.
  init(text: String = "", wordSeparators: Set<Character> = [","]) {
    self.text = text
    self.wordSeparators = wordSeparators.union([" "])
  }

  /// Applies `key` when it is an editing key; returns false for every other key.
  mutating func edit(_ key: Key) -> Bool {
    switch key {
    case .backspace:
      if !text.isEmpty { text.removeLast() }
    case Key.clearLine:
      text = ""
    case Key.deleteWord:
      deleteWordBack()
    default:
      return false
    }
    return true
  }

  /// Deletes the separators before the end, then the word before them, as a shell's Ctrl-W.
  mutating func deleteWordBack() {
    while let last = text.last, wordSeparators.contains(last) { text.removeLast() }
    while let last = text.last, !wordSeparators.contains(last) { text.removeLast() }
  }
}
