import DispatchCore
import DispatchSupport

/// Question definitions without report data, as JSON or CSV
/// (docs/formats/exports.md#question-definitions).
///
/// Import (validation, dedupe, new UUIDs) lives elsewhere; these are the writers.
public enum QuestionPortability {
  /// The CSV columns, in Dispatch's order (docs/formats/exports.md#question-definitions).
  public static let csvColumns = [
    "prompt", "type", "choices", "reportKinds", "enabled", "sortOrder", "placeholder",
    "inputStyle", "defaultAnswer", "inputMin", "inputMax", "inputStep", "visualization",
    "stateOfMindKind", "allowsMultipleSelection",
  ]

  /// `{"questions":[…]}` with questions in (sortOrder, ID) order.
  public static func jsonDocument(questions: [Question]) -> JSONValue {
    .object([("questions", .array(V2Exporter.sortedQuestions(questions).map(entryValue)))])
  }

  /// The JSON file's text: pretty-printed with sorted keys, as Dispatch's `JSONEncoder`
  /// writes it.
  public static func json(questions: [Question]) -> String {
    JSONWriter.string(jsonDocument(questions: questions), style: .dispatchV2)
  }

  /// One portable entry. `type` is the case name, not the raw Int; `choices`, `reportKinds`,
  /// `enabled` and `sortOrder` are always written, the rest only when set
  /// (docs/formats/exports.md#question-definitions).
  public static func entryValue(_ question: Question) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("prompt", question.prompt)
    object.set("type", question.type.caseName)
    object.set("choices", .array(question.choices.map(JSONValue.string)))
    object.set("reportKinds", .array(question.reportKinds.map { .string($0.rawValue) }))
    object.set("enabled", question.isEnabled)
    object.set("sortOrder", question.sortOrder)
    object.set("placeholder", question.placeholder)
    object.set("inputStyle", storedInputStyle(question))
    object.set("defaultAnswer", question.defaultAnswer)
    object.set("inputMin", question.inputMinimum)
    object.set("inputMax", question.inputMaximum)
    object.set("inputStep", question.inputStep)
    object.set("visualization", question.visualization?.rawValue)
    object.set("stateOfMindKind", question.stateOfMindKind)
    object.set("allowsMultipleSelection", question.allowsMultipleSelectionSetting)
    return object.value
  }

  /// The CSV file: a header line, then one line per question in (sortOrder, ID) order,
  /// `\n`-joined with no trailing newline.
  public static func csv(questions: [Question]) -> String {
    CSVWriter.document([csvColumns] + V2Exporter.sortedQuestions(questions).map(csvRow))
  }

  /// One question's cells in ``csvColumns`` order. Choices and kinds are JSON arrays inside
  /// the cell, Booleans `true`/`false`, integral numbers integers, and nil an empty cell.
  public static func csvRow(_ question: Question) -> [String] {
    [
      question.prompt,
      question.type.caseName,
      jsonArray(question.choices),
      jsonArray(question.reportKinds.map(\.rawValue)),
      String(question.isEnabled),
      String(question.sortOrder),
      question.placeholder ?? "",
      storedInputStyle(question) ?? "",
      question.defaultAnswer ?? "",
      question.inputMinimum.map(ExportText.plainNumber) ?? "",
      question.inputMaximum.map(ExportText.plainNumber) ?? "",
      question.inputStep.map(ExportText.plainNumber) ?? "",
      question.visualization?.rawValue ?? "",
      question.stateOfMindKind ?? "",
      question.allowsMultipleSelectionSetting.map { String($0) } ?? "",
    ]
  }

  /// The style as Dispatch stores it: plain typing is nil
  /// (docs/formats/dispatch-v2.md#number-input-styles).
  static func storedInputStyle(_ question: Question) -> String? {
    guard let style = question.inputStyle, style != .textField else { return nil }
    return style.rawValue
  }

  /// A compact JSON array of strings, `/` escaped as Foundation's encoder does.
  static func jsonArray(_ items: [String]) -> String {
    var style = JSONWriter.Style.compact
    style.escapeSlashes = true
    return JSONWriter.string(.array(items.map(JSONValue.string)), style: style)
  }
}
