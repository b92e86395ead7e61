import DispatchKit
import Testing

@testable import DispatchCLI
@testable import DispatchCommandLine

/// Feeds lines to a ``LineSurvey`` and collects what it writes.
private final class LineScript {
  var lines: [String]
  var written = ""

  init(_ lines: [String]) {
    self.lines = lines
  }

  func survey(_ questions: [Question], title: String = "Report") -> LineSurvey {
    LineSurvey(
      title: title, questions: questions,
      readLine: { [self] in lines.isEmpty ? nil : lines.removeFirst() },
      write: { [self] in written += $0 })
  }
}

struct LineSurveyTests {
  let questions = [
    Question(id: "work", prompt: "Are you working?", type: .yesNo),
    Question(id: "doing", prompt: "What are you doing?", type: .tokens),
    Question(id: "energy", prompt: "Energy?", type: .number, inputStyle: .slider),
    Question(id: "bed", prompt: "Bedtime?", type: .time),
  ]

  @Test func readsOneLinePerQuestion() throws {
    let script = LineScript(["y", "coding, tea", "7", "23:30 yesterday"])
    let answers = try script.survey(questions).run()
    #expect(
      answers == [
        "work": .options(["Yes"]), "doing": .tokens(["coding", "tea"]), "energy": .number("7"),
        "bed": .time(TimeAnswer(minutes: 23 * 60 + 30, dayOffset: -1)),
      ])
    #expect(
      script.written == """
        Report
        1/4 Are you working? (Yes or No; empty line skips)
        2/4 What are you doing? (comma-separated; empty line skips)
        3/4 Energy? (a number from 0 to 10; empty line skips)
        4/4 Bedtime? (HH:MM, add 'yesterday' for yesterday; empty line skips)

        """)
  }

  @Test func emptyLinesSkipAndEndOfInputSkipsTheRest() throws {
    let script = LineScript(["", "reading"])
    let answers = try script.survey(questions).run()
    #expect(
      answers == [
        "work": .skipped, "doing": .tokens(["reading"]), "energy": .skipped, "bed": .skipped,
      ])
    #expect(!script.written.contains("4/4"))
  }

  @Test func invalidAnswersThrowTheParsersError() {
    let script = LineScript(["maybe", "x"])
    #expect(throws: DispatchError.self) { try script.survey(questions).run() }
    #expect(script.lines == ["x"])
  }

  @Test func outOfRangeStyledNumbersThrow() {
    let script = LineScript(["y", "", "11"])
    #expect(throws: DispatchError.self) { try script.survey(questions).run() }
  }

  @Test func numberDefaultsFileForEmptyLines() throws {
    let coffee = Question(id: "c", prompt: "Coffees?", type: .number, defaultAnswer: "1")
    let script = LineScript([""])
    #expect(try script.survey([coffee], title: "").run() == ["c": .number("1")])
    #expect(script.written == "1/1 Coffees? (a number; empty line files 1)\n")
  }

  @Test func hintsForEveryType() {
    let cases: [(Question, String)] = [
      (
        Question(id: "a", prompt: "p", type: .multipleChoice, choices: ["A", "B"]),
        "one or more of A, B, comma-separated; empty line skips"
      ),
      (
        Question(
          id: "b", prompt: "p", type: .multipleChoice, choices: ["A", "B"],
          allowsMultipleSelectionSetting: false), "one of A, B; empty line skips"
      ),
      (Question(id: "c", prompt: "p", type: .people), "names, comma-separated; empty line skips"),
      (Question(id: "d", prompt: "p", type: .location), "a place; empty line skips"),
      (Question(id: "e", prompt: "p", type: .note), "text; empty line skips"),
      (numberQuestion(.stepper), "a number from 0; empty line skips"),
      (
        numberQuestion(.scale, minimum: 0.5, maximum: 2.5, step: 0.5),
        "a number from 0.5 to 2.5; empty line skips"
      ),
    ]
    for (question, hint) in cases {
      #expect(LineSurvey.hint(for: question) == hint)
    }
  }
}
