import DispatchKit
import Testing

/// The frozen raw values and names of question types (docs/formats/dispatch-v2.md#question-types).
struct QuestionTypeTests {
  @Test(arguments: [
    (QuestionType.tokens, 0, "tokens"),
    (.multipleChoice, 1, "multipleChoice"),
    (.yesNo, 2, "yesNo"),
    (.location, 3, "location"),
    (.people, 4, "people"),
    (.number, 5, "number"),
    (.note, 6, "note"),
    (.time, 7, "time"),
  ])
  func `each type keeps its raw value and case name`(
    type: QuestionType, rawValue: Int, caseName: String
  ) {
    #expect(type.rawValue == rawValue)
    #expect(QuestionType(rawValue: rawValue) == type)
    #expect(type.caseName == caseName)
    #expect(QuestionType(caseName: caseName) == type)
  }

  @Test func `there are exactly eight types`() {
    #expect(QuestionType.allCases.count == 8)
    #expect(QuestionType(rawValue: 8) == nil)
    #expect(QuestionType(rawValue: -1) == nil)
  }

  @Test(arguments: [
    ("yes-no", QuestionType?.some(.yesNo)),
    ("YESNO", .yesNo),
    ("multiple_choice", .multipleChoice),
    ("Multiple-Choice", .multipleChoice),
    ("TIME", .time),
    ("slider", nil),
    ("", nil),
    ("yes no", nil),
  ])
  func `case names parse leniently`(text: String, expected: QuestionType?) {
    #expect(QuestionType(caseName: text) == expected)
  }

  @Test(arguments: [
    (VisualizationStyle.proportion, [QuestionType.multipleChoice, .yesNo]),
    (.graph, [.number]),
    (.frequency, [.tokens, .people]),
  ])
  func `each chart style suits its types only`(
    style: VisualizationStyle, types: [QuestionType]
  ) {
    #expect(QuestionType.allCases.filter { style.isCompatible(with: $0) } == types)
  }
}
