import DispatchCore

/// One of a response's tokens, options or notes, as `response_values` holds it.
struct ResponseValue {
  /// `token`, `option` or `note`.
  let role: String
  /// The token's or note's ID; options have none.
  let valueID: String?
  let text: String
}

/// A location answer as `response_locations` holds it: an answer that names no place has the
/// location columns of an empty snapshot (``LocationSnapshot/none``) and `has_location` 0.
struct StoredLocationAnswer {
  let answer: LocationAnswer
  let snapshot: LocationSnapshot

  init(_ answer: LocationAnswer) {
    self.answer = answer
    snapshot = answer.location ?? .none
  }
}

/// The columns of `responses` and of the tables that hold an answer's parts, declared once.
extension Response {
  /// `numeric_value` is written for queries and never read back: it follows from
  /// `numeric_text`.
  static let table = TableColumns<OwnedRow<Response>>(
    "responses",
    [
      Column("id", .text) { .text($0.value.id) },
      Column("report_id", .text) { .text($0.owner) },
      Column("position", .integer) { DatabaseValue($0.position) },
      Column("question_id", .optionalText) { DatabaseValue($0.value.questionID) },
      Column("question_prompt", .text) { .text($0.value.questionPrompt) },
      Column("has_tokens", .integer) { DatabaseValue($0.value.tokens != nil) },
      Column("has_options", .integer) { DatabaseValue($0.value.options != nil) },
      Column("has_notes", .integer) { DatabaseValue($0.value.notes != nil) },
      Column("numeric_text", .optionalText) { DatabaseValue($0.value.number) },
      Column("numeric_value", .optionalReal) { DatabaseValue($0.value.numericValue) },
      Column("time_minutes", .optionalInteger) { DatabaseValue($0.value.time?.minutes) },
      Column("time_day_offset", .optionalInteger) { DatabaseValue($0.value.time?.dayOffset) },
    ])

  static let valueTable = TableColumns<OwnedRow<ResponseValue>>(
    "response_values",
    [
      Column("response_id", .text) { .text($0.owner) },
      Column("role", .text) { .text($0.value.role) },
      Column("position", .integer) { DatabaseValue($0.position) },
      Column("value_id", .optionalText) { DatabaseValue($0.value.valueID) },
      Column("text", .text) { .text($0.value.text) },
    ])

  static let locationTable = TableColumns<OwnedRow<StoredLocationAnswer>>(
    "response_locations",
    [
      Column("response_id", .text) { .text($0.owner) },
      Column("text", .optionalText) { DatabaseValue($0.value.answer.text) },
      Column("venue_id", .optionalText) { DatabaseValue($0.value.answer.venueID) },
      Column("has_location", .integer) { DatabaseValue($0.value.answer.location != nil) },
    ]
      + LocationSnapshot.columns.map { column in
        Column(column.name, column.type) { column.encode($0.value.snapshot) }
      })

  /// Reads a `responses` row after its `report_id`: the lists it has are empty until their
  /// values are attached (``ReportFetch``).
  init(id: String, reading row: inout ColumnReader) throws(StoreError) {
    row.skip("position")
    self.init(
      id: id, questionID: row.text("question_id"),
      questionPrompt: try row.requiredText("question_prompt"))
    if row.bool("has_tokens") == true { tokens = [] }
    if row.bool("has_options") == true { options = [] }
    if row.bool("has_notes") == true { notes = [] }
    number = row.text("numeric_text")
    row.skip("numeric_value")
    if let minutes = row.int("time_minutes") {
      time = TimeAnswer(minutes: minutes, dayOffset: row.int("time_day_offset") ?? 0)
    }
  }
}

extension LocationAnswer {
  /// Reads a `response_locations` row after its `response_id`.
  init(reading row: inout ColumnReader) {
    let text = row.text("text")
    let venueID = row.text("venue_id")
    let hasLocation = row.bool("has_location") == true
    self.init(
      text: text, venueID: venueID,
      location: hasLocation ? LocationSnapshot(reading: &row) : nil)
  }
}
