import DispatchKit
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// Drafts, long reviews and short terminals in the interactive survey (issue 13).
struct SurveyFlowNavigationTests {
  private func press(_ flow: inout SurveyFlow, _ keys: Key...) {
    for key in keys { flow.handle(key) }
  }

  private func type(_ flow: inout SurveyFlow, _ text: String) {
    for character in text { flow.handle(.character(character)) }
  }

  private func numbered(_ count: Int) -> [Question] {
    (1...count).map { Question(id: "q\($0)", prompt: "Question \($0)?", type: .note) }
  }

  @Test func anUnconfirmedValueSurvivesGoingBackAndForth() {
    let questions = [
      Question(id: "work", prompt: "Are you working?", type: .yesNo),
      Question(id: "energy", prompt: "Energy?", type: .number, inputStyle: .slider),
    ]
    var survey = SurveyFlow(title: "Report", questions: questions, style: .plain) { _, _ in [] }
    press(&survey, .character("1"), .home, .right, .right, .right)
    press(&survey, .backTab)
    #expect(survey.session.step == .question(0))
    press(&survey, .enter)
    #expect(survey.session.step == .question(1))
    #expect(survey.render()[3] == String(repeating: " ", count: 10) + "3")
    press(&survey, .enter)
    #expect(survey.session.answers["energy"] == .number("3"))
  }

  @Test func aTypedTextSurvivesGoingBackToo() {
    let questions = [
      Question(id: "work", prompt: "Are you working?", type: .yesNo),
      Question(id: "doing", prompt: "Doing?", type: .tokens),
    ]
    var survey = SurveyFlow(title: "Report", questions: questions, style: .plain) { _, _ in [] }
    press(&survey, .character("2"))
    type(&survey, "reading, te")
    press(&survey, .backTab, .enter)
    #expect(survey.render()[2] == "  > reading, te_")
  }

  @Test func aLongReviewNumbersEveryQuestionAndTakesTypedNumbers() {
    var survey = SurveyFlow(title: "T", questions: numbered(12), style: .plain) { _, _ in [] }
    press(&survey, .endOfTransmission)
    let review = survey.render()
    #expect(review[1] == "   1. Question 1?   (skipped)")
    #expect(review[12] == "  12. Question 12?  (skipped)")
    #expect(review.last?.contains("type a number") == true)
    type(&survey, "12")
    #expect(survey.reviewCursor == 11)
    #expect(survey.session.step == .review)
    press(&survey, .enter)
    #expect(survey.session.step == .question(11))
    press(&survey, .backTab)
    type(&survey, "19")
    #expect(survey.reviewCursor == 8)
  }

  @Test(arguments: [10, 12, 14])
  func everyScreenFitsAShortTerminal(rows: Int) {
    let many = Question(
      id: "many", prompt: "Which?", type: .multipleChoice,
      choices: (1...15).map { "Option \($0)" }, allowsMultipleSelectionSetting: false)
    let dial = Question(id: "dial", prompt: "Stress?", type: .number, inputStyle: .dial)
    var survey = SurveyFlow(
      title: "T", questions: [many, dial] + numbered(20), style: .plain
    ) { _, _ in [] }
    #expect(survey.render(rows: rows, width: 80).count <= rows)
    press(&survey, .end)
    let list = survey.render(rows: rows, width: 80)
    #expect(list.count <= rows)
    #expect(list.contains("  > 15. Option 15") || list.contains("  >    Option 15"))
    #expect(list.contains { $0.contains("more") })
    press(&survey, .enter)
    let dialScreen = survey.render(rows: rows, width: 80)
    #expect(dialScreen.count <= rows)
    #expect(dialScreen.last?.hasPrefix("←→ turn") == true)
    press(&survey, .endOfTransmission, .up, .up)
    let review = survey.render(rows: rows, width: 80)
    #expect(review.count <= rows)
    #expect(review.contains { $0.hasPrefix("> 21.") })
    #expect(review.last?.hasPrefix("enter file") == true)
  }
}
