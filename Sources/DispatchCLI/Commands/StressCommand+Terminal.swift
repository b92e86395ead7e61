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

  /// The screen: the answers so far, the current item with its scale, and the keys.
  func render() -> [String] {
    var lines = [style.bold("Stress check-in") + style.dim("  " + StressScale.legend)]
    for index in 0..<min(step, items) {
      lines.append("  " + subject(index) + ": " + StressScale.text(answers[index] ?? .skipped))
    }
    guard step < items else {
      lines += [
        style.bold("Note (optional)"), "> " + note + style.textCursor,
        style.dim("enter file · esc file without a note · shift-tab back · ctrl-c cancel"),
      ]
      return lines
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
    let width = TerminalInfo.width(environment: ProcessInfo.processInfo.environment)
    var flow = StressSurveyFlow(
      stressors: stressors, style: TerminalStyle(colorEnabled: colorEnabled))
    while flow.outcome == .running {
      try screen.draw(flow.render(), width: width)
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
