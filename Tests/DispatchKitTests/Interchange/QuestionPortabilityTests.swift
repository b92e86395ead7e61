import DispatchKit
import Testing

/// Question-definition JSON and CSV (docs/formats/exports.md#question-definitions).
struct QuestionPortabilityTests {
  static var questions: [Question] {
    [
      Question(
        id: "q-2", prompt: "Energy, today?", type: .number, sortOrder: 1, isEnabled: false,
        reportKinds: [.regular, .wake], placeholder: "0–10", inputStyle: .slider,
        inputMinimum: 0, inputMaximum: 10, inputStep: 0.5, defaultAnswer: "5",
        visualization: .graph),
      Question(
        id: "q-1", prompt: "How did you sleep?", type: .multipleChoice, sortOrder: 0,
        reportKinds: [.wake], choices: ["Great", "OK/fine", "Poorly"],
        allowsMultipleSelectionSetting: false, stateOfMindKind: "mood"),
      Question(id: "q-3", prompt: "Count?", type: .number, sortOrder: 2, inputStyle: .textField),
    ]
  }

  @Test func `JSON entries carry case names and always the core keys`() {
    let expected = """
      {
        "questions" : [
          {
            "allowsMultipleSelection" : false,
            "choices" : [
              "Great",
              "OK\\/fine",
              "Poorly"
            ],
            "enabled" : true,
            "prompt" : "How did you sleep?",
            "reportKinds" : [
              "wake"
            ],
            "sortOrder" : 0,
            "stateOfMindKind" : "mood",
            "type" : "multipleChoice"
          },
          {
            "choices" : [

            ],
            "defaultAnswer" : "5",
            "enabled" : false,
            "inputMax" : 10,
            "inputMin" : 0,
            "inputStep" : 0.5,
            "inputStyle" : "slider",
            "placeholder" : "0–10",
            "prompt" : "Energy, today?",
            "reportKinds" : [
              "regular",
              "wake"
            ],
            "sortOrder" : 1,
            "type" : "number",
            "visualization" : "graph"
          },
          {
            "choices" : [

            ],
            "enabled" : true,
            "prompt" : "Count?",
            "reportKinds" : [
              "regular"
            ],
            "sortOrder" : 2,
            "type" : "number"
          }
        ]
      }
      """
    #expect(QuestionPortability.json(questions: Self.questions) == expected)
  }

  @Test func `CSV rows follow the column order with JSON arrays in cells`() {
    let lines = QuestionPortability.csv(questions: Self.questions)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines == [
        "prompt,type,choices,reportKinds,enabled,sortOrder,placeholder,inputStyle,defaultAnswer,"
          + "inputMin,inputMax,inputStep,visualization,stateOfMindKind,allowsMultipleSelection",
        #"How did you sleep?,multipleChoice,"[""Great"",""OK\/fine"",""Poorly""]","[""wake""]","#
          + #"true,0,,,,,,,,mood,false"#,
        #""Energy, today?",number,[],"[""regular"",""wake""]",false,1,0–10,slider,5,0,10,0.5,"#
          + #"graph,,"#,
        #"Count?,number,[],"[""regular""]",true,2,,,,,,,,,"#,
      ])
  }
}
