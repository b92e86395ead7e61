import DispatchCore

/// Reading and writing questions.
extension Question {
  static let table = TableColumns<Question>(
    "questions",
    [
      Column("id", .text) { .text($0.id) },
      Column("prompt", .text) { .text($0.prompt) },
      Column("type", .integer) { .integer(Int64($0.type.rawValue)) },
      Column("sort_order", .integer) { .integer(Int64($0.sortOrder)) },
      Column("is_enabled", .integer) { .integer($0.isEnabled ? 1 : 0) },
      Column("report_kinds", .text) {
        .text(JSONStringList.encode($0.reportKinds.map(\.rawValue)))
      },
      Column("placeholder", .optionalText) { DatabaseValue($0.placeholder) },
      Column("choices", .text) { .text(JSONStringList.encode($0.choices)) },
      Column("allows_multiple_selection", .optionalInteger) {
        DatabaseValue($0.allowsMultipleSelectionSetting)
      },
      // textField is stored as nil, as Dispatch does.
      Column("input_style", .optionalText) {
        DatabaseValue($0.inputStyle == .textField ? nil : $0.inputStyle?.rawValue)
      },
      Column("input_min", .optionalReal) { DatabaseValue($0.inputMinimum) },
      Column("input_max", .optionalReal) { DatabaseValue($0.inputMaximum) },
      Column("input_step", .optionalReal) { DatabaseValue($0.inputStep) },
      Column("default_answer", .optionalText) { DatabaseValue($0.defaultAnswer) },
      Column("visualization", .optionalText) { DatabaseValue($0.visualization?.rawValue) },
      Column("state_of_mind_kind", .optionalText) { DatabaseValue($0.stateOfMindKind) },
    ],
    // How an imported question's type was learned: the import merge keeps it (ImportMerge).
    keptElsewhere: ["type_source"])

  init(reading row: inout ColumnReader) throws(StoreError) {
    let id = try row.requiredText("id")
    let prompt = try row.requiredText("prompt")
    let rawType = row.int64("type") ?? -1
    guard let type = QuestionType(rawValue: Int(rawType)) else {
      throw StoreError(.corruptValue, "question type \(rawType) is unknown")
    }
    self.init(
      id: id, prompt: prompt, type: type, sortOrder: row.int("sort_order") ?? 0,
      isEnabled: row.bool("is_enabled") ?? true,
      reportKinds: JSONStringList.decode(row.text("report_kinds")).map(ReportKind.init(rawValue:)),
      placeholder: row.text("placeholder"), choices: JSONStringList.decode(row.text("choices")),
      allowsMultipleSelectionSetting: row.bool("allows_multiple_selection"),
      inputStyle: row.text("input_style").flatMap(NumberInputStyle.init(rawValue:)),
      inputMinimum: row.double("input_min"), inputMaximum: row.double("input_max"),
      inputStep: row.double("input_step"), defaultAnswer: row.text("default_answer"),
      visualization: row.text("visualization").flatMap(VisualizationStyle.init(rawValue:)),
      stateOfMindKind: row.text("state_of_mind_kind"))
  }

  private static func decode(_ rows: [Row]) throws(StoreError) -> [Question] {
    try ColumnLayout.decode(rows, table) { row throws(StoreError) in try Question(reading: &row) }
  }

  /// Every question, ordered by sort order then ID.
  package static func fetchAll(_ db: Database) throws(StoreError) -> [Question] {
    try decode(db.rows("SELECT \(table.selectList) FROM questions ORDER BY sort_order, id"))
  }

  /// The question with `id`, or nil.
  static func fetch(_ db: Database, id: String) throws(StoreError) -> Question? {
    try decode(db.rows("SELECT \(table.selectList) FROM questions WHERE id = ?", [id])).first
  }

  /// Inserts or replaces the question with this ID.
  package func save(_ db: Database) throws(StoreError) {
    try db.execute(Self.table.statements.replace, values: Self.table.values(of: self))
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
