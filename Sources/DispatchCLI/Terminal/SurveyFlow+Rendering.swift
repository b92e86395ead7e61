import DispatchCommandLine
import DispatchKit

extension SurveyFlow {
  /// The longest prompt shown whole on the review; longer ones are shortened with "…".
  static let reviewPromptWidth = 40

  /// The screen for the current step, as lines without trailing newlines.
  func render() -> [String] {
    switch session.step {
    case .question(let index): return renderQuestion(index)
    case .review: return renderReview(withCursor: true)
    case .filed: return renderReview(withCursor: false)
    case .cancelled: return []
    }
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
    if !session.questions.isEmpty {
      parts.append("1-\(min(session.questions.count, 9)) change")
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

  private func renderQuestion(_ index: Int) -> [String] {
    let count = session.questions.count
    let question = session.questions[index]
    var lines = [
      style.bold(title) + style.dim(" · \(index + 1)/\(count)"), style.bold(question.prompt),
    ]
    lines += (widget?.render(style: style) ?? []).map { "  " + $0 }
    lines.append(style.dim(hint(forQuestion: index)))
    return lines
  }

  private func renderReview(withCursor: Bool) -> [String] {
    let entries = session.reviewEntries
    let heading = withCursor ? " · review" : " · filed"
    var lines = [style.bold(title) + style.dim(heading)]
    let width = min(
      Self.reviewPromptWidth, entries.map { $0.question.prompt.count }.max() ?? 0)
    for entry in entries {
      let number = entry.index < 9 ? "\(entry.index + 1)." : "  "
      let prompt = Self.fitted(entry.question.prompt, width)
      let answer =
        entry.answer == .skipped
        ? style.dim("(skipped)") : style.chosen(Self.summary(of: entry.answer))
      let row = number + " " + prompt + "  " + answer
      lines.append(
        withCursor && reviewCursor == entry.index ? style.accent("> ") + row : "  " + row)
    }
    if withCursor {
      let file = "File this report"
      lines.append(
        reviewCursor == entries.count ? style.accent("> " + style.bold(file)) : "  " + file)
      lines.append(style.dim(reviewHint))
    }
    return lines
  }

  /// `text` padded or shortened to exactly `width` characters.
  static func fitted(_ text: String, _ width: Int) -> String {
    if text.count > width { return String(text.prefix(max(0, width - 1))) + "…" }
    return text + String(repeating: " ", count: width - text.count)
  }
}
