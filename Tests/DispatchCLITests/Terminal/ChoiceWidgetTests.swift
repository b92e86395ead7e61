import DispatchKit
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

struct ChoiceWidgetTests {
  let yesNo = Question(id: "w", prompt: "Working?", type: .yesNo)
  let sleep = Question(
    id: "s", prompt: "How did you sleep?", type: .multipleChoice,
    choices: ["Great", "OK", "Poorly"], allowsMultipleSelectionSetting: false)
  let moods = Question(
    id: "m", prompt: "Mood?", type: .multipleChoice, choices: ["Calm", "Tired", "Happy"])

  @Test func yesNoRendersImplicitChoicesWithACursor() {
    let widget = ChoiceListWidget(question: yesNo, answer: nil)
    #expect(widget.render(style: .plain) == ["  1. Yes", "  2. No"])
    #expect(widget.hint == "↑↓ move · 1-2 pick · enter choose")
  }

  @Test func arrowsMoveAndWrapThenEnterChooses() {
    var widget = ChoiceListWidget(question: sleep, answer: nil)
    #expect(widget.press(.down, .down, .down) == .none)
    #expect(widget.render(style: .plain) == ["  1. Great", "  2. OK", "> 3. Poorly"])
    widget.press(.down)
    #expect(widget.cursor == 0)
    widget.press(.up)
    #expect(widget.cursor == 2)
    widget.press(.home)
    #expect(widget.press(.enter) == .submit(.options(["Great"])))
  }

  @Test func numberKeysChooseAtOnce() {
    var widget = ChoiceListWidget(question: sleep, answer: nil)
    #expect(widget.press(.character("2")) == .submit(.options(["OK"])))
    #expect(widget.press(.character("4")) == .none)
    #expect(widget.press(.character("0")) == .none)
  }

  @Test func yesNoTakesYAndN() {
    var widget = ChoiceListWidget(question: yesNo, answer: nil)
    #expect(widget.press(.character("n")) == .submit(.options(["No"])))
    #expect(widget.press(.character("Y")) == .submit(.options(["Yes"])))
    var other = ChoiceListWidget(question: sleep, answer: nil)
    #expect(other.press(.character("y")) == .none)
  }

  @Test func earlierAnswerPlacesTheCursor() {
    let widget = ChoiceListWidget(question: sleep, answer: .options(["Poorly"]))
    #expect(widget.cursor == 2)
  }

  @Test func colourMarksTheCursorLine() {
    var widget = ChoiceListWidget(question: yesNo, answer: nil)
    widget.press(.down)
    let lines = widget.render(style: TerminalStyle(colorEnabled: true))
    #expect(lines[0].contains("\u{1B}[36m"))
    #expect(TerminalStyle.visibleText(lines[0]) == "> 1. Yes")
    #expect(lines[1] == "  2. No")
  }

  @Test func multiSelectTogglesWithSpaceAndNumbers() {
    var widget = MultiChoiceWidget(question: moods, answer: nil)
    widget.press(.character(" "), .down, .down, .character(" "))
    #expect(
      widget.render(style: .plain) == ["  [x] 1. Calm", "  [ ] 2. Tired", "> [x] 3. Happy"])
    widget.press(.character("1"), .character("2"))
    #expect(widget.ticked == [1, 2])
    #expect(widget.press(.enter) == .submit(.options(["Tired", "Happy"])))
  }

  @Test func multiSelectEnterWithNothingTickedChoosesTheCursor() {
    var widget = MultiChoiceWidget(question: moods, answer: nil)
    #expect(widget.press(.down, .enter) == .submit(.options(["Tired"])))
  }

  @Test func multiSelectStartsFromTheEarlierAnswer() {
    var widget = MultiChoiceWidget(question: moods, answer: .options(["Happy", "Tired"]))
    #expect(widget.ticked == [1, 2])
    #expect(widget.cursor == 1)
    #expect(widget.press(.enter) == .submit(.options(["Tired", "Happy"])))
  }

  @Test func aListWithoutChoicesSkipsOnEnter() {
    let broken = Question(id: "b", prompt: "Broken?", type: .multipleChoice)
    var single = ChoiceListWidget(question: broken, answer: nil)
    #expect(single.render(style: .plain) == ["(this question has no choices)"])
    #expect(single.press(.down, .enter) == .submit(.skipped))
    var multiple = MultiChoiceWidget(question: broken, answer: nil)
    #expect(multiple.press(.character(" "), .enter) == .submit(.skipped))
  }

  @Test func factoryChoosesTheWidgetByType() {
    #expect(
      SurveyWidgets.make(for: yesNo, answer: nil, suggest: vocabularySuggest) is ChoiceListWidget)
    #expect(
      SurveyWidgets.make(for: sleep, answer: nil, suggest: vocabularySuggest) is ChoiceListWidget)
    #expect(
      SurveyWidgets.make(for: moods, answer: nil, suggest: vocabularySuggest) is MultiChoiceWidget)
    let styles: [(NumberInputStyle?, any SurveyWidget.Type)] = [
      (nil, TextEntryWidget.self), (.textField, TextEntryWidget.self), (.slider, SliderWidget.self),
      (.stepper, StepperWidget.self), (.dial, DialWidget.self),
      (.tapCounter, TapCounterWidget.self), (.scale, ScaleWidget.self),
    ]
    for (style, expected) in styles {
      let widget = SurveyWidgets.make(
        for: numberQuestion(style), answer: nil, suggest: vocabularySuggest)
      #expect(ObjectIdentifier(type(of: widget)) == ObjectIdentifier(expected))
    }
    let time = Question(id: "t", prompt: "Bedtime?", type: .time)
    #expect(SurveyWidgets.make(for: time, answer: nil, suggest: vocabularySuggest) is TimeWidget)
  }
}
