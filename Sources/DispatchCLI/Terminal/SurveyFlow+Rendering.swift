import DispatchCommandLine
import DispatchKit

extension SurveyFlow {
  /// The longest prompt shown whole on the review; longer ones are shortened with "…".
  static let reviewPromptWidth = 40

  /// The screen for the current step, as lines without trailing newlines, in at most `rows`
  /// rows of a terminal `width` columns wide: long lists scroll with the current item in view.
  /// The filed answers are the exception: drawn once and left as a record, they may scroll the
  /// terminal like any output.
  func render(rows: Int = .max, width: Int = .max) -> [String] {
    let lines: [String]
    switch session.step {
    case .question(let index): lines = renderQuestion(index, rows: rows, width: width)
    case .review: lines = renderReview(withCursor: true, rows: rows, width: width)
    case .filed: return renderReview(withCursor: false, rows: .max, width: width)
    case .cancelled: lines = []
    }
    return Self.capped(lines, rows: rows, width: width)
  }

  /// The keys common to every question, after the widget's own.
  func hint(forQuestion index: Int) -> String {
    var parts = [widget?.hint ?? "enter accept", "esc skip"]
    if session.isRevisiting {
      parts.append("shift-tab review")
    } else if index > 0 {
      parts.append("shift-tab back")
    }
    return parts.joined(separator: " · ")
  }

  /// The review's key hint.
  var reviewHint: String {
    var parts = ["enter file or change", "↑↓ move"]
    let count = session.questions.count
    if count > 9 {
      parts.append("type a number")
      parts.append("shift-tab back")
    } else if count > 0 {
      parts.append("1-\(count) change")
      parts.append("shift-tab back")
    }
    parts.append("esc cancel")
    return parts.joined(separator: " · ")
  }

  /// A one-line rendering of an answer for the review.
  static func summary(of answer: AnswerValue) -> String {
    switch answer {
    case .skipped: return "skipped"
    case .tokens(let items), .options(let items): return items.joined(separator: ", ")
    case .location(let place): return place
    case .number(let number): return number
    case .note(let note): return note.split(whereSeparator: \.isNewline).joined(separator: " ")
    case .time(let time): return time.clockText + (time.dayOffset == -1 ? " yesterday" : "")
    }
  }

  private func renderQuestion(_ index: Int, rows: Int, width: Int) -> [String] {
    let count = session.questions.count
    let question = session.questions[index]
    let header = [
      style.bold(title) + style.dim(" · \(index + 1)/\(count)"), style.bold(question.prompt),
    ]
    let hintLine = style.dim(hint(forQuestion: index))
    let fixedRows = (header + [hintLine]).reduce(0) { $0 + ScreenFit.rows(of: $1, width: width) }
    let widgetLines = widget?.render(style: style, rows: max(1, rows - fixedRows)) ?? []
    return header + widgetLines.map { "  " + $0 } + [hintLine]
  }

  private func renderReview(withCursor: Bool, rows: Int, width: Int) -> [String] {
    let entries = session.reviewEntries
    let heading = withCursor ? " · review" : " · filed"
    let titleLine = style.bold(title) + style.dim(heading)
    let promptWidth = min(
      Self.reviewPromptWidth, entries.map { $0.question.prompt.count }.max() ?? 0)
    // Every question is numbered, as wide as the largest number.
    let numberWidth = String(entries.count).count + 1
    var list: [String] = []
    for entry in entries {
      let number = "\(entry.index + 1).".leftPadded(to: numberWidth)
      let prompt = Self.fitted(entry.question.prompt, promptWidth)
      let answer =
        entry.answer == .skipped
        ? style.dim("(skipped)") : style.chosen(Self.summary(of: entry.answer))
      let row = number + " " + prompt + "  " + answer
      list.append(
        withCursor && reviewCursor == entry.index ? style.accent("> ") + row : "  " + row)
    }
    guard withCursor else {
      return [titleLine] + list
    }
    let file = "File this report"
    list.append(reviewCursor == entries.count ? style.accent("> " + style.bold(file)) : "  " + file)
    let hintLine = style.dim(reviewHint)
    let fixedRows =
      ScreenFit.rows(of: titleLine, width: width) + ScreenFit.rows(of: hintLine, width: width)
    let room = max(1, rows - fixedRows)
    return [titleLine] + ScreenFit.window(list, rows: room, focus: reviewCursor, style: style)
      + [hintLine]
  }

  /// The first lines of `lines` that fit in `rows` rows: the last guard against a screen taller
  /// than the terminal, whose redraw would climb past the top.
  static func capped(_ lines: [String], rows: Int, width: Int) -> [String] {
    var used = 0
    var kept: [String] = []
    for line in lines {
      used += ScreenFit.rows(of: line, width: width)
      if used > rows { break }
      kept.append(line)
    }
    return kept
  }

  /// `text` padded or shortened to exactly `width` characters.
  static func fitted(_ text: String, _ width: Int) -> String {
    if text.count > width { return String(text.prefix(max(0, width - 1))) + "…" }
    return text + String(repeating: " ", count: width - text.count)
  }
}
