import DispatchCore
import DispatchFeatures

/// The survey as an HTML form that works without JavaScript (docs/serve.md#the-survey-page):
/// one field group per question, named `q.<question ID>`, with the touch widget its type and
/// number style call for. `app.js` only adds to it (live values, tap buttons, offline filing).
struct SurveyForm {
  var questions: [Question]
  /// Values to show again (after an error, or "Change answers" from the review), by field name.
  var values: [String: [String]] = [:]
  /// Earlier answers offered for completion, by question type.
  var suggestions: [QuestionType: [String]] = [:]

  func html() -> String {
    questions.enumerated().map { index, question in field(question, index: index) }
      .joined(separator: "\n")
  }

  private func field(_ question: Question, index: Int) -> String {
    let name = HTML.attribute(FormAnswers.fieldName(question))
    let inputID = "i\(index)"
    let prompt = HTML.text(question.prompt)
    let current = values[FormAnswers.fieldName(question)] ?? []
    switch question.type {
    case .yesNo, .multipleChoice:
      return choiceGroup(question, name: name, prompt: prompt, current: current)
    case .number:
      return numberField(question, name: name, inputID: inputID, prompt: prompt, current: current)
    case .time:
      let yesterday = values[FormAnswers.yesterdayName(question)]?.isEmpty == false
      return """
        <div class="q q-time"><label for="\(inputID)">\(prompt)</label>
        <div class="row"><input type="time" id="\(inputID)" name="\(name)" value="\(
          HTML.attribute(current.first ?? ""))">
        <label class="check"><input type="checkbox" name="\(HTML.attribute(
          FormAnswers.yesterdayName(question)))" value="1"\(yesterday ? " checked" : "")> yesterday</label></div></div>
        """
    case .note:
      return """
        <div class="q q-note"><label for="\(inputID)">\(prompt)</label>
        <textarea id="\(inputID)" name="\(name)" rows="3">\(HTML.text(current.first ?? ""))</textarea></div>
        """
    case .tokens, .people, .location:
      return textField(question, name: name, inputID: inputID, prompt: prompt, current: current)
    }
  }

  private func choiceGroup(_ question: Question, name: String, prompt: String, current: [String])
    -> String
  {
    let multiple = question.type == .multipleChoice && question.allowsMultipleSelection
    let kind = multiple ? "checkbox" : "radio"
    let options = question.effectiveChoices.enumerated().map { offset, choice in
      let value = FormAnswers.choiceValue(question, offset: offset)
      let checked = current.contains(value) ? " checked" : ""
      return """
        <label class="choice"><input type="\(kind)" name="\(name)" value="\(value)"\(checked)><span>\(
          HTML.text(choice))</span></label>
        """
    }.joined()
    let hint = multiple ? "<p class=\"hint\">Choose any.</p>" : ""
    return """
      <fieldset class="q q-choice"><legend>\(prompt)</legend>\(hint)<div class="choices">\(options)</div></fieldset>
      """
  }

  private func textField(
    _ question: Question, name: String, inputID: String, prompt: String, current: [String]
  ) -> String {
    let listID = "l\(inputID)"
    let options = (suggestions[question.type] ?? []).map {
      "<option value=\"\(HTML.attribute($0))\">"
    }.joined()
    let hint =
      question.type == .location
      ? "" : "<p class=\"hint\" id=\"h\(inputID)\">Separate several with commas.</p>"
    let described = question.type == .location ? "" : " aria-describedby=\"h\(inputID)\""
    let placeholder = question.placeholder.map { " placeholder=\"\(HTML.attribute($0))\"" } ?? ""
    return """
      <div class="q q-text"><label for="\(inputID)">\(prompt)</label>\(hint)
      <input type="text" id="\(inputID)" name="\(name)" list="\(listID)" autocomplete="off"\(placeholder)\(described) value="\(
        HTML.attribute(current.first ?? ""))"><datalist id="\(listID)">\(options)</datalist></div>
      """
  }

