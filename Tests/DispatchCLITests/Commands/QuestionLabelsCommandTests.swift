import Foundation
import Testing

/// `questions add|edit --labels` and the single-select default of new multiple-choice questions.
@Suite("questions labels and selection")
struct QuestionLabelsCommandTests {
  /// The fields of `questions … --json` these tests read.
  struct Definition: Decodable {
    let placeholder: String?
    let allowsMultipleSelection: Bool?
  }

  @Test func labelsAreStoredAsTheQuestionsAnchors() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let added = try cli.succeed([
      "questions", "add", "How rested do you feel?", "--type", "number", "--style", "scale",
      "--min", "1", "--max", "5", "--labels", "1=exhausted,5=fully rested", "--json",
    ])
    #expect(try added.json(Definition.self).placeholder == "1 = exhausted, 5 = fully rested")
    let edited = try cli.succeed([
      "questions", "edit", "How rested", "--labels", "1 = drained, 3=OK,5 = rested", "--json",
    ])
    #expect(try edited.json(Definition.self).placeholder == "1 = drained, 3 = OK, 5 = rested")
    let listed = try cli.succeed(["questions", "list"], environment: ["NO_COLOR": "1"])
    #expect(listed.stdout.contains("number · scale 1–5 · 1 = drained, 3 = OK, 5 = rested · "))
  }

  @Test(
    "bad labels are refused with one line and exit 64",
    arguments: [
      (["--labels", "exhausted"], "'exhausted' is not NUMBER=LABEL"),
      (["--labels", "0=none,5=all"], "label 0 is outside the question's range, 1 to 5"),
      (["--labels", "1.5=half"], "label 1.5 is not on the question's step of 1 from 1"),
      (["--labels", "1=a", "--placeholder", "x"], "--labels and --placeholder"),
    ])
  func badLabels(extra: [String], message: String) throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.fail(
      ["questions", "add", "Rested?", "--type", "number", "--style", "scale"] + extra,
      status: 64, message: message)
    try cli.fail(
      ["questions", "add", "Doing?", "--type", "tokens", "--labels", "1=a"], status: 64,
      message: "--labels is for number questions")
  }

  @Test func newMultipleChoiceQuestionsTakeOneOptionUnlessMultiple() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let single = try cli.succeed([
      "questions", "add", "Energy?", "--type", "multipleChoice", "--choices", "Low,High", "--json",
    ])
    #expect(try single.json(Definition.self).allowsMultipleSelection == false)
    let multiple = try cli.succeed([
      "questions", "add", "Helped?", "--type", "multipleChoice", "--choices", "Sleep,Tea",
      "--multiple", "--json",
    ])
    #expect(try multiple.json(Definition.self).allowsMultipleSelection == true)
    // Editing another setting keeps the selection as it was.
    let edited = try cli.succeed([
      "questions", "edit", "Helped?", "--prompt", "What helped?", "--json",
    ])
    #expect(try edited.json(Definition.self).allowsMultipleSelection == true)
  }
}
