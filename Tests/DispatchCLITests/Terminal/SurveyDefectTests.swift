import DispatchKit
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// The survey defects of issue 13, "The first hour": each pinned by keystrokes.
struct UntouchedWidgetTests {
  private func widget(_ question: Question) -> any SurveyWidget {
    SurveyWidgets.make(for: question, answer: nil) { _, _ in [] }
  }

  @Test func untouchedSliderShowsAHollowMarkerInTheMiddleAndSkipsOnEnter() {
    var slider = widget(numberQuestion(.slider, minimum: 1, maximum: 10))
    let lines = slider.render(style: .plain)
    // 1–10 rests at 5, four steps of nine: the ninth of the bar's twenty columns.
    #expect(
      lines[0]
        == "1 " + String(repeating: "─", count: 9) + "◌" + String(repeating: "─", count: 11) + " 10"
    )
    #expect(!lines.joined().contains("●"))
    #expect(slider.press(.enter) == .submit(.skipped))
    // The first arrow moves from the hollow marker: 1–10 rests at 5.
    slider.press(.right)
    #expect(slider.press(.enter) == .submit(.number("6")))
  }

  @Test func untouchedScaleDialStepperAndCounterSkipOnEnter() {
    for style in [NumberInputStyle.scale, .dial, .stepper, .tapCounter] {
      var untouched = widget(numberQuestion(style))
      #expect(untouched.press(.enter) == .submit(.skipped), "\(style)")
      #expect(!untouched.render(style: .plain).joined().contains("●"), "\(style)")
    }
    var scale = widget(numberQuestion(.scale))
    #expect(scale.render(style: .plain) == [" 1  2  3  4  5", " ○──○──◌──○──○"])
    scale.press(.left)
    #expect(scale.press(.enter) == .submit(.number("2")))
  }

  @Test func aDefaultAnswerIsStillFiledOnEnter() {
    var slider = widget(numberQuestion(.slider, defaultAnswer: "4"))
    #expect(slider.press(.enter) == .submit(.number("4")))
  }

  @Test func untouchedChoiceListsSkipOnEnter() {
    let sleep = Question(
      id: "s", prompt: "How did you sleep?", type: .multipleChoice,
      choices: ["Great", "OK", "Poorly"], allowsMultipleSelectionSetting: false)
    var single = widget(sleep)
    #expect(single.render(style: .plain) == ["  1. Great", "  2. OK", "  3. Poorly"])
    #expect(single.press(.enter) == .submit(.skipped))
    #expect(single.press(.up, .enter) == .submit(.options(["Poorly"])))
    var multiple = widget(
      Question(id: "m", prompt: "Mood?", type: .multipleChoice, choices: ["Calm", "Tired"]))
    #expect(multiple.press(.enter) == .submit(.skipped))
  }
}

struct TypedNumberTests {
  @Test func digitsTypeAValueThatEnterFiles() {
    var stepper = StepperWidget(
      track: .untouched(config: NumberInputConfig(minimum: 0, maximum: 20_000, step: 100)))
    stepper.type("8000")
    #expect(stepper.render(style: .plain).last == "> 8000_")
    #expect(stepper.press(.enter) == .submit(.number("8000")))
    #expect(stepper.track.text == "8000")
  }

