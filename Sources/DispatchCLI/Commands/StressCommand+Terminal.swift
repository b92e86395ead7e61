import DispatchCommandLine
import DispatchKit
import Foundation

/// The interactive stress check-in, without the terminal: one item at a time on the anchored
/// scale, then the note; driven one ``Key`` at a time and drawn as lines, so it is tested
/// without a terminal.
///
/// Keys on a rating: ← → (or a digit; 1 then 0 for 10) choose, Home/End jump to the ends, Enter
/// accepts, `s` or Esc skips, `n` marks not applicable, Shift-Tab (or Ctrl-B) goes back,
/// Ctrl-D skips the remaining stressors, Ctrl-C cancels. On the note: type, Enter files (an
/// empty note is none), Shift-Tab goes back.
struct StressSurveyFlow {
  /// How the check-in stands.
  enum Outcome: Equatable {
    case running
    case finished(StressCheckInInput)
    case cancelled
  }

  /// The stressors asked after overall stress.
  let stressors: [String]
  let style: TerminalStyle
  /// The item being asked: 0 overall, then the stressors; `items` is the note.
  private(set) var step = 0
  private(set) var answers: [StressAnswer?]
  /// The value under the cursor of the current rating.
  private(set) var value = 0
  private(set) var note = ""
  private(set) var outcome = Outcome.running
  private var lastDigit: Int?

  init(stressors: [String], style: TerminalStyle) {
    self.stressors = stressors
    self.style = style
    answers = Array(repeating: nil, count: stressors.count + 1)
  }

  private var items: Int { stressors.count + 1 }

  private func subject(_ index: Int) -> String {
    index == 0 ? "Overall stress" : stressors[index - 1]
  }

  /// Handles one key press.
  mutating func handle(_ key: Key) {
    guard outcome == .running else { return }
    if key == .interrupt {
      outcome = .cancelled
      return
    }
    if key == .backTab || key == Key.backAlias {
      if step > 0 { move(to: step - 1) }
      return
    }
    guard step < items else { return handleNote(key) }
    switch key {
    case .left: value = max(StressScale.minimum, value - 1)
    case .right: value = min(StressScale.maximum, value + 1)
    case .home: value = StressScale.minimum
    case .end: value = StressScale.maximum
    case .enter: answer(.rated(value))
    case .escape, .character("s"): answer(.skipped)
    case .character("n"): answer(.notApplicable)
    case .endOfTransmission:
      for index in step..<items where answers[index] == nil { answers[index] = .skipped }
      move(to: items)
    default:
      if case .character(let character) = key, let digit = character.wholeNumberValue,
        character.isASCII
      {
        value = lastDigit == 1 && digit == 0 ? 10 : digit
        lastDigit = digit
        return
      }
    }
    lastDigit = nil
  }

  private mutating func handleNote(_ key: Key) {
    switch key {
    case .enter: finish()
    case .escape:
      note = ""
      finish()
    case .backspace: if !note.isEmpty { note.removeLast() }
    case .clearLine: note = ""
    case .character(let character): note.append(character)
    default: break
    }
  }

  private mutating func answer(_ answer: StressAnswer) {
    answers[step] = answer
    move(to: step + 1)
  }

  private mutating func move(to index: Int) {
    step = index
    lastDigit = nil
    if index < items { value = answers[index]?.value ?? value }
  }

  private mutating func finish() {
    var input = StressCheckInInput(overall: answers[0] ?? .skipped)
    for (offset, name) in stressors.enumerated() {
      input.ratings.append((name, answers[offset + 1] ?? .skipped))
    }
    input.note = note.isEmpty ? nil : note
    outcome = .finished(input)
  }

  /// The screen in at most `rows` rows of a terminal `width` columns wide: the answers so far
  /// (the latest ones when not all fit), the current item with its scale, and the keys.
  func render(rows: Int = .max, width: Int = .max) -> [String] {
    let title = style.bold("Stress check-in") + style.dim("  " + StressScale.legend)
    var answered: [String] = []
    for index in 0..<min(step, items) {
      answered.append("  " + subject(index) + ": " + StressScale.text(answers[index] ?? .skipped))
    }
    let current = currentLines()
    let room = rows - ([title] + current).reduce(0) { $0 + ScreenFit.rows(of: $1, width: width) }
    let shown = ScreenFit.window(
      answered, rows: max(0, room), focus: answered.count - 1, style: style)
    return SurveyFlow.capped([title] + shown + current, rows: rows, width: width)
  }

  /// The item being asked, or the note once every item is answered.
  private func currentLines() -> [String] {
    var lines: [String] = []
    guard step < items else {
      return [
        style.bold("Note (optional)"), "> " + note + style.textCursor,
        style.dim("enter file · esc file without a note · shift-tab back · ctrl-c cancel"),
      ]
    }
    lines.append(style.bold("\(step + 1)/\(items) \(subject(step))"))
    var numbers = ""
    var marks = ""
    for point in StressScale.minimum...StressScale.maximum {
      let label = String(point)
      numbers += String(repeating: " ", count: 4 - label.count) + label
      marks += (point == 0 ? "   " : style.dim("───")) + (point == value ? style.accent("●") : "○")
    }
    lines += [
      numbers, marks,
      "   " + style.accent(style.bold("\(value) — \(StressScale.nearestLabel(Double(value)))")),
      style.dim(
        "←→ or 0–10 choose · enter accept · s skip · n not applicable · shift-tab back · "
          + "ctrl-c cancel"),
    ]
    return lines
  }
}

/// Runs ``StressSurveyFlow`` on the process's terminal, in raw mode only while it runs.
struct StressTerminalSurvey {
  let stressors: [String]
  let colorEnabled: Bool

  /// The answers, or nil when the user cancelled.
  func run() throws -> StressCheckInInput? {
    let mode = try RawTerminalMode(input: STDIN_FILENO, output: STDOUT_FILENO)
    defer { mode.restore() }
    let screen = ScreenWriter(fileDescriptor: STDOUT_FILENO)
    defer { try? screen.end() }
    try screen.begin()
    let reader = KeyReader(fileDescriptor: STDIN_FILENO)
    let environment = ProcessInfo.processInfo.environment
    var flow = StressSurveyFlow(
      stressors: stressors, style: TerminalStyle(colorEnabled: colorEnabled))
    while flow.outcome == .running {
      // Asked before every frame, as the report survey does, so the screen fits after a resize.
      let width = TerminalInfo.width(environment: environment)
      let rows = TerminalInfo.height(environment: environment) ?? 24
      try screen.draw(flow.render(rows: rows, width: width), width: width)
      guard let key = try reader.next() else { break }
      flow.handle(key)
    }
    guard case .finished(let input) = flow.outcome else {
      try screen.clear()
      return nil
    }
    try screen.clear()
    return input
  }
}
