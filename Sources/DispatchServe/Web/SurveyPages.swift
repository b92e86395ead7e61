import DispatchCore
import DispatchFeatures
import DispatchServices
import DispatchStorage

/// The survey's pages: the questions (`/`, `/prompt/ID`), the review of the answers, and the
/// confirmation once filed (docs/serve.md#the-survey-page).
struct SurveyPages {
  let store: DispatchStore
  let environment: ServiceEnvironment
  /// The session's CSRF token, put into every form.
  let csrf: String

  /// The survey form; `values` fills it in again, `problem` says what was wrong.
  func survey(
    _ target: SurveyTarget, values: [String: [String]] = [:], problem: String? = nil,
    status: Int = 200
  ) throws -> ServerResponse {
    var suggestions: [QuestionType: [String]] = [:]
    for type in Set(target.questions.map(\.type))
    where [.tokens, .people, .location].contains(type) {
      suggestions[type] = try store.people.suggestions(for: type, matching: "", limit: 40)
    }
    let form = SurveyForm(questions: target.questions, values: values, suggestions: suggestions)
    let heading: String
    if let prompt = target.prompt {
      heading =
        "Prompt of \(Self.clock(prompt.firedAt ?? prompt.due, zone: prompt.timeZoneIdentifier))"
    } else {
      heading = "Answer now"
    }
    let alert =
      problem.map {
        "<p class=\"problem\" role=\"alert\" id=\"problem\">\(HTML.text($0))</p>"
      } ?? ""
    let clientID = values["id"]?.first ?? environment.run.makeID()
    let body = """
      <h1>\(HTML.text(heading))</h1>\(alert)
      <form method="post" action="/review" id="survey" class="survey" novalidate>
      \(hidden("csrf", csrf))\(hidden("id", clientID))\(hidden("prompt", target.prompt?.identifier ?? ""))\(
        hidden("answered_at", values["answered_at"]?.first ?? ""))
      \(form.html())
      <div class="actions"><button type="submit" class="primary">Review</button></div>
      </form>
      <section id="review" class="review" hidden aria-live="polite"></section>
      <p id="outbox" class="outbox" role="status" hidden></p>
      """
    return WebPage.response(status, title: heading, body: body)
  }

  /// The answers as they will be filed, with the form's fields carried along to file them or
  /// to change them.
  func review(_ target: SurveyTarget, form: FormBody, answers: [String: AnswerValue])
    -> ServerResponse
  {
    let rows = target.questions.map { question in
      "<dt>\(HTML.text(question.prompt))</dt><dd>\(HTML.text(FormAnswers.describe(answers[question.id])))</dd>"
    }.joined()
    let carried = form.fields.filter { $0.name != "csrf" }.map { hidden($0.name, $0.value) }
      .joined()
    let body = """
      <h1>Review</h1><dl class="answers">\(rows)</dl>
      <form method="post" action="/file" class="actions">\(hidden("csrf", csrf))\(carried)
      <button type="submit" class="primary">File report</button>
      <button type="submit" formaction="/edit" class="secondary">Change answers</button></form>
      """
    return WebPage.response(title: "Review", body: body)
  }

  /// After filing.
  func filed(_ report: Report) -> ServerResponse {
    let time = Self.clock(report.date, zone: report.timeZoneIdentifier)
    return WebPage.message(
      200, title: "Filed",
      paragraphs: ["Your report of \(HTML.text(time)) is filed. Thank you."],
      action: "<p><a class=\"button\" href=\"/\">Answer again</a></p>")
  }

  private func hidden(_ name: String, _ value: String) -> String {
    "<input type=\"hidden\" name=\"\(HTML.attribute(name))\" value=\"\(HTML.attribute(value))\">"
  }

  /// `HH:mm` of an instant in a zone.
  static func clock(_ instant: Instant, zone: String) -> String {
    let offset = Int64(ZoneLookup.offset(zone, at: instant) ?? 0)
    var seconds = (instant.milliseconds / 1000 + offset) % 86_400
    if seconds < 0 { seconds += 86_400 }
    let hours = seconds / 3600
    let minutes = seconds % 3600 / 60
    return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
  }
}