  @Test func offStepAndOutOfRangeValuesAreExplainedAndKeptForEditing() {
    var stepper = StepperWidget(
      track: .untouched(config: NumberInputConfig(minimum: 0, maximum: 20_000, step: 100)))
    stepper.type("8050")
    #expect(stepper.press(.enter) == .none)
    #expect(
      stepper.render(style: .plain).last
        == "! 8050 is not on a step of 100 from 0: try 8000 or 8100")
    stepper.press(.backspace, .backspace)
    stepper.type("00")
    #expect(stepper.press(.enter) == .submit(.number("8000")))
    var slider = SliderWidget(track: .untouched(config: NumberInputStyle.slider.defaults))
    slider.type("12")
    #expect(slider.press(.enter) == .none)
    #expect(slider.render(style: .plain).last == "! 12 is out of range: type a number from 0 to 10")
    slider.press(Key.clearLine)
    #expect(!slider.typing.isTyping)
    slider.type("7")
    #expect(slider.press(.enter) == .submit(.number("7")))
  }

  @Test func arrowsDropTheTypedNumberAndMoveTheTrack() {
    var dial = DialWidget(track: NumberTrack(config: NumberInputStyle.dial.defaults, initial: 3))
    dial.type("9")
    dial.press(.right)
    #expect(!dial.typing.isTyping)
    #expect(dial.press(.enter) == .submit(.number("4")))
  }

  @Test func tapCountersAndScalesTakeDigitsToo() {
    var counter = TapCounterWidget(track: .untouched(config: NumberInputStyle.tapCounter.defaults))
    counter.type("0")
    #expect(counter.press(.enter) == .submit(.number("0")))
    var scale = ScaleWidget(track: .untouched(config: NumberInputStyle.scale.defaults))
    scale.type("4")
    #expect(scale.press(.enter) == .submit(.number("4")))
  }
}

struct ScaleLabelTests {
  @Test func theScaleShowsTheQuestionsAnchors() {
    let question = Question(
      id: "r", prompt: "How rested?", type: .number, placeholder: "1 = exhausted, 5 = fully rested",
      inputStyle: .scale)
    let scale = SurveyWidgets.make(for: question, answer: nil) { _, _ in [] }
    #expect(scale.render(style: .plain).last == "1 = exhausted, 5 = fully rested")
    #expect(
      LineSurvey.hint(for: question)
        == "a number from 1 to 5; 1 = exhausted, 5 = fully rested; empty line skips")
  }

  @Test func labelsParseWithOrWithoutSpacesAndLabelsMayHoldCommas() throws {
    let labels = try ScaleLabels.parse("1=exhausted,5=fully rested").get()
    #expect(labels.text == "1 = exhausted, 5 = fully rested")
    #expect(try ScaleLabels.parse(labels.text).get() == labels)
    let comma = try ScaleLabels.parse("1=tired, sleepy,5=awake").get()
    #expect(comma.anchors.map(\.label) == ["tired, sleepy", "awake"])
  }

  @Test(arguments: [
    ("exhausted", "'exhausted' is not NUMBER=LABEL, e.g. --labels '1=exhausted,5=fully rested'"),
    ("1=", "the label for 1 is empty"), ("1=a,1=b", "1 is labeled twice"),
  ])
  func badLabelsAreExplained(text: String, message: String) {
    #expect(ScaleLabels.parse(text) == .failure(ScaleLabels.Problem(message: message)))
  }

  @Test func labelsMustBePointsOfTheRange() throws {
    let config = NumberInputStyle.scale.defaults
    #expect(try ScaleLabels.parse("1=a,5=b").get().problem(in: config) == nil)
    #expect(
      try ScaleLabels.parse("0=a").get().problem(in: config)?.message
        == "label 0 is outside the question's range, 1 to 5")
    #expect(
      try ScaleLabels.parse("2.5=a").get().problem(in: config)?.message
        == "label 2.5 is not on the question's step of 1 from 1")
  }
}

struct LineEditingKeyTests {
  @Test func theTimeFieldTakesControlUAndControlW() {
    var time = TimeWidget(question: Question(id: "t", prompt: "Bedtime?", type: .time), answer: nil)
    time.type("23:45")
    time.press(Key.deleteWord)
    #expect(time.typed == "23:")
    time.press(Key.deleteWord)
    #expect(time.typed == "")
    time.type("2330")
    time.press(Key.clearLine)
    #expect(time.typed == "")
    time.type("0715")
    #expect(time.press(.enter) == .submit(.time(TimeAnswer(clock: "07:15")!)))
  }

  @Test func aCommaOrSpaceTypedAfterACompletionIsAbsorbed() {
    let doing = Question(id: "d", prompt: "Doing?", type: .tokens)
    var widget = TextEntryWidget(question: doing, answer: nil, suggest: vocabularySuggest)
    widget.type("cod")
    widget.press(.tab)
    widget.type(", e")
    #expect(widget.text == "coding, e")
    widget.type(",,  x")
    #expect(widget.text == "coding, e, x")
  }
}