  private func numberField(
    _ question: Question, name: String, inputID: String, prompt: String, current: [String]
  ) -> String {
    let style = question.inputStyle ?? .textField
    let config = question.numberConfig
    let minimum = AnswerParser.format(config.minimum)
    let maximum = config.isBounded ? AnswerParser.format(config.maximum) : nil
    let step = AnswerParser.format(config.step)
    let fallback = question.defaultAnswer.flatMap { $0.isEmpty ? nil : $0 }
    let value = current.first ?? fallback ?? ""
    let bounds =
      " min=\"\(minimum)\"" + (maximum.map { " max=\"\($0)\"" } ?? "") + " step=\"\(step)\""
    // A number question's placeholder holds what its points mean ("1 = drained, 5 = buzzing").
    let meaning = question.placeholder.map { "<p class=\"hint\">\(HTML.text($0))</p>" } ?? ""
    let defaultNote =
      meaning + (fallback.map { "<p class=\"hint\">Left empty: \(HTML.text($0)).</p>" } ?? "")
    switch style {
    case .textField:
      return """
        <div class="q q-number"><label for="\(inputID)">\(prompt)</label>\(defaultNote)
        <input type="number" id="\(inputID)" name="\(name)" inputmode="decimal" step="any" value="\(
          HTML.attribute(value))"></div>
        """
    case .stepper, .tapCounter:
      let tap = style == .tapCounter
      let buttons =
        tap
        ? "<button type=\"button\" class=\"tap\" data-for=\"\(inputID)\" data-step=\"\(step)\" hidden>Tap +\(step)</button>"
        : "<button type=\"button\" class=\"step\" data-for=\"\(inputID)\" data-step=\"-\(step)\" aria-label=\"Less\" hidden>−</button>"
      let after =
        tap
        ? ""
        : "<button type=\"button\" class=\"step\" data-for=\"\(inputID)\" data-step=\"\(step)\" aria-label=\"More\" hidden>+</button>"
      return """
        <div class="q q-\(tap ? "counter" : "stepper")"><label for="\(inputID)">\(prompt)</label>\(defaultNote)
        <div class="row">\(buttons)<input type="number" id="\(inputID)" name="\(name)" inputmode="decimal"\(bounds) value="\(
          HTML.attribute(value))">\(after)</div></div>
        """
    case .slider, .dial:
      let skipName = FormAnswers.skipName(question)
      // A range input always has a value, so leaving it unanswered is a box of its own:
      // ticked until the person gives a value (app.js unticks it when the slider moves).
      let skipped = values.isEmpty ? fallback == nil : values[skipName]?.isEmpty == false
      // Untouched, the thumb rests on the step nearest the middle.
      let middle = (config.maximum - config.minimum) / 2 / config.step
      let start =
        value.isEmpty
        ? AnswerParser.format(config.minimum + middle.rounded(.down) * config.step) : value
      return """
        <div class="q q-\(style == .dial ? "dial" : "slider")"><label for="\(inputID)">\(prompt)</label>\(meaning)
        <div class="row"><span class="end">\(minimum)</span><input type="range" id="\(inputID)" name="\(name)"\(bounds) value="\(
          HTML.attribute(start))"><span class="end">\(maximum ?? "")</span>
        <output for="\(inputID)" class="value">\(HTML.text(start))</output></div>
        <label class="check"><input type="checkbox" name="\(HTML.attribute(skipName))" value="1"\(
          skipped ? " checked" : "") data-skip-for="\(inputID)"> Leave unanswered</label></div>
        """
    case .scale:
      let dots = config.scalePoints.map { point in
        let text = AnswerParser.format(point)
        let checked =
          current.first == text || (current.isEmpty && fallback == text) ? " checked" : ""
        return
          "<label class=\"dot\"><input type=\"radio\" name=\"\(name)\" value=\"\(text)\"\(checked)><span>\(text)</span></label>"
      }.joined()
      return """
        <fieldset class="q q-scale"><legend>\(prompt)</legend>\(defaultNote)<div class="scale">\(dots)</div></fieldset>
        """
    }
  }
}
