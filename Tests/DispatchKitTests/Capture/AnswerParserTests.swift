import DispatchKit
import Testing

@testable import DispatchFeatures

/// Typed text turned into answers, and text a question cannot take.
struct AnswerParserTests {
  @Test(arguments: AcceptedCase.all)
  func `text that fits the question becomes an answer`(_ test: AcceptedCase) throws {
    #expect(try AnswerParser.parse(test.text, for: test.question) == test.expected)
  }

  @Test(arguments: RejectedCase.all)
  func `text that does not fit is rejected with a message`(_ test: RejectedCase) {
    let error = #expect(throws: DispatchError.self) {
      try AnswerParser.parse(test.text, for: test.question)
    }
    #expect(error?.kind == .invalidValue)
    #expect(error?.message == test.message)
  }

  @Test(arguments: QuestionType.allCases)
  func `empty text skips any question without a default`(type: QuestionType) throws {
    let question = Question(
      id: "q", prompt: "P?", type: type, choices: ParserQuestions.choices(type))
    #expect(try AnswerParser.parse("", for: question) == .skipped)
    #expect(try AnswerParser.parse(" \n\t", for: question) == .skipped)
  }

  @Test func `lists split on commas, trim, drop empties and dedupe ignoring case`() {
    #expect(
      AnswerParser.list(" coffee ,work,, Coffee,  ,reading ,WORK")
        == ["coffee", "work", "reading"])
    #expect(AnswerParser.list(",,").isEmpty)
  }
}

extension AnswerParserTests {
  /// Questions the parser cases answer.
  enum ParserQuestions {
    static let working = Question(id: "w", prompt: "Are you working?", type: .yesNo)
    static let customYesNo = Question(
      id: "c", prompt: "Outside?", type: .yesNo, choices: ["Sure", "Nope"])
    static let sleep = DefaultQuestions.all[0]
    static let mood = Question(
      id: "m", prompt: "Mood?", type: .multipleChoice, choices: ["Happy", "Calm", "Tired"])
    static let doing = Question(id: "d", prompt: "What are you doing?", type: .tokens)
    static let with = Question(id: "p", prompt: "Who are you with?", type: .people)
    static let place = Question(id: "l", prompt: "Where are you?", type: .location)
    static let note = Question(id: "n", prompt: "What did you learn?", type: .note)
    static let coffees = Question(id: "k", prompt: "Coffees?", type: .number)
    static let withDefault = Question(
      id: "k0", prompt: "Coffees?", type: .number, defaultAnswer: "0")
    static let slider = Question(
      id: "s", prompt: "Energy?", type: .number, inputStyle: .slider, inputMinimum: 0,
      inputMaximum: 10)
    static let scale = Question(id: "sc", prompt: "Stress?", type: .number, inputStyle: .scale)
    static let counter = Question(
      id: "tc", prompt: "Glasses?", type: .number, inputStyle: .tapCounter)
    static let bedtime = Question(id: "t", prompt: "Bedtime?", type: .time)
    /// Not valid, but imported definitions are not validated.
    static let oneChoice = Question(id: "o", prompt: "Lonely?", type: .yesNo, choices: ["Only"])

    /// Two choices for the types that need them, so each question is valid.
    static func choices(_ type: QuestionType) -> [String] {
      type == .multipleChoice ? ["A", "B"] : []
    }
  }

  /// Text that a question accepts, and the answer it gives.
  struct AcceptedCase: Sendable, CustomTestStringConvertible {
    let id: String
    let question: Question
    let text: String
    let expected: AnswerValue

    var testDescription: String { id }

