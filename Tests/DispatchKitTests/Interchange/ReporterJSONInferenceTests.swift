import DispatchKit
import Testing

/// Question types inferred from the answers when `questionType` is missing, one case per rule of
/// docs/formats/reporter.md#type-inference (those rules supersede the older heuristic), and choice
/// backfill.
struct ReporterJSONInferenceTests {
  typealias F = ReporterJSONFixtures

  /// The question built for `prompt` when it is listed without a type and answered with each
  /// of `answers` (response members after the prompt) in its own snapshot.
  func inferred(_ prompt: String, _ answers: [String], questionExtra: String = "") throws
    -> ImportedQuestion
  {
    let snapshots = answers.enumerated().map { index, answer in
      F.snapshot(
        date: "\"2016-02-1\(index)T19:08:54-0400\"",
        responses: [
          "{\"questionPrompt\": \"\(prompt)\"" + (answer.isEmpty ? "" : ", " + answer) + "}"
        ])
    }
    let batch = try F.parse(
      F.file(snapshots: snapshots, questions: [F.question(prompt, extra: questionExtra)]))
    let question = try #require(batch.questions.first)
    #expect(question.typeSource == .inferredFromJSON)
    return question
  }

  @Test func `rule 1: any location answer makes a location question`() throws {
    let question = try inferred(
      "Q", [#""tokens": ["a"]"#, #""locationResponse": {"text": "Home"}"#])
    #expect(question.question.type == .location)
  }

  @Test func `rule 2: any numeric answer makes a number question, even an empty one`() throws {
    #expect(try inferred("Q", [#""numericResponse": "3.8""#]).question.type == .number)
    #expect(try inferred("Q", [#""numericResponse": """#]).question.type == .number)
  }

  @Test func `rule 3: textResponses or the legacy textResponse make a note question`() throws {
    let plural = try inferred("Q", [#""textResponses": [{"uniqueIdentifier": "T", "text": "x"}]"#])
    #expect(plural.question.type == .note)
    #expect(try inferred("Q", [#""textResponse": "x""#]).question.type == .note)
  }

  @Test func `rule 4: Yes and No answers in any case make yes-no, others multiple choice`() throws {
    let yesNo = try inferred("Q", [#""answeredOptions": ["yes"]"#, #""answeredOptions": ["No"]"#])
    #expect(yesNo.question.type == .yesNo)
    #expect(yesNo.question.choices.isEmpty)
    let choice = try inferred(
      "Q", [#""answeredOptions": ["Great"]"#, #""answeredOptions": ["OK", "Great", "Poorly"]"#])
    #expect(choice.question.type == .multipleChoice)
    #expect(choice.question.choices == ["Great", "OK", "Poorly"])
    // Three distinct spellings are more than a yes/no question holds.
    let three = try inferred(
      "Q", [#""answeredOptions": ["Yes"]"#, #""answeredOptions": ["yes", "No"]"#])
    #expect(three.question.type == .multipleChoice)
  }

  @Test func `rule 5: tokens make tokens, or people by prompt or by the No one placeholder`() throws
  {
    #expect(try inferred("What are you doing?", [#""tokens": ["a"]"#]).question.type == .tokens)
    #expect(
      try inferred("Who were you with today?", [#""tokens": ["Sam"]"#]).question.type == .people)
    #expect(try inferred("WHO IS WITH YOU?", [#""tokens": ["Sam"]"#]).question.type == .people)
    let placeholder = try inferred(
      "Company?", [#""tokens": ["Sam"]"#], questionExtra: #""placeholderString": "No one""#)
    #expect(placeholder.question.type == .people)
    #expect(placeholder.question.placeholder == "No one")
    #expect(try inferred("Whom do you like?", [#""tokens": ["a"]"#]).question.type == .tokens)
  }

  @Test func `rule 6: no answers at all leave the default tokens type`() throws {
    #expect(try inferred("Q", []).question.type == .tokens)
    #expect(try inferred("Q", [""]).question.type == .tokens)
    #expect(try inferred("Who are you with?", [""]).question.type == .people)
  }

  @Test func `a stated type is kept and multiple choice still gets its choices`() throws {
    let batch = try F.parse(
      F.file(
        snapshots: [
          F.snapshot(responses: [
            #"{"questionPrompt": "Mood?", "answeredOptions": ["Calm", "Sad"]}"#
          ]),
          F.snapshot(
            date: "\"2016-02-12T08:00:00Z\"",
            responses: [#"{"questionPrompt": "Mood?", "answeredOptions": ["Sad", "Happy"]}"#]),
        ],
        questions: [
          #"{"prompt": "Mood?", "questionType": 1, "uniqueIdentifier": "default-question-0"}"#
        ]))
    let question = try #require(batch.questions.first)
    #expect(question.typeSource == .stated && question.hasSourceID)
    #expect(question.question.id == "default-question-0")
    #expect(question.question.choices == ["Calm", "Sad", "Happy"])
  }

  @Test func `types are inferred over the answers of every file parsed together`() throws {
    let listed = F.file(snapshots: [], questions: [F.question("Coffees?")])
    let answered = F.file(snapshots: [
      F.snapshot(responses: [#"{"questionPrompt": "Coffees?", "numericResponse": "2"}"#])
    ])
    let batches = try ReporterJSONImport.parse(
      files: [("a.json", Array(listed.utf8)), ("b.json", Array(answered.utf8))],
      defaultTimeZone: "UTC")
    #expect(batches.map { $0.questions.map(\.question.type) } == [[.number], [.number]])
    // The list-less second file creates an enabled question with the same ID.
    #expect(batches[1].questions.first?.question.isEnabled == true)
    #expect(batches[0].questions.first?.question.id == batches[1].questions.first?.question.id)
  }
}
