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

  /// The ID `response` derives in report `report`.
  public static func response(of response: Response, inReport report: String) -> String {
    self.response(report: report, question: question(of: response))
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
    mappingValueIDs(response) { _, derived in derived }
  }

  /// `response` with each token's and note's ID replaced by `transform(its ID, the ID it
  /// derives)`.
  public static func mappingValueIDs(
    _ response: Response, _ transform: (_ id: String, _ derived: String) -> String
  ) -> Response {
    var response = response
    func mapped(_ values: [TokenValue]?, _ role: String) -> [TokenValue]? {
      values?.enumerated().map { position, token in
        let derived = value(response: response.id, role: role, position: position)
        return TokenValue(id: transform(token.id, derived), text: token.text)
      }
    }
    response.tokens = mapped(response.tokens, "token")
    response.notes = mapped(response.notes, "note")
    return response
  }
}
