import DispatchCore
import DispatchFeatures
import Foundation

/// How the survey form's fields become answers in the `--answer` text the rest of Dispatch
/// parses (one definition for the page without JavaScript, the page with it, and the phone's
/// offline queue, which all post the same form).
enum FormAnswers {
  static func fieldName(_ question: Question) -> String { "q." + question.id }
  static func yesterdayName(_ question: Question) -> String { "yesterday." + question.id }
  static func skipName(_ question: Question) -> String { "skip." + question.id }

  /// The value a choice's box posts: `yes`/`no` for a yes/no question, else the choice's
  /// number (1 first), which the answer parser reads and which no comma in a choice can break.
  static func choiceValue(_ question: Question, offset: Int) -> String {
    if question.type == .yesNo { return offset == 0 ? "yes" : "no" }
    return String(offset + 1)
  }

  /// The answers the form gives, as (question ID, text) for ``ReportFiling/answers(_:for:)``;
  /// a question left empty or marked "leave unanswered" gets an empty text (skipped, or its
  /// default number, as in the terminal).
  static func pairs(_ form: FormBody, questions: [Question]) -> [(reference: String, text: String)]
  {
    questions.map { question in
      if form[skipName(question)] != nil { return (question.id, "") }
      let values = form.values(fieldName(question)).map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
      }.filter { !$0.isEmpty }
      var text: String
      switch question.type {
      case .multipleChoice: text = values.joined(separator: ", ")
      case .note: text = form[fieldName(question)] ?? ""
      default: text = values.first ?? ""
      }
      if question.type == .time, !text.isEmpty, form[yesterdayName(question)] != nil {
        text += " yesterday"
      }
      return (question.id, text)
    }
  }

  /// The form's fields by name, to fill the form in again.
  static func values(_ form: FormBody) -> [String: [String]] {
    form.fields.reduce(into: [:]) { $0[$1.name, default: []].append($1.value) }
  }

  /// An answer as the review lists it.
  static func describe(_ value: AnswerValue?) -> String {
    switch value {
    case .none, .skipped?: return "—"
    case .tokens(let items)?, .options(let items)?: return items.joined(separator: ", ")
    case .location(let text)?, .number(let text)?, .note(let text)?: return text
    case .time(let answer)?:
      return answer.clockText + (answer.dayOffset == -1 ? " yesterday" : "")
    }
  }
}
