import DispatchKit
import Testing

/// Reading index and set files: every problem collected, located by set, question and field;
/// malformed files fail with one line naming the file (docs/catalog.md).
struct CatalogIndexParsingTests {
  static func parse(_ text: String) throws(CatalogError) -> CatalogIndex {
    try CatalogIndex.parse(Array(text.utf8), file: "index.json")
  }

  static func failure(_ text: String) -> CatalogError? {
    #expect(throws: CatalogError.self) { try parse(text) }
  }

  static func index(sets: String) -> String {
    #"{"formatVersion":1,"version":3,"generatedAt":"2026-07-01T00:00:00Z","sets":["# + sets + "]}"
  }

  static let moodSet =
    #"{"id":"mood","title":"Mood","summary":"How you feel.","tags":["Mood"],"questions":["#
    + #"{"prompt":"How are you?","type":"multipleChoice","choices":["Good","Bad"],"tags":["day"]},"#
    + #"{"prompt":"Energy?","type":"number","inputStyle":"scale","inputMin":1,"inputMax":5}]}"#

  @Test func `a valid index reads with defaults and computed fingerprints`() throws {
    let index = try Self.parse(Self.index(sets: Self.moodSet))
    #expect(index.formatVersion == 1 && index.version == 3)
    #expect(index.generatedAt.iso8601 == "2026-07-01T00:00:00.000Z")
    let set = try #require(index.set(id: "mood"))
    #expect(set.language == "en" && set.version == 1 && set.tags == ["mood"] && set.credit == nil)
    #expect(set.questions.map(\.type) == [.multipleChoice, .number])
    #expect(set.questions[1].inputStyle == .scale && set.questions[1].inputMax == 5)
    #expect(index.fingerprints[CatalogDedupe.fingerprint("how are you")] == "mood")
  }

  @Test func `writing and reading again gives the same index`() throws {
    let index = try Self.parse(Self.index(sets: Self.moodSet))
    let again = try CatalogIndex.parse(Array(index.jsonText.utf8), file: "again.json")
    #expect(again == index)
    #expect(
      index.jsonText.contains(#""promptFingerprint": "\#(CatalogDedupe.fingerprint("Energy?"))""#))
  }

  @Test func `every problem of every set is reported together`() {
    let broken =
      #"{"id":"Bad Id","title":"","summary":"S","questions":["#
      + #"{"prompt":"","type":"yesNo","choices":["a","b"]},"#
      + #"{"prompt":"Q","type":"teleport"},"#
      + #"{"prompt":"R","type":"number","inputStyle":"wheel"}]}"#
    let second = #"{"id":"ok","title":"T","summary":"S","questions":[{"prompt":7,"type":"note"}]}"#
    let error = Self.failure(Self.index(sets: broken + "," + second))
    let descriptions = error?.problems.map(\.description) ?? []
    #expect(
      descriptions == [
        "set 'Bad Id' question 1 field 'prompt': the prompt is empty",
        "set 'Bad Id' question 1 field 'choices': only multiple-choice questions have choices",
        "set 'Bad Id' question 2 field 'type': unknown type 'teleport'; use one of tokens, "
          + "multipleChoice, yesNo, location, people, number, note, time",
        "set 'Bad Id' question 3 field 'inputStyle': unknown input style 'wheel'; use one of "
          + "textField, slider, stepper, dial, tapCounter, scale",
        "set 'Bad Id' field 'id': the id must be a slug of lowercase letters, digits and single "
          + "hyphens, at most 64 characters, e.g. 'morning-mood'",
        "set 'Bad Id' field 'title': the title is empty",
        "set 'ok' question 1 field 'prompt': expected a string",
      ])
    #expect(error?.kind == .invalid)
    #expect(error?.message.hasPrefix("index.json: 7 problems: set 'Bad Id' question 1") == true)
  }

