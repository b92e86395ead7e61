import Foundation
import Testing

/// The survey when standard input is not a terminal: `dispatch report` reads one line per
/// question from a pipe, writing prompts to standard error.
struct LineSurveyEndToEndTests {
  let binary: DispatchBinary

  init() throws {
    binary = try DispatchBinary()
    try binary.initStore()
  }

  @Test func readsOneAnswerPerLine() throws {
    let result = try binary.run(["report"], input: "y\ncoding, tea\n\n\n2\n")
    #expect(result.status == 0, "report failed: \(result.stderr)")
    #expect(result.stderr.contains("1/6 Are you working? (Yes or No; empty line skips)"))
    #expect(!result.stdout.contains("Are you working?"))
    let reports = try binary.reports()
    try #require(reports.count == 1)
    let answers = reports[0].answers
    #expect(answers["Are you working?"]?.options == ["Yes"])
    #expect(answers["What are you doing?"]?.tokens == ["coding", "tea"])
    #expect(answers["Where are you?"]?.skipped == true)
    #expect(answers["How many coffees did you have today?"]?.number == "2")
    #expect(answers["What did you learn today?"]?.skipped == true)
  }

  @Test func anInvalidAnswerFilesNothing() throws {
    let result = try binary.run(["report"], input: "maybe\ncoding\n")
    #expect(result.status == 65)
    #expect(result.stderr.contains("'maybe' is not an answer to 'Are you working?'"))
    #expect(try binary.reports().isEmpty)
  }
}
