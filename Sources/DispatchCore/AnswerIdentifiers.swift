/// The IDs of a new report's answers and of their tokens and notes, derived from the report's
/// own ID (docs/sync.md#changes): a sync change leaves out every ID it can derive again, so a
/// report carries one random ID instead of twenty. Reports imported with their own IDs keep
/// them, and their changes carry them.
public enum AnswerIdentifiers {
  /// The answer to `question` (its ID, or `prompt:` and its prompt) in report `report`.
  public static func response(report: String, question: String) -> String {
    DeterministicUUID.make(
      namespace: DeterministicUUID.answerNamespace, name: "\(report)|\(question)")
  }

  /// The answer's question as ``response(report:question:)`` names it.
  public static func question(of response: Response) -> String {
    response.questionID ?? ("prompt:" + response.questionPrompt)
  }

  /// The `position`th token (`role` "token") or note ("note") of the answer `response`.
  public static func value(response: String, role: String, position: Int) -> String {
    DeterministicUUID.make(
      namespace: DeterministicUUID.answerNamespace, name: "\(response)|\(role)|\(position)")
  }

  /// `response` with its tokens' and notes' IDs derived from its own ID.
  public static func withDerivedValues(_ response: Response) -> Response {
    var response = response
    response.tokens = response.tokens?.enumerated().map { position, token in
      TokenValue(
        id: value(response: response.id, role: "token", position: position), text: token.text)
    }
    response.notes = response.notes?.enumerated().map { position, note in
      TokenValue(
        id: value(response: response.id, role: "note", position: position), text: note.text)
    }
    return response
  }
}
