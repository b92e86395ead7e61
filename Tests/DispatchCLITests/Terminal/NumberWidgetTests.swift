import DispatchKit
import Foundation
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

struct NumberTrackTests {
  @Test func stepsStayOnTheGrid() {
    var track = NumberTrack(
      config: NumberInputConfig(minimum: 0, maximum: 1, step: 0.1), initial: nil)
    track.move(by: 3)
    #expect(track.text == "0.3")
    track.move(by: 100)
    #expect(track.text == "1")
    #expect(track.steps == 10)
    track.move(by: -100)
    #expect(track.text == "0")
  }

  @Test func initialValuesRoundAndClamp() {
    let config = NumberInputConfig(minimum: 1, maximum: 5, step: 1)
    #expect(NumberTrack(config: config, initial: 3.4).text == "3")
    #expect(NumberTrack(config: config, initial: 99).text == "5")
    #expect(NumberTrack(config: config, initial: -99).text == "1")
    #expect(NumberTrack(config: config, initial: .nan).text == "1")
  }

  @Test func unboundedRangesHaveNoMaximum() {
    var track = NumberTrack(config: NumberInputStyle.stepper.defaults, initial: nil)
    #expect(track.maximumSteps == nil)
    #expect(track.fraction == nil)
    track.moveToMaximum()
    track.move(by: 1_000)
    #expect(track.text == "1000")
  }

  @Test func hugeBoundedRangesAreTreatedAsOpen() {
    let track = NumberTrack(
      config: NumberInputConfig(minimum: 0, maximum: 1e300, step: 1), initial: 1e200)
    #expect(track.maximumSteps == nil)
    #expect(track.steps == 1_000_000_000_000)
  }

  @Test(arguments: [
    (7.0, 0, "7"), (2.5, 1, "2.5"), (-0.25, 2, "-0.25"), (0.30000000000000004, 1, "0.3"),
    (-0.0, 0, "0"), (1e20, 0, "1e+20"), (2.0, 3, "2"),
  ])
  func formatting(value: Double, decimals: Int, expected: String) {
    #expect(NumberText.format(value, decimals: decimals) == expected)
  }

  @Test func decimalsFollowTheStepAndMinimum() {
    let track = NumberTrack(
      config: NumberInputConfig(minimum: 0.5, maximum: 3, step: 0.25), initial: 1.25)
    #expect(track.text == "1.25")
    #expect(track.format(2) == "2")
  }
}

struct NumberWidgetTests {
  private func track(_ style: NumberInputStyle, _ initial: Double? = nil) -> NumberTrack {
    NumberTrack(config: style.defaults, initial: initial)
  }