    static let all: [AcceptedCase] = [
      // Yes/no.
      AcceptedCase(
        id: "y", question: ParserQuestions.working, text: "y", expected: .options(["Yes"])),
      AcceptedCase(
        id: "YES", question: ParserQuestions.working, text: " YES ", expected: .options(["Yes"])),
      AcceptedCase(
        id: "true", question: ParserQuestions.working, text: "true", expected: .options(["Yes"])),
      AcceptedCase(
        id: "1", question: ParserQuestions.working, text: "1", expected: .options(["Yes"])),
      AcceptedCase(
        id: "n", question: ParserQuestions.working, text: "n", expected: .options(["No"])),
      AcceptedCase(
        id: "No", question: ParserQuestions.working, text: "No", expected: .options(["No"])),
      AcceptedCase(
        id: "0", question: ParserQuestions.working, text: "0", expected: .options(["No"])),
      AcceptedCase(
        id: "custom choice by name", question: ParserQuestions.customYesNo, text: "sure",
        expected: .options(["Sure"])),
      AcceptedCase(
        id: "custom choice by yes", question: ParserQuestions.customYesNo, text: "yes",
        expected: .options(["Sure"])),
      AcceptedCase(
        id: "yes for a yes/no with one stored choice", question: ParserQuestions.oneChoice,
        text: "yes", expected: .options(["Only"])),
      AcceptedCase(
        id: "custom choice by n", question: ParserQuestions.customYesNo, text: "n",
        expected: .options(["Nope"])),
      // Multiple choice.
      AcceptedCase(
        id: "single choice ignoring case", question: ParserQuestions.sleep, text: "great",
        expected: .options(["Great"])),
      AcceptedCase(
        id: "single choice by number", question: ParserQuestions.sleep, text: "3",
        expected: .options(["Poorly"])),
      AcceptedCase(
        id: "several choices", question: ParserQuestions.mood, text: "tired, 1 ,CALM",
        expected: .options(["Tired", "Happy", "Calm"])),
      AcceptedCase(
        id: "repeated choices once", question: ParserQuestions.mood, text: "happy, 1, Happy",
        expected: .options(["Happy"])),
      // Tokens and people.
      AcceptedCase(
        id: "tokens", question: ParserQuestions.doing, text: " coffee, writing ,coffee,,",
        expected: .tokens(["coffee", "writing"])),
      AcceptedCase(
        id: "only commas", question: ParserQuestions.doing, text: " , ,", expected: .skipped),
      AcceptedCase(
        id: "people", question: ParserQuestions.with, text: "Ann, José García",
        expected: .tokens(["Ann", "José García"])),
      // Location and note.
      AcceptedCase(
        id: "place", question: ParserQuestions.place, text: "  Café de Flore ",
        expected: .location("Café de Flore")),
      AcceptedCase(
        id: "note", question: ParserQuestions.note, text: "ranges are half-open\n",
        expected: .note("ranges are half-open")),
      // Numbers.
      AcceptedCase(
        id: "integer", question: ParserQuestions.coffees, text: "3", expected: .number("3")),
      AcceptedCase(
        id: "decimal kept as typed", question: ParserQuestions.coffees, text: " 2.50 ",
        expected: .number("2.50")),
      AcceptedCase(
        id: "a text field takes any finite number", question: ParserQuestions.coffees, text: "-40",
        expected: .number("-40")),
      AcceptedCase(
        id: "a text field takes numbers past the default range", question: ParserQuestions.coffees,
        text: "11", expected: .number("11")),
      AcceptedCase(
        id: "a slider's bounds are inclusive", question: ParserQuestions.slider, text: "10",
        expected: .number("10")),
      AcceptedCase(
        id: "a tap counter has no upper bound", question: ParserQuestions.counter, text: "1000000",
        expected: .number("1000000")),
      AcceptedCase(
        id: "empty files the default", question: ParserQuestions.withDefault, text: "",
        expected: .number("0")),
      AcceptedCase(
        id: "blank files the default", question: ParserQuestions.withDefault, text: "   ",
        expected: .number("0")),
      AcceptedCase(
        id: "a typed answer beats the default", question: ParserQuestions.withDefault, text: "2",
        expected: .number("2")),
      // Times.
      AcceptedCase(
        id: "7:05", question: ParserQuestions.bedtime, text: "7:05",
        expected: .time(TimeAnswer(minutes: 425))),
      AcceptedCase(
        id: "00:00", question: ParserQuestions.bedtime, text: "00:00",
        expected: .time(TimeAnswer(minutes: 0))),
      AcceptedCase(
        id: "23:59", question: ParserQuestions.bedtime, text: "23:59",
        expected: .time(TimeAnswer(minutes: 1_439))),
      AcceptedCase(
        id: "23:30 yesterday", question: ParserQuestions.bedtime, text: "23:30 yesterday",
        expected: .time(TimeAnswer(minutes: 1_410, dayOffset: -1))),
      AcceptedCase(
        id: "23:30 -1d", question: ParserQuestions.bedtime, text: "23:30 -1d",
        expected: .time(TimeAnswer(minutes: 1_410, dayOffset: -1))),
      AcceptedCase(
        id: "Yesterday in capitals", question: ParserQuestions.bedtime, text: "22:15 (Yesterday)",
        expected: .time(TimeAnswer(minutes: 1_335, dayOffset: -1))),
    ]
  }

  /// Text that a question refuses, and the exact message.
  struct RejectedCase: Sendable, CustomTestStringConvertible {
    let id: String
    let question: Question
    let text: String
    let message: String

    var testDescription: String { id }

