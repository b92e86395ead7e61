import DispatchKit
import Testing

struct SurveySessionTests {
  let questions = [
    Question(id: "work", prompt: "Are you working?", type: .yesNo),
    Question(id: "doing", prompt: "What are you doing?", type: .tokens),
    Question(id: "coffee", prompt: "Coffees?", type: .number),
  ]

  @Test func startsAtTheFirstQuestion() {
    let session = SurveySession(questions: questions)
    #expect(session.step == .question(0))
    #expect(session.currentQuestion?.id == "work")
    #expect(session.answers.isEmpty)
    #expect(!session.isFinished)
  }

  @Test func withoutQuestionsStartsAtTheReview() {
    var session = SurveySession(questions: [])
    #expect(session.step == .review)
    #expect(session.currentQuestion == nil)
    session.back()
    #expect(session.step == .review)
    #expect(session.file() == [:])
  }

  @Test func answersWalkThroughToTheReview() {
    var session = SurveySession(questions: questions)
    session.answer(.options(["Yes"]))
    #expect(session.step == .question(1))
    session.answer(.tokens(["coding"]))
    session.answer(.number("2"))
    #expect(session.step == .review)
    #expect(session.answers["doing"] == .tokens(["coding"]))
  }

  @Test func skipRecordsAnExplicitSkip() {
    var session = SurveySession(questions: questions)
    session.skip()
    #expect(session.answers["work"] == .skipped)
    #expect(session.step == .question(1))
  }

  @Test func backKeepsAnswersAndStopsAtTheFirstQuestion() {
    var session = SurveySession(questions: questions)
    session.answer(.options(["Yes"]))
    session.back()
    #expect(session.step == .question(0))
    #expect(session.recordedAnswer(for: questions[0]) == .options(["Yes"]))
    session.back()
    #expect(session.step == .question(0))
    session.answer(.options(["No"]))
    #expect(session.answers["work"] == .options(["No"]))
    #expect(session.step == .question(1))
  }

  @Test func backFromTheReviewGoesToTheLastQuestion() {
    var session = SurveySession(questions: questions)
    session.skipRemaining()
    session.back()
    #expect(session.step == .question(2))
    #expect(!session.isRevisiting)
    session.answer(.number("1"))
    #expect(session.step == .review)
  }

  @Test func revisitingReturnsToTheReview() {
    var session = SurveySession(questions: questions)
    session.answer(.options(["Yes"]))
    session.answer(.tokens(["coding"]))
    session.answer(.number("2"))
    session.revisit(1)
    #expect(session.step == .question(1))
    #expect(session.isRevisiting)
    session.answer(.tokens(["reading"]))
    #expect(session.step == .review)
    #expect(!session.isRevisiting)
    #expect(session.answers["doing"] == .tokens(["reading"]))
  }

  @Test func backWhileRevisitingReturnsToTheReviewUnchanged() {
    var session = SurveySession(questions: questions)
    session.answer(.options(["Yes"]))
    session.skipRemaining()
    session.revisit(0)
    session.back()
    #expect(session.step == .review)
    #expect(session.answers["work"] == .options(["Yes"]))
  }

  @Test func revisitOutsideTheReviewOrOutOfRangeDoesNothing() {
    var session = SurveySession(questions: questions)
    session.revisit(2)
    #expect(session.step == .question(0))
    session.skipRemaining()
    session.revisit(3)
    session.revisit(-1)
    #expect(session.step == .review)
  }

  @Test func skipRemainingKeepsLaterAnswers() {
    var session = SurveySession(questions: questions)
    session.answer(.options(["Yes"]))
    session.answer(.tokens(["coding"]))
    session.answer(.number("2"))
    session.back()
    session.back()
    session.skipRemaining()
    #expect(session.step == .review)
    #expect(session.answers["doing"] == .skipped)
    #expect(session.answers["coffee"] == .number("2"))
  }

  @Test func reviewListsEveryQuestionWithSkipsForTheUnreached() {
    var session = SurveySession(questions: questions)
    session.answer(.options(["Yes"]))
    let entries = session.reviewEntries
    #expect(entries.map(\.index) == [0, 1, 2])
    #expect(entries.map(\.answer) == [.options(["Yes"]), .skipped, .skipped])
  }

  @Test func fileReturnsAnAnswerForEveryQuestion() throws {
    var session = SurveySession(questions: questions)
    session.answer(.options(["Yes"]))
    session.skip()
    session.answer(.number("3"))
    let result = session.file()
    let filed = try #require(result)
    #expect(filed == ["work": .options(["Yes"]), "doing": .skipped, "coffee": .number("3")])
    #expect(session.step == .filed)
    #expect(session.filedAnswers == filed)
    #expect(session.isFinished)
  }

  @Test func fileBeforeTheReviewDoesNothing() {
    var session = SurveySession(questions: questions)
    #expect(session.file() == nil)
    #expect(session.step == .question(0))
    #expect(session.filedAnswers == nil)
  }

  @Test func cancelEndsTheSurveyAndIgnoresLaterActions() {
    var session = SurveySession(questions: questions)
    session.answer(.options(["Yes"]))
    session.cancel()
    #expect(session.step == .cancelled)
    #expect(session.filedAnswers == nil)
    session.answer(.tokens(["x"]))
    session.back()
    #expect(session.file() == nil)
    #expect(session.step == .cancelled)
    #expect(session.answers == ["work": .options(["Yes"])])
  }

  @Test func filedSurveyCannotBeCancelled() {
    var session = SurveySession(questions: questions)
    session.skipRemaining()
    session.file()
    session.cancel()
    #expect(session.step == .filed)
  }

  @Test func startsFromGivenAnswers() {
    let session = SurveySession(questions: questions, answers: ["coffee": .number("1")])
    #expect(session.reviewEntries[2].answer == .number("1"))
  }
}
