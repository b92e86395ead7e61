/// One key press, decoded from the bytes a terminal in raw mode sends (see ``KeyDecoder``).
enum Key: Sendable, Equatable {
  /// A printable character, including space, `+` and `-`; multi-byte UTF-8 arrives whole.
  case character(Character)
  /// Return or Enter (`\r`, or `\n` from terminals and scripts that send it).
  case enter
  /// Backspace (0x7F, or 0x08 from terminals that send Ctrl-H).
  case backspace
  /// Tab (0x09).
  case tab
  /// Shift-Tab (`ESC [ Z`), the survey's "back" key.
  case backTab
  /// A lone Escape: the survey's "skip" key, and "cancel" on the review.
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Forward delete (`ESC [ 3 ~`).
  case delete
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// Ctrl-C (0x03): with ISIG off in raw mode it is a byte, not SIGINT; the survey cancels.
  case interrupt
  /// Ctrl-D (0x04): end of transmission; the survey skips the remaining questions.
  case endOfTransmission
  /// Any other control byte, e.g. 0x15 for Ctrl-U or 0x17 for Ctrl-W.
  case control(UInt8)
  /// An escape sequence this decoder does not know (function keys and the like), kept whole so
  /// it is ignored as one key rather than leaking its bytes as characters.
  case unknown([UInt8])

  /// Ctrl-U: the text fields clear their text.
  static let clearLine = Key.control(0x15)
  /// Ctrl-W: the text fields delete the last word.
  static let deleteWord = Key.control(0x17)
  /// Ctrl-B: an alias of Shift-Tab for terminals (such as the Linux console) whose Shift-Tab
  /// sends a plain Tab.
  static let backAlias = Key.control(0x02)

  /// The digit 1–9 this key types, or nil; choice lists and the review select by number.
  var digit: Int? {
    guard case .character(let character) = self, let value = character.wholeNumberValue,
      (1...9).contains(value), character.isASCII
    else { return nil }
    return value
  }
}
