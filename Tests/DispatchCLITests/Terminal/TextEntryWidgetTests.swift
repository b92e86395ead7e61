import DispatchKit
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

struct TextEntryWidgetTests {
  let doing = Question(id: "d", prompt: "What are you doing?", type: .tokens)
  let with = Question(id: "p", prompt: "Who are you with?", type: .people, placeholder: "No one")
  let place = Question(id: "l", prompt: "Where are you?", type: .location)
  let note = Question(id: "n", prompt: "What did you learn?", type: .note)

  @Test func typingShowsSuggestionsForTheItem() {
    var widget = TextEntryWidget(question: doing, answer: nil, suggest: vocabularySuggest)
    widget.type("co")
    #expect(widget.suggestions == ["coding", "cooking"])
    #expect(widget.render(style: .plain) == ["> co_", "  tab: [coding] cooking"])
  }

  @Test func tabAcceptsTheFirstSuggestionAndStartsTheNextItem() {
    var widget = TextEntryWidget(question: doing, answer: nil, suggest: vocabularySuggest)
    widget.type("co")
    widget.press(.tab)
    #expect(widget.text == "coding, ")
    widget.type("t")
    #expect(widget.currentItem == "t")
    #expect(widget.suggestions == ["tea"])
    widget.press(.right)
    #expect(widget.text == "coding, tea, ")
    #expect(widget.press(.enter) == .submit(.tokens(["coding", "tea"])))
  }

  @Test func arrowsChooseAnotherSuggestion() {
    var widget = TextEntryWidget(question: with, answer: nil, suggest: vocabularySuggest)
    widget.type("al")
    widget.press(.down)
    #expect(widget.render(style: .plain)[1] == "  tab: Alice [Albert]")
    widget.press(.tab)
    #expect(widget.text == "Albert, ")
    widget.press(.up)
    #expect(widget.selected == 1)
  }

  @Test func suggestionsLeaveOutItemsAlreadyGiven() {
    var widget = TextEntryWidget(question: doing, answer: nil, suggest: vocabularySuggest)
    widget.type("coding, co")
    #expect(widget.suggestions == ["cooking"])
    widget.type("oking")
    #expect(widget.suggestions.isEmpty)
  }

  @Test func locationCompletesTheWholeText() {
    var widget = TextEntryWidget(question: place, answer: nil, suggest: vocabularySuggest)
    widget.type("ho")
    widget.press(.down, .tab)
    #expect(widget.text == "Hospital")
    #expect(widget.press(.enter) == .submit(.location("Hospital")))
  }

  @Test func notesGetNoSuggestions() {
    var widget = TextEntryWidget(question: note, answer: nil) { _, _ in ["never"] }
    widget.type("Swift testing")
    #expect(widget.suggestions.isEmpty)
    #expect(widget.press(.tab) == .none)
    #expect(widget.press(.enter) == .submit(.note("Swift testing")))
  }

  @Test func emptyEnterIsASkipAndShowsThePlaceholder() {
    var widget = TextEntryWidget(question: with, answer: nil) { _, _ in [] }
    #expect(widget.render(style: .plain) == ["> _ No one"])
    #expect(widget.press(.enter) == .submit(.skipped))
  }

  @Test func editingKeys() {
    var widget = TextEntryWidget(question: doing, answer: nil) { _, _ in [] }
    widget.type("coding, tea time")
    widget.press(.backspace)
    #expect(widget.text == "coding, tea tim")
    widget.press(Key.deleteWord)
    #expect(widget.text == "coding, tea ")
    widget.press(Key.deleteWord)
    #expect(widget.text == "coding, ")
    widget.press(Key.clearLine)
    #expect(widget.text.isEmpty)
    widget.press(.backspace)
    #expect(widget.text.isEmpty)
  }

  @Test func earlierAnswersFillTheField() {
    let tokens = TextEntryWidget(
      question: doing, answer: .tokens(["a", "b"]), suggest: vocabularySuggest)
    #expect(tokens.text == "a, b")
    let location = TextEntryWidget(
      question: place, answer: .location("Home"), suggest: vocabularySuggest)
    #expect(location.text == "Home")
  }

  @Test func plainNumbersAreValidatedByTheParser() {
    var widget = TextEntryWidget(question: numberQuestion(nil), answer: nil) { _, _ in [] }
    widget.type("abc")
    #expect(widget.press(.enter) == .none)
    let error = widget.render(style: .plain).last ?? ""
    #expect(error.hasPrefix("! 'abc' is not a number"))
    widget.press(Key.clearLine)
    #expect(widget.error == nil)
    widget.type("2.5")
    #expect(widget.press(.enter) == .submit(.number("2.5")))
  }

  @Test func numberDefaultIsFiledForAnEmptyField() {
    var widget = TextEntryWidget(
      question: numberQuestion(nil, defaultAnswer: "1"), answer: nil
    ) { _, _ in [] }
    #expect(widget.render(style: .plain) == ["> _ (empty files 1)"])
    #expect(widget.press(.enter) == .submit(.number("1")))
  }

  @Test func unknownKeysDoNothing() {
    var widget = TextEntryWidget(question: doing, answer: nil, suggest: vocabularySuggest)
    #expect(widget.press(.delete, .home, .unknown([0x1B]), .control(0x01)) == .none)
    #expect(widget.text.isEmpty)
  }
}
