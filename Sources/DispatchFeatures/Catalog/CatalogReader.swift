import DispatchCore
import DispatchSupport

/// Reads catalog JSON (an index, a set, a submission) collecting every problem before failing,
/// so one run of `dispatch-mod validate` lists everything to fix
/// (docs/catalog.md#the-index-format).
///
/// Unknown keys are ignored, so newer files with additive fields still read; `null` reads as
/// absent.
enum CatalogReader {
  /// The top-level object of a file, or the error naming why it is not one.
  static func root(_ bytes: [UInt8], file: String, what: String) throws(CatalogError) -> V2Fields {
    let document: JSONDocument
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw CatalogError(.invalid, "\(file): not \(what): not valid JSON (\(error.description))")
    }
    guard let object = V2Fields(document.root) else {
      throw CatalogError(.invalid, "\(file): not \(what): the top level is not an object")
    }
    return object
  }

  /// Reads a set; nil when a required field is missing or has the wrong type, or a question
  /// cannot be read (the problems say which). `position` (1-based) names the set when it has
  /// no usable ID. The set rules run on whatever could be read, so every problem is reported.
  static func set(_ fields: V2Fields, position: Int?, problems: inout [CatalogProblem])
    -> CatalogSet?
  {
    var reader = FieldReader(fields)
    let rawID = reader.string("id")
    let title = reader.string("title")
    let summary = reader.string("summary")
    let tags = reader.strings("tags")
    let credit = reader.optionalString("credit")
    let language = reader.optionalString("language")
    let version = reader.optionalInt("version")
    let approvedAt = reader.optionalDate("approvedAt")
    let items = reader.array("questions", required: true)
    var questions: [(position: Int, question: CatalogQuestion)] = []
    for (offset, item) in (items ?? []).enumerated() {
      var questionProblems: [CatalogProblem] = []
      if let object = V2Fields(item) {
        if let question = self.question(object, problems: &questionProblems) {
          questions.append((offset + 1, question))
        }
      } else {
        questionProblems.append(CatalogProblem(reason: "expected an object"))
      }
      reader.problems += questionProblems.map { $0.located(set: nil, question: offset + 1) }
    }
    let set = CatalogSet(
      id: rawID ?? "", title: title ?? "", summary: summary ?? "", tags: tags, credit: credit,
      language: language ?? "en", version: version ?? 1, questions: questions.map(\.question),
      approvedAt: approvedAt
    ).normalized()
    // A field that could not be read has its problem already; the rules skip it.
    let unreadable = Set(reader.problems.filter { $0.question == nil }.compactMap(\.field))
    var found = reader.problems
    found += CatalogValidation.setFieldProblems(set, questionCount: items?.count).filter {
      !unreadable.contains($0.field ?? "")
    }
    found += CatalogValidation.duplicatePrompts(questions)
    let label = rawID.map { _ in set.label } ?? position.map { "#\($0)" }
    problems += found.map { $0.located(set: label) }
    guard rawID != nil, title != nil, summary != nil, questions.count == items?.count else {
      return nil
    }
    return set
  }

  /// Reads one question and checks the rules of docs/catalog.md#validation; nil when it cannot
  /// be built (a missing prompt or type, a wrong JSON type, an unknown type or input style).
  static func question(_ fields: V2Fields, problems: inout [CatalogProblem]) -> CatalogQuestion? {
    var reader = FieldReader(fields)
    let prompt = reader.string("prompt")
    let typeName = reader.string("type")
    let choices = reader.strings("choices")
    let tags = reader.strings("tags")
    let credit = reader.optionalString("credit")
    let styleName = reader.optionalString("inputStyle")
    let defaultAnswer = reader.optionalString("defaultAnswer")
    let placeholder = reader.optionalString("placeholder")
    let inputMin = reader.optionalDouble("inputMin")
    let inputMax = reader.optionalDouble("inputMax")
    let inputStep = reader.optionalDouble("inputStep")
    let fingerprint = reader.optionalString("promptFingerprint")
    let type = typeName.flatMap { QuestionType(caseName: CatalogText.trimmed($0)) }
    if let typeName, type == nil {
      reader.problems.append(
        CatalogProblem(
          field: "type",
          reason: "unknown type \(V2Fields.quote(typeName)); use one of "
            + QuestionType.allCases.map(\.caseName).joined(separator: ", ")))
    }
    let styleText = CatalogText.nonEmpty(styleName)
    let style = styleText.flatMap(NumberInputStyle.init(rawValue:))
    if let styleText, style == nil {
      reader.problems.append(
        CatalogProblem(
          field: "inputStyle",
          reason: "unknown input style \(V2Fields.quote(styleText)); use one of "
            + NumberInputStyle.allCases.map(\.rawValue).joined(separator: ", ")))
    }
    var question = CatalogQuestion(
      prompt: prompt ?? "", type: type ?? .note, choices: choices, tags: tags, credit: credit,
      inputStyle: style, defaultAnswer: defaultAnswer, placeholder: placeholder,
      inputMin: inputMin, inputMax: inputMax, inputStep: inputStep
    ).normalized()
    if prompt != nil {
      reader.problems +=
        type == nil
        ? CatalogValidation.textProblems(question) : CatalogValidation.problems(question)
    }
    if let fingerprint, prompt != nil,
      fingerprint.lowercased() != question.promptFingerprint
    {
      reader.problems.append(
        CatalogProblem(
          field: "promptFingerprint",
          reason: "does not match the prompt (expected \(question.promptFingerprint))"))
    }
    problems += reader.problems
    guard prompt != nil, type != nil, styleText == nil || style != nil else { return nil }
    question.type = type ?? .note
    return question
  }
}

/// Reads fields of one object, turning each failure into a problem instead of stopping.
struct FieldReader {
  let fields: V2Fields
  var problems: [CatalogProblem] = []

  init(_ fields: V2Fields) {
    self.fields = fields
  }

  mutating func string(_ key: String) -> String? {
    read { f throws(V2RecordError) in try f.string(key) }
  }
  mutating func int(_ key: String) -> Int? { read { f throws(V2RecordError) in try f.int(key) } }
  mutating func date(_ key: String) -> Instant? {
    read { f throws(V2RecordError) in try f.date(key) }
  }

  mutating func optionalString(_ key: String) -> String? {
    read { f throws(V2RecordError) in try f.optionalString(key) } ?? nil
  }

  mutating func optionalInt(_ key: String) -> Int? {
    read { f throws(V2RecordError) in try f.optionalInt(key) } ?? nil
  }

  mutating func optionalDouble(_ key: String) -> Double? {
    read { f throws(V2RecordError) in try f.optionalDouble(key) } ?? nil
  }

  mutating func optionalDate(_ key: String) -> Instant? {
    read { f throws(V2RecordError) in try f.optionalDate(key) } ?? nil
  }

  /// The strings of an optional array; empty when absent or unreadable.
  mutating func strings(_ key: String) -> [String] {
    (read { f throws(V2RecordError) in try f.optionalStrings(key) } ?? nil) ?? []
  }

  /// The elements of an array; nil when absent (a problem when `required`) or not an array.
  mutating func array(_ key: String, required: Bool) -> [JSONNode]? {
    if required && !fields.has(key) {
      problems.append(CatalogProblem(field: key, reason: "missing required key"))
      return nil
    }
    return read { f throws(V2RecordError) in try f.optionalArray(key) } ?? nil
  }

  private mutating func read<T>(_ body: (V2Fields) throws(V2RecordError) -> T) -> T? {
    do {
      return try body(fields)
    } catch {
      problems.append(CatalogProblem(field: error.field, reason: error.reason))
      return nil
    }
  }
}
