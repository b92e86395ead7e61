import DispatchCommandLine
import DispatchKit
import Foundation

/// A one-line text field: tokens, people, places, notes and plainly typed numbers.
///
/// Tokens, people and places get type-ahead completion from the user's vocabulary through the
/// `suggest` closure. Tokens and people take several comma-separated items; completion applies
/// to the item being typed. Tab or → accepts the highlighted suggestion (the first, unless
/// ↑/↓ chose another) and starts the next item with ", "; a comma or space typed right after
/// it is absorbed, since habit types one anyway. Backspace, Ctrl-W and Ctrl-U edit as in every
/// field (``LineEditing``).
/// Enter parses the text with ``AnswerParser`` (so the rules match line mode and `--answer`);
/// an empty text is a skip, and text the question does not accept shows the parser's message
/// and keeps the field open.
struct TextEntryWidget: SurveyWidget {
  /// How many suggestions are shown at once.
  static let maximumSuggestions = 5

  /// The question asked.
  let question: Question
  private let suggest: (QuestionType, String) -> [String]
  /// The text typed so far, with the shared editing keys.
  private(set) var line = LineEditing()
  /// The suggestions for the item being typed, best first.
  private(set) var suggestions: [String] = []
  /// The index of the highlighted suggestion.
  private(set) var selected = 0
  /// Why the last Enter was refused, shown until the text changes.
  private(set) var error: String?

  /// A field for `question` holding the earlier answer, if any.
  init(
    question: Question, answer: AnswerValue?,
    suggest: @escaping (QuestionType, String) -> [String]
  ) {
    self.question = question
    self.suggest = suggest
    switch answer {
    case .tokens(let items): line.text = items.joined(separator: ", ")
    case .location(let place): line.text = place
    case .note(let note): line.text = note
    case .number(let number): line.text = number
    default: break
    }
    refreshSuggestions()
  }

  /// The text typed so far.
  var text: String { line.text }

  /// Whether the field takes several comma-separated items.
  var isList: Bool { question.type == .tokens || question.type == .people }

  /// Whether the field offers completions.
  var completes: Bool { isList || question.type == .location }

  /// The item completion works on: the text after the last comma for lists, else all of it.
  var currentItem: String {
    let item =
      isList
      ? String(text.split(separator: ",", omittingEmptySubsequences: false).last ?? "") : text
    return String(item.drop(while: { $0 == " " }))
  }

  var hint: String {
    switch question.type {
    case .tokens, .people: return "type · comma between items · tab complete · enter accept"
    case .location: return "type · tab complete · enter accept"
    case .number: return "type a number · enter accept"
    default: return "type · enter accept"
    }
  }

  func render(style: TerminalStyle) -> [String] {
    var field = "> " + text + style.textCursor
    if text.isEmpty {
      if let placeholder = question.placeholder, !placeholder.isEmpty {
        field += " " + style.dim(placeholder)
      } else if question.type == .number, let fallback = question.defaultAnswer {
        field += " " + style.dim("(empty files \(fallback))")
      }
    }
    var lines = [field]
    if !suggestions.isEmpty {
      let shown = suggestions.enumerated().map { index, suggestion in
        index == selected ? style.accent("[\(suggestion)]") : style.dim(suggestion)
      }
      lines.append("  " + style.dim("tab:") + " " + shown.joined(separator: " "))
    }
    if let error { lines.append(style.error("! " + error)) }
    return lines
  }

  mutating func handle(_ key: Key) -> WidgetAction {
    switch key {
    case .character(let character):
      if absorbs(character) { return .none }
      line.text.append(character)
    case .backspace, Key.clearLine, Key.deleteWord:
      if text.isEmpty { return .none }
      _ = line.edit(key)
    case .tab, .right:
      guard suggestions.indices.contains(selected) else { return .none }
      accept(suggestions[selected])
    case .down:
      if !suggestions.isEmpty { selected = (selected + 1) % suggestions.count }
      return .none
    case .up:
      if !suggestions.isEmpty { selected = (selected + suggestions.count - 1) % suggestions.count }
      return .none
    case .enter:
      return submit()
    default:
      return .none
    }
    error = nil
    refreshSuggestions()
    return .none
  }

  private mutating func submit() -> WidgetAction {
    do {
      return .submit(try AnswerParser.parse(text, for: question))
    } catch let failure as DispatchError {
      error = failure.message
    } catch {
      self.error = String(describing: error)
    }
    return .none
  }

  /// Replaces the item being typed with `suggestion`; a list gets ", " for the next item.
  private mutating func accept(_ suggestion: String) {
    guard isList else {
      line.text = suggestion
      return
    }
    if let comma = text.lastIndex(of: ",") {
      line.text = String(text[...comma]) + " " + suggestion + ", "
    } else {
      line.text = suggestion + ", "
    }
  }

  /// Whether a typed separator is dropped: a list item needs one comma and one space, and
  /// completion has often put them there already ("coding, " plus a typed ", " made
  /// "coding, , ").
  private func absorbs(_ character: Character) -> Bool {
    guard isList else { return false }
    let trimmed = text.drop { $0 == " " }
    switch character {
    case ",": return trimmed.isEmpty || text.trimmingCharacters(in: .whitespaces).hasSuffix(",")
    case " ": return trimmed.isEmpty || text.hasSuffix(" ")
    default: return false
    }
  }

  /// Asks for suggestions for the current item, leaving out items already in a list and the
  /// exact text typed.
  private mutating func refreshSuggestions() {
    selected = 0
    guard completes else {
      suggestions = []
      return
    }
    let item = currentItem.trimmingCharacters(in: .whitespaces)
    var taken = Set(AnswerParser.list(text).map { $0.lowercased() })
    taken.insert(item.lowercased())
    var seen = Set<String>()
    suggestions = Array(
      suggest(question.type, item)
        .filter { !taken.contains($0.lowercased()) && seen.insert($0.lowercased()).inserted }
        .prefix(Self.maximumSuggestions))
  }
}