    static let all: [RejectedCase] = [
      RejectedCase(
        id: "a NUL byte in a note", question: Question(id: "n", prompt: "Note?", type: .note),
        text: "before\u{0}after",
        message: "the answer to 'Note?' holds a NUL byte or bytes that are not UTF-8"),
      RejectedCase(
        id: "bytes that were not UTF-8", question: ParserQuestions.working,
        text: String(decoding: [0x79, 0xFF, 0x65, 0x73], as: UTF8.self),
        message: "the answer to 'Are you working?' holds a NUL byte or bytes that are not UTF-8"),
      RejectedCase(
        id: "junk for yes/no", question: ParserQuestions.working, text: "maybe",
        message: "'maybe' is not an answer to 'Are you working?'; answer 'Yes' or 'No'"),
      RejectedCase(
        id: "junk for custom yes/no", question: ParserQuestions.customYesNo, text: "perhaps",
        message: "'perhaps' is not an answer to 'Outside?'; answer 'Sure' or 'Nope'"),
      RejectedCase(
        id: "no for a yes/no with one stored choice", question: ParserQuestions.oneChoice,
        text: "no", message: "'no' is not an answer to 'Lonely?'; answer 'Only'"),
      RejectedCase(
        id: "misspelt choice", question: ParserQuestions.sleep, text: "Grate",
        message: "'Grate' is not a choice of 'How did you sleep?'; did you mean 'Great'?"),
      RejectedCase(
        id: "unrelated choice", question: ParserQuestions.sleep, text: "wonderfully",
        message:
          "'wonderfully' is not a choice of 'How did you sleep?'; choose 'Great', 'OK' or 'Poorly'"),
      RejectedCase(
        id: "a list for a single choice", question: ParserQuestions.sleep, text: "Great, OK",
        message:
          "'Great, OK' is not a choice of 'How did you sleep?'; choose 'Great', 'OK' or 'Poorly'"),
      RejectedCase(
        id: "one bad item in a list", question: ParserQuestions.mood, text: "happy, clam",
        message: "'clam' is not a choice of 'Mood?'; did you mean 'Calm'?"),
      RejectedCase(
        id: "choice number past the end", question: ParserQuestions.mood, text: "9",
        message: "'9' is not a choice of 'Mood?'; choose 'Happy', 'Calm' or 'Tired'"),
      RejectedCase(
        id: "a word for a number", question: ParserQuestions.coffees, text: "three",
        message: "'three' is not a number; 'Coffees?' takes a number"),
      RejectedCase(
        id: "NaN for a number", question: ParserQuestions.coffees, text: "nan",
        message: "'nan' is not a number; 'Coffees?' takes a number"),
      RejectedCase(
        id: "infinity for a number", question: ParserQuestions.coffees, text: "inf",
        message: "'inf' is not a number; 'Coffees?' takes a number"),
      RejectedCase(
        id: "hexadecimal for a number", question: ParserQuestions.coffees, text: "0x10",
        message: "'0x10' is not a number; 'Coffees?' takes a number"),
      RejectedCase(
        id: "above a slider", question: ParserQuestions.slider, text: "11",
        message: "11 is outside 0…10 for 'Energy?'"),
      RejectedCase(
        id: "below a slider", question: ParserQuestions.slider, text: "-0.5",
        message: "-0.5 is outside 0…10 for 'Energy?'"),
      RejectedCase(
        id: "above a default scale", question: ParserQuestions.scale, text: "6",
        message: "6 is outside 1…5 for 'Stress?'"),
      RejectedCase(
        id: "24:00", question: ParserQuestions.bedtime, text: "24:00",
        message:
          "'24:00' is not a time of day; 'Bedtime?' takes HH:MM, e.g. 07:30 or 23:15 yesterday"),
      RejectedCase(
        id: "minute 60", question: ParserQuestions.bedtime, text: "07:60",
        message:
          "'07:60' is not a time of day; 'Bedtime?' takes HH:MM, e.g. 07:30 or 23:15 yesterday"),
      RejectedCase(
        id: "one-digit minutes", question: ParserQuestions.bedtime, text: "7:5",
        message:
          "'7:5' is not a time of day; 'Bedtime?' takes HH:MM, e.g. 07:30 or 23:15 yesterday"),
      RejectedCase(
        id: "a signed hour", question: ParserQuestions.bedtime, text: "+7:05",
        message:
          "'+7:05' is not a time of day; 'Bedtime?' takes HH:MM, e.g. 07:30 or 23:15 yesterday"),
      RejectedCase(
        id: "a negative hour", question: ParserQuestions.bedtime, text: "-0:30",
        message:
          "'-0:30' is not a time of day; 'Bedtime?' takes HH:MM, e.g. 07:30 or 23:15 yesterday"),
      RejectedCase(
        id: "a word for a time", question: ParserQuestions.bedtime, text: "noon",
        message:
          "'noon' is not a time of day; 'Bedtime?' takes HH:MM, e.g. 07:30 or 23:15 yesterday"),
      RejectedCase(
        id: "only yesterday", question: ParserQuestions.bedtime, text: "yesterday",
        message:
          "'yesterday' is not a time of day; 'Bedtime?' takes HH:MM, e.g. 07:30 or 23:15 yesterday"),
    ]
  }
}

/// The hand-written decimal scanner accepts exactly what the pattern
/// `[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?` does, over ASCII text.
@Test func `numbers are decimal text exactly as the pattern says`() {
  let pattern = /[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/
  let alphabet = Array("0123456789+-.eEx ")
  var generator = SystemRandomNumberGenerator()
  var samples = ["", ".", "+", "-.5", "3.", ".e1", "1e", "1e+", "1e+2", "0x10", "nan", "1..2"]
  for _ in 0..<5_000 {
    let length = Int.random(in: 1...7, using: &generator)
    samples.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
  }
  for text in samples {
    #expect(AnswerParser.isDecimal(text) == (text.wholeMatch(of: pattern) != nil), "\(text)")
  }
}
