import DispatchKit
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

struct TimeWidgetTests {
  let bedtime = Question(id: "t", prompt: "When did you go to bed?", type: .time)

  @Test func typedDigitsGetAColon() {
    var widget = TimeWidget(question: bedtime, answer: nil)
    #expect(widget.render(style: .plain) == ["> _ HH:MM   [today] yesterday"])
    widget.type("2315")
    #expect(widget.clockText == "23:15")
    #expect(widget.render(style: .plain) == ["> 23:15_   [today] yesterday"])
    #expect(widget.press(.enter) == .submit(.time(TimeAnswer(minutes: 23 * 60 + 15))))
  }

  @Test func threeDigitsAndTypedColonsRead() {
    var widget = TimeWidget(question: bedtime, answer: nil)
    widget.type("730")
    #expect(widget.press(.enter) == .submit(.time(TimeAnswer(minutes: 7 * 60 + 30))))
    var colon = TimeWidget(question: bedtime, answer: nil)
    colon.type("7:05")
    #expect(colon.press(.enter) == .submit(.time(TimeAnswer(minutes: 7 * 60 + 5))))
  }

  @Test func yesterdayToggles() {
    var widget = TimeWidget(question: bedtime, answer: nil)
    widget.type("2330")
    widget.press(.character("y"))
    #expect(widget.render(style: .plain) == ["> 23:30_   today [yesterday]"])
    widget.press(.left, .right)
    #expect(widget.isYesterday)
    #expect(
      widget.press(.enter) == .submit(.time(TimeAnswer(minutes: 23 * 60 + 30, dayOffset: -1))))
  }

  @Test func invalidTimesStayWithAMessage() {
    var widget = TimeWidget(question: bedtime, answer: nil)
    widget.type("2561")
    #expect(widget.press(.enter) == .none)
    #expect(widget.render(style: .plain).last?.hasPrefix("! '25:61' is not a time of day") == true)
    widget.press(.backspace, .backspace, .backspace)
    #expect(widget.error == nil)
    #expect(widget.typed == "2")
  }

  @Test func emptyIsASkipAndLettersAreIgnored() {
    var widget = TimeWidget(question: bedtime, answer: nil)
    widget.type("ab")
    #expect(widget.typed.isEmpty)
    #expect(widget.press(.enter) == .submit(.skipped))
  }

  @Test func typingStopsAtFiveCharacters() {
    var widget = TimeWidget(question: bedtime, answer: nil)
    widget.type("12:345")
    #expect(widget.typed == "12:34")
  }

  @Test func earlierAnswerFillsTheField() {
    let widget = TimeWidget(
      question: bedtime, answer: .time(TimeAnswer(minutes: 65, dayOffset: -1)))
    #expect(widget.typed == "01:05")
    #expect(widget.isYesterday)
  }
}
