import DispatchKit
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

struct SurveyFlowTests {
  let questions = [
    Question(id: "work", prompt: "Are you working?", type: .yesNo),
    Question(id: "doing", prompt: "What are you doing?", type: .tokens),
    Question(id: "energy", prompt: "Energy?", type: .number, inputStyle: .slider),
  ]

  private func flow() -> SurveyFlow {
    SurveyFlow(title: "Report", questions: questions, style: .plain, suggest: vocabularySuggest)
  }

  private func press(_ flow: inout SurveyFlow, _ keys: Key...) {
    for key in keys { flow.handle(key) }
  }

  private func type(_ flow: inout SurveyFlow, _ text: String) {
    for character in text { flow.handle(.character(character)) }
  }

  @Test func questionScreenShowsTitlePromptWidgetAndHint() {
    let survey = flow()
    #expect(
      survey.render() == [
        "Report · 1/3", "Are you working?", "    1. Yes", "    2. No",
        "↑↓ move · 1-2 pick · enter choose · esc skip",
      ])
  }

  @Test func answeringEveryQuestionAndFiling() {
    var survey = flow()
    press(&survey, .down, .down, .enter)
    #expect(
      survey.render().last
        == "type · comma between items · tab complete · enter accept · esc skip · shift-tab back")
    type(&survey, "co")
    press(&survey, .tab)
    type(&survey, "tea")
    press(&survey, .enter, .home, .right, .right, .enter)
    #expect(
      survey.render() == [
        "Report · review",
        "  1. Are you working?     No",
        "  2. What are you doing?  coding, tea",
        "  3. Energy?              2",
        "> File this report",
        "enter file or change · ↑↓ move · 1-3 change · shift-tab back · esc cancel",
      ])
    press(&survey, .enter)
    #expect(
      survey.outcome
        == .filed([
          "work": .options(["No"]), "doing": .tokens(["coding", "tea"]), "energy": .number("2"),
        ]))
    #expect(survey.render().first == "Report · filed")
    #expect(!survey.render().contains("> File this report"))
  }

  @Test func escapeSkipsAndTheReviewShowsSkips() {
    var survey = flow()
    press(&survey, .escape, .escape, .escape)
    let review = survey.render()
    #expect(review[1] == "  1. Are you working?     (skipped)")
    press(&survey, .enter)
    #expect(survey.outcome == .filed(["work": .skipped, "doing": .skipped, "energy": .skipped]))
  }

  @Test func shiftTabGoesBackWithTheAnswerShown() {
    var survey = flow()
    press(&survey, .character("2"))
    #expect(survey.session.step == .question(1))
    press(&survey, .backTab)
    #expect(survey.session.step == .question(0))
    #expect(survey.render()[3] == "  > 2. No")
    press(&survey, Key.backAlias)
    #expect(survey.session.step == .question(0))
    press(&survey, .up, .enter)
    #expect(survey.session.answers["work"] == .options(["Yes"]))
  }

  @Test func reviewReopensAQuestionByNumberOrCursor() {
    var survey = flow()
    press(&survey, .endOfTransmission)
    #expect(survey.session.step == .review)
    press(&survey, .character("3"))
    #expect(survey.session.step == .question(2))
    #expect(
      survey.render().last
        == "←→ adjust · type a number · enter accept · esc skip · shift-tab review")
    press(&survey, .home, .right, .enter)
    #expect(survey.session.step == .review)
    #expect(survey.reviewCursor == 3)
    press(&survey, .up, .up, .up, .enter)
    #expect(survey.session.step == .question(0))
    press(&survey, .backTab)
    #expect(survey.session.step == .review)
    press(&survey, .down, .enter)
    #expect(survey.session.step == .question(0))
    press(&survey, .character("y"))
    #expect(survey.session.step == .review)
    press(&survey, .enter)
    #expect(
      survey.outcome
        == .filed(["work": .options(["Yes"]), "doing": .skipped, "energy": .number("1")]))
  }

  @Test func reviewCursorWrapsAndNumbersOutOfRangeAreIgnored() {
    var survey = flow()
    press(&survey, .endOfTransmission, .down)
    #expect(survey.reviewCursor == 0)
    press(&survey, .up, .character("9"), .home)
    #expect(survey.reviewCursor == 0)
    #expect(survey.session.step == .review)
    #expect(survey.render()[1] == "> 1. Are you working?     (skipped)")
    press(&survey, .end, .backTab)
    #expect(survey.session.step == .question(2))
  }

  @Test func controlCCancelsAnywhere() {
    var onQuestion = flow()
    press(&onQuestion, .character("1"), .interrupt)
    #expect(onQuestion.outcome == .cancelled)
    #expect(onQuestion.render().isEmpty)
    var onReview = flow()
    press(&onReview, .endOfTransmission, .interrupt)
    #expect(onReview.outcome == .cancelled)
  }

  @Test func escapeOnTheReviewCancels() {
    var survey = flow()
    press(&survey, .endOfTransmission, .escape)
    #expect(survey.outcome == .cancelled)
    press(&survey, .enter)
    #expect(survey.outcome == .cancelled)
  }

  @Test func rejectedAnswersKeepTheQuestion() {
    let number = Question(id: "n", prompt: "Coffees?", type: .number)
    var survey = SurveyFlow(title: "T", questions: [number], style: .plain) { _, _ in [] }
    type(&survey, "lots")
    press(&survey, .enter)
    #expect(survey.session.step == .question(0))
    #expect(survey.render().contains { $0.contains("! 'lots' is not a number") })
  }

  @Test func emptySurveyGoesStraightToTheReview() {
    var survey = SurveyFlow(title: "T", questions: [], style: .plain) { _, _ in [] }
    #expect(
      survey.render() == [
        "T · review", "> File this report", "enter file or change · ↑↓ move · esc cancel",
      ])
    press(&survey, .backTab, .down, .enter)
    #expect(survey.outcome == .filed([:]))
  }

  @Test func summariesOfEveryAnswerKind() {
    #expect(SurveyFlow.summary(of: .skipped) == "skipped")
    #expect(SurveyFlow.summary(of: .tokens(["a", "b"])) == "a, b")
    #expect(SurveyFlow.summary(of: .location("Home")) == "Home")
    #expect(SurveyFlow.summary(of: .note("one\ntwo")) == "one two")
    #expect(
      SurveyFlow.summary(of: .time(TimeAnswer(minutes: 90, dayOffset: -1))) == "01:30 yesterday")
    #expect(SurveyFlow.fitted("abcdef", 4) == "abc…")
    #expect(SurveyFlow.fitted("ab", 4) == "ab  ")
  }
}
