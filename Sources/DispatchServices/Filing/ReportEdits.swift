import DispatchCore
import DispatchFeatures
import DispatchStorage

/// Changing a filed report: its answers and its kind (`dispatch reports edit`).
public struct ReportEdits {
  public let store: DispatchStore
  /// The clock and zone of the edit.
  public let environment: RunEnvironment

  public init(store: DispatchStore, environment: RunEnvironment) {
    self.store = store
    self.environment = environment
  }

  /// Replaces the answers named in `answers` (question reference, text; an empty text records
  /// a skip) and, when given, the kind, of the report `reference` names; returns it as stored.
  ///
  /// A changed answer keeps its response's identity, so exports and webhooks see an edit, not a
  /// new answer; an answer to a question the report did not ask is added.
  public func edit(
    _ reference: String, answers: [(reference: String, text: String)], kind: ReportKind?
  ) throws -> Report {
    var report = try store.reports.report(matching: reference)
    if let kind { report.kind = kind }
    let composer = ReportComposer(store: store, environment: environment)
    for (questionReference, text) in answers {
      let question = try store.questions.question(matching: questionReference)
      let value = try AnswerParser.parse(text, for: question)
      var response = composer.response(to: question, value, inReport: report.id)
      if let index = report.responses.firstIndex(where: {
        $0.questionID == question.id
          || ($0.questionID == nil && $0.questionPrompt == question.prompt)
      }) {
        response.id = report.responses[index].id
        report.responses[index] = AnswerIdentifiers.withDerivedValues(response)
      } else {
        report.responses.append(response)
      }
    }
    try store.reports.file(report)
    return report
  }
}