  @Test func `prompts repeated within a set are refused by normalized prompt`() {
    let set =
      #"{"id":"dupes","title":"T","summary":"S","questions":["#
      + #"{"prompt":"Did you exercise today?","type":"yesNo"},"#
      + #"{"prompt":"Any coffee?","type":"yesNo"},"#
      + #"{"prompt":"  did you  EXERCISE today!","type":"yesNo"}]}"#
    let error = Self.failure(Self.index(sets: set))
    #expect(
      error?.problems.map(\.description)
        == ["set 'dupes' question 3 field 'prompt': the same prompt as question 1"])
  }

  @Test func `set IDs used twice are refused`() {
    let error = Self.failure(Self.index(sets: Self.moodSet + "," + Self.moodSet))
    #expect(
      error?.problems.map(\.description) == ["set 'mood' field 'id': the id is also used by set #1"]
    )
  }

  @Test func `a fingerprint that does not match its prompt is refused`() {
    let set =
      #"{"id":"s","title":"T","summary":"S","questions":[{"prompt":"A?","type":"note","#
      + #""promptFingerprint":"\#(CatalogDedupe.fingerprint("B?"))"}]}"#
    let error = Self.failure(Self.index(sets: set))
    #expect(error?.problems.first?.field == "promptFingerprint")
    #expect(
      error?.problems.first?.reason
        == "does not match the prompt (expected \(CatalogDedupe.fingerprint("A")))")
  }

  @Test func `truncated JSON is one line naming the file and the byte`() {
    let text = Self.index(sets: Self.moodSet)
    let error = Self.failure(String(text.prefix(60)))
    #expect(
      error?.message
        == "index.json: not a catalog index: not valid JSON (unterminated string at byte 60)")
  }

  @Test func `wrong types name their field`() {
    let error = Self.failure(
      #"{"formatVersion":"1","version":1.5,"generatedAt":"yesterday","sets":{}}"#)
    #expect(
      error?.problems.map(\.description) == [
        "field 'formatVersion': expected an integer",
        "field 'version': expected an integer",
        "field 'generatedAt': 'yesterday' is not an ISO-8601 date",
        "field 'sets': expected an array",
      ])
    let questions = Self.failure(
      Self.index(sets: #"{"id":"s","title":"T","summary":"S","questions":[3]}"#))
    #expect(questions?.problems.map(\.description) == ["set 's' question 1: expected an object"])
  }

  @Test func `missing keys are named`() {
    let error = Self.failure(#"{"sets":[{"title":"T"}]}"#)
    #expect(
      error?.problems.map(\.description) == [
        "field 'formatVersion': missing required key",
        "field 'version': missing required key",
        "field 'generatedAt': missing required key",
        "set #1 field 'id': missing required key",
        "set #1 field 'summary': missing required key",
        "set #1 field 'questions': missing required key",
      ])
  }

  @Test func `a newer format version and a non-object are refused in one line`() {
    #expect(
      Self.failure(
        #"{"formatVersion":2,"version":1,"generatedAt":"2026-07-01T00:00:00Z","sets":[]}"#)?
        .message
        == "index.json: format version 2 is newer than this Dispatch reads (1); update Dispatch")
    #expect(
      Self.failure("[1,2]")?.message
        == "index.json: not a catalog index: the top level is not an object")
    #expect(Self.failure("")?.kind == .invalid)
  }

  @Test func `unknown keys are ignored and null reads as absent`() throws {
    let set =
      #"{"id":"s","title":"T","summary":"S","credit":null,"color":"red","questions":["#
      + #"{"prompt":"P","type":"note","placeholder":null,"future":1}]}"#
    let index = try Self.parse(Self.index(sets: set))
    #expect(
      index.sets.first?.credit == nil && index.sets.first?.questions.first?.placeholder == nil)
  }

  @Test func `many problems are counted in the message beyond the first eight`() {
    let questions = (1...10).map { _ in #"{"prompt":"","type":"note"}"# }.joined(separator: ",")
    let error = Self.failure(
      Self.index(sets: #"{"id":"s","title":"T","summary":"S","questions":["# + questions + "]}"))
    #expect(error?.problems.count == 10)
    #expect(error?.message.hasSuffix("; and 2 more") == true)
  }
}
