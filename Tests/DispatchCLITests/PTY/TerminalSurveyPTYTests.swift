import Foundation
import Testing

/// The interactive survey end to end: the built `dispatch report` on a pseudo-terminal, keys
/// typed on the master side, the filed report read back with `reports list --json`.
@Suite(.serialized)
struct TerminalSurveyPTYTests {
  let binary: DispatchBinary

  init() throws {
    binary = try DispatchBinary()
    try binary.initStore()
  }

  @Test func answersSkipsGoesBackAndFiles() throws {
    let run = try SurveyRun(binary)
    try run.expect("Are you working?")
    try run.expect("1/6")
    #expect(!run.terminal.isCooked, "the survey runs in raw mode")
    try run.press("y", until: "What are you doing?")
    try run.press("coding, tea", until: "coding, tea")
    try run.press(Keys.enter, until: "Where are you?")
    try run.press(Keys.escape, until: "Who are you with?")
    try run.press(Keys.shiftTab, until: "Where are you?")
    try run.press("home" + Keys.enter, until: "Who are you with?")
    try run.press("Alice" + Keys.enter, until: "How many coffees did you have today?")
    try run.press("2" + Keys.enter, until: "What did you learn today?")
    try run.press(Keys.escape, until: "File this report")
    let review = run.terminal.recentText
    for text in ["Are you working?", "Yes", "coding, tea", "home", "Alice", "(skipped)"] {
      #expect(review.contains(text), "the review lacks '\(text)':\n\(review)")
    }
    #expect(run.finish(Keys.enter) == 0)
    #expect(run.terminal.isCooked)

    let reports = try binary.reports()
    try #require(reports.count == 1)
    let answers = reports[0].answers
    #expect(answers["Are you working?"]?.options == ["Yes"])
    #expect(answers["What are you doing?"]?.tokens == ["coding", "tea"])
    #expect(answers["Where are you?"]?.location == "home")
    #expect(answers["Who are you with?"]?.tokens == ["Alice"])
    #expect(answers["How many coffees did you have today?"]?.number == "2")
    #expect(answers["What did you learn today?"]?.skipped == true)
  }

  @Test func reviewReopensAQuestionToChangeIt() throws {
    let run = try SurveyRun(binary)
    try run.expect("Are you working?")
    try run.press(Keys.enter, until: "What are you doing?")
    try run.press(Keys.controlD, until: "File this report")
    try run.press("1", until: "Are you working?")
    try run.press("n", until: "File this report")
    #expect(run.terminal.recentText.contains("No"))
    #expect(run.finish(Keys.enter) == 0)
    let reports = try binary.reports()
    try #require(reports.count == 1)
    #expect(reports[0].answers["Are you working?"]?.options == ["No"])
    #expect(reports[0].answers["Where are you?"]?.skipped == true)
  }

  @Test func sliderIsMovedWithArrowKeys() throws {
    let added = try binary.run([
      "questions", "add", "Energy?", "--type", "number", "--style", "slider", "--min", "0",
      "--max", "10",
    ])
    try #require(added.status == 0, "questions add failed: \(added.stderr)")
    let run = try SurveyRun(binary)
    try run.expect("1/7")
    try run.press(Keys.controlD, until: "File this report")
    try run.press("7", until: "Energy?")
    // Untouched, the knob is hollow in the middle and the arrows move from there.
    try run.expect(
      "0 " + String(repeating: "─", count: 10) + "◌" + String(repeating: "─", count: 10) + " 10")
    try run.press(Keys.left + Keys.left, until: "━━━━━━●")
    try run.press(Keys.enter, until: "File this report")
    #expect(run.finish(Keys.enter) == 0)
    let reports = try binary.reports()
    try #require(reports.count == 1)
    #expect(reports[0].answers["Energy?"]?.number == "3")
  }

