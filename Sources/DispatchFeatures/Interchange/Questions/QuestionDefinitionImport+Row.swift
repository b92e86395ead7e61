import DispatchCore
import DispatchSupport
import Foundation

/// One entry of a question-definition file before validation
/// (docs/formats/exports.md#question-definitions), with Dispatch's decoding defaults: choices `[]`,
/// reportKinds `["regular"]`, enabled true, sortOrder 0.
struct QuestionDefinition {
  var prompt: String
  var type: String
  var choices: [String] = []
  var reportKinds: [String] = ["regular"]
  var enabled = true
  var sortOrder = 0
  var placeholder: String?
  var inputStyle: String?
  var defaultAnswer: String?
  var inputMin: Double?
  var inputMax: Double?
  var inputStep: Double?
  var visualization: String?
  var stateOfMindKind: String?
  var allowsMultipleSelection: Bool?

  init(json object: V2Fields) throws(V2RecordError) {
    prompt = try object.string("prompt")
    type = try object.string("type")
    choices = try object.optionalStrings("choices") ?? []
    reportKinds = try object.optionalStrings("reportKinds") ?? ["regular"]
    enabled = try object.optionalBool("enabled") ?? true
    sortOrder = try object.optionalInt("sortOrder") ?? 0
    placeholder = try object.optionalString("placeholder")
    inputStyle = try object.optionalString("inputStyle")
    defaultAnswer = try object.optionalString("defaultAnswer")
    inputMin = try object.optionalDouble("inputMin")
    inputMax = try object.optionalDouble("inputMax")
    inputStep = try object.optionalDouble("inputStep")
    visualization = try object.optionalString("visualization")
    stateOfMindKind = try object.optionalString("stateOfMindKind")
    allowsMultipleSelection = try object.optionalBool("allowsMultipleSelection")
  }

  /// A CSV row: an empty cell is nil (so the default), arrays are JSON inside the cell.
  init(cells: [String], columns: [String: Int]) throws(V2RecordError) {
    func cell(_ name: String) -> String? {
      guard let index = columns[name], index < cells.count, !cells[index].isEmpty else {
        return nil
      }
      return cells[index]
    }
    func parsed<T>(_ name: String, _ expected: String, _ read: (String) -> T?)
      throws(V2RecordError) -> T?
    {
      guard let text = cell(name) else { return nil }
      guard let value = read(text) else { throw V2RecordError(field: name, reason: expected) }
      return value
    }
    func list(_ text: String) -> [String]? {
      V2Fields.parse(Array(text.utf8))?.array.flatMap { items in
        let strings = items.compactMap(\.string)
        return strings.count == items.count ? strings : nil
      }
    }
    func flag(_ text: String) -> Bool? {
      ["true": true, "false": false][text.lowercased()]
    }
    func number(_ text: String) -> Double? {
      ReporterCSVInference.isNumber(text) ? Double(text.trimmingCharacters(in: .whitespaces)) : nil
    }
    prompt = cell("prompt") ?? ""
    type = cell("type") ?? ""
    choices = try parsed("choices", "expected a JSON array of strings", list) ?? []
    reportKinds = try parsed("reportKinds", "expected a JSON array of strings", list) ?? ["regular"]
    enabled = try parsed("enabled", "expected true or false", flag) ?? true
    sortOrder = try parsed("sortOrder", "expected an integer") { Int($0) } ?? 0
    placeholder = cell("placeholder")
    inputStyle = cell("inputStyle")
    defaultAnswer = cell("defaultAnswer")
    inputMin = try parsed("inputMin", "expected a number", number)
    inputMax = try parsed("inputMax", "expected a number", number)
    inputStep = try parsed("inputStep", "expected a number", number)
    visualization = cell("visualization")
    stateOfMindKind = cell("stateOfMindKind")
    allowsMultipleSelection = try parsed("allowsMultipleSelection", "expected true or false", flag)
  }

  /// The validated question (docs/catalog.md#validation, after `normalized()`: everything trimmed,
  /// empty optional texts nil), or every error of the row joined in one reason.
  func question(id: String) -> Result<Question, V2RecordError> {
    func trimmed(_ text: String?) -> String? {
      let value = text?.trimmingCharacters(in: .whitespacesAndNewlines)
      return value?.isEmpty == false ? value : nil
    }
    let prompt = trimmed(self.prompt) ?? ""
    let choices = self.choices.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    let placeholder = trimmed(self.placeholder)
    let style = trimmed(inputStyle)
    let defaultAnswer = trimmed(self.defaultAnswer)
    var errors: [String] = []
    if prompt.isEmpty { errors.append("the prompt is empty") }
    if prompt.count > 200 { errors.append("the prompt is longer than 200 characters") }
    let known = QuestionType(caseName: type.trimmingCharacters(in: .whitespaces))
    if known == nil { errors.append("unknown type \(V2Fields.quote(type))") }
    switch known {
    case .multipleChoice:
      if !(2...20).contains(choices.count) {
        errors.append("multiple choice needs 2 to 20 choices")
      }
      if choices.contains(where: \.isEmpty) { errors.append("a choice is empty") }
      if choices.contains(where: { $0.count > 60 }) {
        errors.append("a choice is longer than 60 characters")
      }
      if Set(choices.map { $0.lowercased() }).count != choices.count {
        errors.append("choices repeat")
      }
    case .yesNo:
      // The rules of docs/catalog.md#validation allow no choices on yes/no; our model (and so our
      // exporter) allows relabeled Yes/No pairs, which must survive a round trip.
      if !(choices.isEmpty || choices.count == 2) {
        errors.append("a yes/no question has two choices or none")
      }
    default:
      if known != nil && !choices.isEmpty { errors.append("only multiple choice has choices") }
    }
    let inputStyle = style.flatMap(NumberInputStyle.init(rawValue:))
    if let style, inputStyle == nil {
      errors.append("unknown input style \(V2Fields.quote(style))")
    }
    if known != .number && style != nil {
      errors.append("only number questions have an input style")
    }
    if known != .number && defaultAnswer != nil {
      errors.append("only number questions have a default answer")
    }
    if let defaultAnswer, defaultAnswer.count > 40 {
      errors.append("the default answer is longer than 40 characters")
    }
    if let placeholder, placeholder.count > 100 {
      errors.append("the placeholder is longer than 100 characters")
    }
    let chart = trimmed(visualization)
    if let chart, VisualizationStyle(rawValue: chart) == nil {
      errors.append("unknown visualization \(V2Fields.quote(chart))")
    }
    if let inputMin, let inputMax, inputMin >= inputMax {
      errors.append("inputMin is not below inputMax")
    }
    if let inputStep, !(inputStep > 0) { errors.append("inputStep is not above zero") }
    if reportKinds.isEmpty { errors.append("reportKinds is empty") }
    guard let type = known, errors.isEmpty else {
      return .failure(V2RecordError(field: nil, reason: errors.joined(separator: "; ")))
    }
    return .success(
      Question(
        id: id, prompt: prompt, type: type, sortOrder: sortOrder, isEnabled: enabled,
        reportKinds: reportKinds.map {
          ReportKind(rawValue: $0.trimmingCharacters(in: .whitespaces))
        },
        placeholder: placeholder, choices: choices,
        allowsMultipleSelectionSetting: allowsMultipleSelection,
        inputStyle: inputStyle == .textField ? nil : inputStyle, inputMinimum: inputMin,
        inputMaximum: inputMax, inputStep: inputStep, defaultAnswer: defaultAnswer,
        visualization: chart.flatMap(VisualizationStyle.init(rawValue:)),
        stateOfMindKind: trimmed(stateOfMindKind)))
  }
}
