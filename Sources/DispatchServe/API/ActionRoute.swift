import DispatchCore
import DispatchFeatures
import DispatchServices
import DispatchStorage
import DispatchSupport

/// `POST /api/v1/act?prompt=ID&sig=SIGNATURE` with `{"action": "yes" | "no" | "snooze"}`: a
/// push notification's button (docs/serve.md#buttons-on-a-push-notification). It needs no
/// token: the signature, made by the daemon under the store's action key, allows acting on
/// that one prompt and nothing else.
enum ActionRoute {
  /// Whether the request is one, so it skips the bearer check.
  static func matches(_ request: ServerRequest) -> Bool { request.path == "/api/v1/act" }

  /// - Returns: nil when the signature does not hold (the caller answers 401 and counts a
  ///   failed sign-in).
  static func act(
    _ request: ServerRequest, store: DispatchStore, environment: ServiceEnvironment
  ) throws -> ServerResponse? {
    guard request.method == "POST" else {
      return .error(405, "\(request.method) is not allowed here")
    }
    guard let prompt = request.query["prompt"], let signature = request.query["sig"],
      PromptActionKey.verify(
        prompt: prompt, signature: signature, key: try PromptActionKey.key(in: store))
    else { return nil }
    let object = try ReportSubmission.object(request.body)
    let actions: [String: NotificationResponse] = [
      "yes": .answerYes, "no": .answerNo, "snooze": .snooze,
    ]
    guard let name = object["action"]?.string, let action = actions[name] else {
      throw DispatchError(.invalidValue, "\"action\" must be \"yes\", \"no\" or \"snooze\"")
    }
    let outcome = try PromptLifecycle.act(
      prompt, action, in: store, environment: environment.run)
    var answer = JSONObjectBuilder()
    answer.set("prompt", outcome.promptIdentifier)
    answer.set("report", outcome.reportID)
    answer.set("snoozedUntil", outcome.snooze?.due.iso8601)
    return .json(200, answer.value)
  }
}