  @Test func sliderMovesWithArrowsAndDrawsTheBar() {
    var slider = SliderWidget(track: track(.slider))
    #expect(
      slider.render(style: .plain) == ["0 ◌" + String(repeating: "─", count: 20) + " 10", "  –"])
    slider.press(.right, .right, .right, .left)
    #expect(slider.track.text == "2")
    slider.press(.end)
    #expect(slider.track.text == "10")
    slider.press(.pageDown, .home, .pageUp)
    #expect(slider.track.text == "1")
    slider.press(.right, .right, .right, .right, .right, .right)
    let lines = slider.render(style: .plain)
    #expect(
      lines[0] == "0 " + String(repeating: "━", count: 14) + "●" + String(repeating: "─", count: 6)
        + " 10")
    #expect(lines[1] == String(repeating: " ", count: 16) + "7")
    #expect(slider.press(.enter) == .submit(.number("7")))
    #expect(slider.press(.up, .character("+")) == .none)
    #expect(slider.track.text == "7")
  }

  @Test func stepperChangesWithPlusMinusAndArrows() {
    var stepper = StepperWidget(track: track(.stepper))
    #expect(stepper.render(style: .plain) == ["[−]  –  [+]   (≥ 0)"])
    stepper.press(.character("+"), .character("+"), .up, .character("-"), .down, .down, .down)
    #expect(stepper.track.text == "0")
    stepper.press(.character("+"), .character("+"), .character("="))
    #expect(stepper.press(.enter) == .submit(.number("3")))
    var bounded = StepperWidget(
      track: NumberTrack(config: NumberInputConfig(minimum: 0, maximum: 2, step: 0.5), initial: 2))
    #expect(bounded.render(style: .plain) == ["[−]  2  [+]   (0–2, step 0.5)"])
    bounded.press(.up, .down)
    #expect(bounded.press(.enter) == .submit(.number("1.5")))
  }

  @Test func tapCounterCountsSpacesAndUndoesWithBackspace() {
    var counter = TapCounterWidget(track: track(.tapCounter))
    #expect(counter.render(style: .plain) == ["○  –  (no taps yet)"])
    counter.type("    ")
    counter.press(.backspace)
    #expect(counter.render(style: .plain) == ["● ● ●  3 (3 taps)"])
    counter.press(.backspace, .backspace, .backspace, .backspace)
    #expect(counter.track.text == "0")
    counter.press(.character(" "))
    #expect(counter.render(style: .plain) == ["●  1 (1 tap)"])
    #expect(counter.press(.enter) == .submit(.number("1")))
  }

  @Test func tapCounterCapsTheDots() {
    var counter = TapCounterWidget(track: track(.tapCounter))
    counter.type(String(repeating: " ", count: 25))
    let line = counter.render(style: .plain)[0]
    #expect(line.hasSuffix("● …  25 (25 taps)"))
    #expect(line.filter { $0 == "●" }.count == TapCounterWidget.maximumDots)
  }

  @Test func scaleDrawsLabeledPoints() {
    var scale = ScaleWidget(track: track(.scale))
    #expect(scale.render(style: .plain) == [" 1  2  3  4  5", " ◌──○──○──○──○"])
    scale.press(.right, .right)
    let lines = scale.render(style: .plain)
    #expect(lines == [" 1  2  3  4  5", " ○──○──●──○──○"])
    #expect(scale.press(.enter) == .submit(.number("3")))
    scale.press(.end, .right)
    #expect(scale.track.text == "5")
  }

  @Test func wideScalesLabelOnlyTheEndsAndTheChoice() {
    let config = NumberInputStyle.scale.resolvedConfig(minimum: 100, maximum: 2000, step: 100)
    var scale = ScaleWidget(track: NumberTrack(config: config, initial: 500))
    let lines = scale.render(style: .plain)
    #expect(lines.count == 3)
    #expect(lines[0] == "100" + String(repeating: " ", count: 52) + "2000")
    #expect(
      lines[1] == " "
        + (["○", "○", "○", "○", "●"] + Array(repeating: "○", count: 15)).joined(separator: "──"))
    #expect(lines[2] == String(repeating: " ", count: 12) + "500")
    #expect(lines.allSatisfy { $0.count <= ScaleWidget.maximumWidth })
    scale.press(.left)
    #expect(scale.track.text == "400")
  }

  @Test func dialDrawsAnArcWithTheNeedle() {
    var dial = DialWidget(track: track(.dial))
    let start = dial.render(style: .plain)
    #expect(start.count == 9)
    #expect(start.joined().filter { $0 == "·" }.count == DialWidget.ticks - 1)
    #expect(start.joined().contains("◌"))
    #expect(start.last == "   0          10")
    dial.press(.end)
    let end = dial.render(style: .plain)
    #expect(end != start)
    #expect(end.joined().contains("10"))
    dial.press(.home, .right, .right, .right, .right, .right)
    let middle = dial.render(style: .plain)
    // At 5 of 0–10 the needle points straight up: the top row holds the needle's tip.
    #expect(middle[0].trimmingCharacters(in: .whitespaces) == "· · ● · ·")
    #expect(middle[2].contains("│"))
    #expect(middle[6].contains("5"))
    #expect(dial.press(.enter) == .submit(.number("5")))
  }

  @Test func dialWithoutMaximumTurnsRound() {
    var dial = DialWidget(
      track: NumberTrack(config: NumberInputStyle.stepper.defaults, initial: nil))
    #expect(dial.needleFraction == 0)
    dial.press(.right)
    #expect(dial.needleFraction == 0.05)
    for _ in 0..<19 { dial.press(.right) }
    #expect(dial.needleFraction == 0)
    #expect(dial.press(.enter) == .submit(.number("20")))
  }

  @Test(arguments: [(0.0, "─"), (45.0, "╱"), (90.0, "│"), (135.0, "╲"), (225.0, "╱"), (-45.0, "╲")])
  func needleGlyphs(degrees: Double, glyph: String) {
    #expect(DialWidget.needleGlyph(degrees) == glyph)
  }

  @Test func numberWidgetsStartFromTheEarlierAnswerOrTheDefault() {
    let question = numberQuestion(.slider, defaultAnswer: "4")
    var fromDefault = SurveyWidgets.make(for: question, answer: nil) { _, _ in [] }
    #expect(fromDefault.press(.enter) == .submit(.number("4")))
    var fromAnswer = SurveyWidgets.make(for: question, answer: .number("8")) { _, _ in [] }
    #expect(fromAnswer.press(.enter) == .submit(.number("8")))
  }

  @Test func colourDoesNotChangeWhatIsShown() {
    let widgets: [any SurveyWidget] = [
      SliderWidget(track: track(.slider, 3)), StepperWidget(track: track(.stepper, 3)),
      DialWidget(track: track(.dial, 3)), TapCounterWidget(track: track(.tapCounter, 3)),
      ScaleWidget(track: track(.scale, 3)),
    ]
    for widget in widgets {
      let coloured = widget.render(style: TerminalStyle(colorEnabled: true))
      #expect(coloured.map(TerminalStyle.visibleText) == widget.render(style: .plain))
      #expect(coloured.joined().contains("\u{1B}["))
    }
  }
}
