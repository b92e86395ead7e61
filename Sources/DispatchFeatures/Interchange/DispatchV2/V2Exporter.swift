import DispatchCore
import DispatchSupport

/// Writes Dispatch's v2 export (`schemaVersion` 2) byte for byte
/// (docs/formats/dispatch-v2.md#the-dispatch-v2-json-format).
///
/// The exporter only builds values: ``JSONWriter`` with the ``JSONWriter/Style/dispatchV2``
/// style supplies the sorted keys, `" : "`, `\/` escaping and integral-number form, and every
/// date goes through ``Instant/iso8601`` (three millisecond digits and `Z`,
/// docs/formats/dispatch-v2.md#encoding). Nil values are left out, never written as `null`, and the
/// empty collections listed in docs/formats/dispatch-v2.md#omitted-values are left out too, so a
/// store imported from a v2 file exports the same bytes again
/// (docs/import-export.md#dispatch-export).
public enum V2Exporter {
  /// The schema version written at the top level (docs/formats/dispatch-v2.md#top-level).
  public static let schemaVersion = 2

  /// The whole export as a JSON value, records in Dispatch's deterministic order
  /// (docs/formats/dispatch-v2.md#record-order).
  ///
  /// - Parameters:
  ///   - createdAt: when the export was written; backups set it, plain exports may not.
  ///   - sourceDeviceModel: the exporting machine's model (`uname -m` style), if known.
  ///   - sourceDeviceName: a generic device name, often nil.
  public static func document(
    questions: [Question], reports: [Report], promptGroups: [PromptGroup] = [],
    people: [Person] = [], createdAt: Instant? = nil, sourceDeviceModel: String? = nil,
    sourceDeviceName: String? = nil
  ) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("schemaVersion", schemaVersion)
    object.set("createdAt", createdAt?.iso8601)
    object.set("sourceDeviceModel", sourceDeviceModel)
    object.set("sourceDeviceName", sourceDeviceName)
    // `questions` and `reports` are required keys and are written even when empty
    // (docs/formats/dispatch-v2.md#top-level).
    object.set("questions", .array(sortedQuestions(questions).map(questionValue)))
    object.set("reports", .array(sortedReports(reports).map(reportValue)))
    // `promptGroups` and `people` are turned into nil, and so omitted, when empty
    // (docs/formats/dispatch-v2.md#omitted-values).
    object.setNonEmpty("promptGroups", sortedGroups(promptGroups).map(promptGroupValue))
    object.setNonEmpty("people", sortedPeople(people).map(personValue))
    return object.value
  }

  /// The export as text, exactly as Dispatch's encoder writes it (no trailing newline).
  public static func string(
    questions: [Question], reports: [Report], promptGroups: [PromptGroup] = [],
    people: [Person] = [], createdAt: Instant? = nil, sourceDeviceModel: String? = nil,
    sourceDeviceName: String? = nil
  ) -> String {
    JSONWriter.string(
      document(
        questions: questions, reports: reports, promptGroups: promptGroups, people: people,
        createdAt: createdAt, sourceDeviceModel: sourceDeviceModel,
        sourceDeviceName: sourceDeviceName),
      style: .dispatchV2)
  }

  /// The export as UTF-8 bytes, ready to be written to a file.
  public static func data(
    questions: [Question], reports: [Report], promptGroups: [PromptGroup] = [],
    people: [Person] = [], createdAt: Instant? = nil, sourceDeviceModel: String? = nil,
    sourceDeviceName: String? = nil
  ) -> [UInt8] {
    Array(
      string(
        questions: questions, reports: reports, promptGroups: promptGroups, people: people,
        createdAt: createdAt, sourceDeviceModel: sourceDeviceModel,
        sourceDeviceName: sourceDeviceName
      ).utf8)
  }

  /// One question as a `V2Question` object (docs/formats/dispatch-v2.md#questions).
  public static func questionValue(_ question: Question) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("uniqueIdentifier", question.id)
    object.set("prompt", question.prompt)
    object.set("questionType", question.type.rawValue)
    object.set("sortOrder", question.sortOrder)
    object.set("isEnabled", question.isEnabled)
    object.set("reportKinds", .array(question.reportKinds.map { .string($0.rawValue) }))
    object.set("placeholderString", question.placeholder)
    object.setNonEmpty("choices", question.choices.map(JSONValue.string))
    object.set("stateOfMindKind", question.stateOfMindKind)
    object.set("visualization", question.visualization?.rawValue)
    object.set("defaultAnswerString", question.defaultAnswer)
    object.set("allowsMultipleSelection", question.allowsMultipleSelectionSetting)
    // Dispatch stores plain typing as a nil raw, so `textField` is never written
    // (docs/formats/dispatch-v2.md#number-input-styles).
    if let style = question.inputStyle, style != .textField {
      object.set("inputStyle", style.rawValue)
    }
    object.set("inputMin", question.inputMinimum)
    object.set("inputMax", question.inputMaximum)
    object.set("inputStep", question.inputStep)
    return object.value
  }

  /// One report as a `V2Report` object with its responses sorted by ID
  /// (docs/formats/dispatch-v2.md#reports).
  ///
  /// Public because webhook payloads embed the same report shape.
  public static func reportValue(_ report: Report) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("uniqueIdentifier", report.id)
    object.set("date", report.date.iso8601)
    object.set("timeZone", report.timeZoneIdentifier)
    object.set("kind", report.kind.rawValue)
    object.set("trigger", report.trigger.rawValue)
    object.set("isBackdated", report.isBackdated)
    object.set("isDraft", report.isDraft)
    object.set("wasInBackground", report.wasInBackground)
    object.set("legacyImpetus", report.legacyImpetus)
    object.set("legacySectionIdentifier", report.legacySectionIdentifier)
    object.set("promptGroupID", report.promptGroupID)
    object.set("sourceDeviceModel", report.sourceDeviceModel)
    object.set("sourceDeviceName", report.sourceDeviceName)
    addContext(report.context, to: &object)
    let responses = report.responses.sorted { $0.id < $1.id }
    object.setNonEmpty("responses", responses.map(responseValue))
    return object.value
  }

  /// Questions by (sortOrder, ID), as Dispatch's exporter orders them
  /// (docs/formats/dispatch-v2.md#record-order).
  static func sortedQuestions(_ questions: [Question]) -> [Question] {
    questions.sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) }
  }

  /// Reports by (date, ID) (docs/formats/dispatch-v2.md#record-order).
  static func sortedReports(_ reports: [Report]) -> [Report] {
    reports.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
  }

  /// Prompt groups by (sortOrder, ID) (docs/formats/dispatch-v2.md#record-order).
  static func sortedGroups(_ groups: [PromptGroup]) -> [PromptGroup] {
    groups.sorted { ($0.sortOrder, $0.id) < ($1.sortOrder, $1.id) }
  }

  /// People by (displayName, ID) (docs/formats/dispatch-v2.md#record-order).
  static func sortedPeople(_ people: [Person]) -> [Person] {
    people.sorted { ($0.displayName, $0.id) < ($1.displayName, $1.id) }
  }
}

extension JSONObjectBuilder {
  /// Adds an array member unless it is empty: the collections Dispatch turns into nil
  /// (docs/formats/dispatch-v2.md#omitted-values).
  mutating func setNonEmpty(_ key: String, _ items: [JSONValue]) {
    if !items.isEmpty { set(key, .array(items)) }
  }

  /// Adds an object member unless it has no members.
  mutating func setNonEmpty(_ key: String, _ builder: JSONObjectBuilder) {
    if !builder.members.isEmpty { set(key, builder.value) }
  }
}