  @Test func aLabeledScaleOnAShortTerminalTakesATypedNumber() throws {
    let added = try binary.run([
      "questions", "add", "How rested do you feel?", "--type", "number", "--style", "scale",
      "--labels", "1=exhausted,5=fully rested",
    ])
    try #require(added.status == 0, "questions add failed: \(added.stderr)")
    let run = try SurveyRun(binary, rows: 12)
    try run.expect("1/7")
    try run.press(Keys.controlD, until: "File this report")
    try run.press("7", until: "1 = exhausted, 5 = fully rested")
    try run.press(Keys.enter, until: "File this report")
    try run.press("7", until: "1 = exhausted, 5 = fully rested")
    try run.press("4", until: "> 4")
    try run.press(Keys.enter, until: "File this report")
    #expect(run.finish(Keys.enter) == 0)
    let reports = try binary.reports()
    try #require(reports.count == 1)
    #expect(reports[0].answers["How rested do you feel?"]?.number == "4")
  }

  @Test func completionOffersTheVocabulary() throws {
    let first = try binary.run(["report", "--answer", "What are you doing?=coding"])
    try #require(first.status == 0, "report --answer failed: \(first.stderr)")
    let run = try SurveyRun(binary)
    try run.expect("Are you working?")
    try run.press("y", until: "What are you doing?")
    try run.press("co", until: "[coding]")
    try run.press(Keys.tab, until: "coding, ")
    try run.press(Keys.enter, until: "Where are you?")
    try run.press(Keys.controlD, until: "File this report")
    #expect(run.finish(Keys.enter) == 0)
    let reports = try binary.reports()
    #expect(reports.count == 2)
    #expect(
      reports.contains {
        $0.answers["Are you working?"]?.options == ["Yes"]
          && $0.answers["What are you doing?"]?.tokens == ["coding"]
      })
  }

  @Test func controlCCancelsFilesNothingAndRestoresTheTerminal() throws {
    let run = try SurveyRun(binary)
    try run.expect("Are you working?")
    #expect(!run.terminal.isCooked)
    try run.press(Keys.enter, until: "What are you doing?")
    #expect(run.finish(Keys.controlC) == 130)
    #expect(run.terminal.isCooked, "ICANON and ECHO are back on after Ctrl-C")
    #expect(try binary.reports().isEmpty)
  }

  @Test func escapeOnTheReviewCancels() throws {
    let run = try SurveyRun(binary)
    try run.expect("Are you working?")
    try run.press(Keys.enter, until: "What are you doing?")
    try run.press(Keys.controlD, until: "esc cancel")
    #expect(run.finish(Keys.escape) == 130)
    #expect(run.terminal.isCooked)
    #expect(try binary.reports().isEmpty)
  }

  @Test func terminationSignalRestoresTheTerminal() throws {
    let run = try SurveyRun(binary)
    try run.expect("Are you working?")
    #expect(!run.terminal.isCooked)
    kill(run.process.processIdentifier, SIGTERM)
    #expect(run.terminal.waitForExit(run.process) == 128 + SIGTERM)
    #expect(run.terminal.isCooked, "the SIGTERM handler restored the terminal")
    #expect(try binary.reports().isEmpty)
  }

  @Test func colourFollowsNoColor() throws {
    let plain = try SurveyRun(binary)
    try plain.expect("Are you working?")
    // A new list has no cursor; ↓ puts it on the first option, where colour would show.
    try plain.press(Keys.down, until: "> 1. Yes")
    #expect(!plain.terminal.allText.contains("\u{1B}[36m"))
    #expect(plain.terminal.allText.contains("> 1. Yes"))
    #expect(plain.finish(Keys.controlC) == 130)

    let coloured = try SurveyRun(binary, color: true)
    try coloured.expect("Are you working?")
    try coloured.press(Keys.down, until: "> 1. ")
    #expect(coloured.terminal.allText.contains("\u{1B}[36m"))
    #expect(coloured.finish(Keys.controlC) == 130)
  }
}
