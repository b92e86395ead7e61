import DispatchCore

/// Reading and writing questions.
extension Question {
  static let selectColumns = """
    id, prompt, type, sort_order, is_enabled, report_kinds, placeholder, choices,
    allows_multiple_selection, input_style, input_min, input_max, input_step, default_answer,
    visualization, state_of_mind_kind
    """

  init(row: Row) throws(StoreError) {
    let rawType = try row.requiredInt64(2)
    guard let type = QuestionType(rawValue: Int(rawType)) else {
      throw StoreError(.corruptValue, "question type \(rawType) is unknown")
    }
    self.init(
      id: try row.requiredString(0), prompt: try row.requiredString(1), type: type,
      sortOrder: row.int(3) ?? 0, isEnabled: row.bool(4) ?? true,
      reportKinds: JSONStringList.decode(row.string(5)).map(ReportKind.init(rawValue:)),
      placeholder: row.string(6), choices: JSONStringList.decode(row.string(7)),
      allowsMultipleSelectionSetting: row.bool(8),
      inputStyle: row.string(9).flatMap(NumberInputStyle.init(rawValue:)),
      inputMinimum: row.double(10), inputMaximum: row.double(11), inputStep: row.double(12),
      defaultAnswer: row.string(13),
      visualization: row.string(14).flatMap(VisualizationStyle.init(rawValue:)),
      stateOfMindKind: row.string(15))
  }

  var columnValues: [any DatabaseValueConvertible] {
    [
      id, prompt, type.rawValue, sortOrder, isEnabled,
      JSONStringList.encode(reportKinds.map(\.rawValue)), placeholder,
      JSONStringList.encode(choices), allowsMultipleSelectionSetting,
      // textField is stored as nil, as Dispatch does.
      inputStyle == .textField ? nil : inputStyle?.rawValue, inputMinimum, inputMaximum,
      inputStep, defaultAnswer, visualization?.rawValue, stateOfMindKind,
    ]
  }

  /// Every question, ordered by sort order then ID.
  package static func fetchAll(_ db: Database) throws(StoreError) -> [Question] {
    var result: [Question] = []
    for row in try db.rows("SELECT \(selectColumns) FROM questions ORDER BY sort_order, id") {
      result.append(try Question(row: row))
    }
    return result
  }

  /// The question with `id`, or nil.
  static func fetch(_ db: Database, id: String) throws(StoreError) -> Question? {
    guard let row = try db.rows("SELECT \(selectColumns) FROM questions WHERE id = ?", [id]).first
    else { return nil }
    return try Question(row: row)
  }

  /// Inserts or replaces the question with this ID.
  package func save(_ db: Database) throws(StoreError) {
    try db.execute(
      "INSERT OR REPLACE INTO questions (\(Self.selectColumns)) VALUES (\(placeholders(16)))",
      columnValues)
  }

  /// Deletes the question with `id`; answers already filed keep their prompt text.
  static func delete(_ db: Database, id: String) throws(StoreError) {
    try db.execute("DELETE FROM questions WHERE id = ?", [id])
  }
}

/// `?, ?, …` with `count` placeholders.
package func placeholders(_ count: Int) -> String {
  Array(repeating: "?", count: count).joined(separator: ", ")
}
