import DispatchCore
import DispatchSupport

/// The JSON ntfy publishes for one prompt (ntfy's "publish as JSON": `POST` to the server's
/// root with the topic in the body), built from the same ``PromptNotification`` the desktop
/// shows (docs/daemon.md#push-to-a-phone-with-ntfy).
///
/// With ``PromptActionLinks`` (the `serve-url` setting), a tap opens the prompt's survey in
/// `dispatch serve`, and the buttons act through signed links: Yes and No when the desktop
/// would offer them, else Snooze. ntfy shows at most three buttons; this uses three at most.
/// Without links there is nothing on the phone to act with, so the text says where to answer.
/// Reminders that are not prompts (check-ins, the digest) carry neither.
public enum NtfyMessage {
  /// The tag ntfy shows as an emoji (📝) before the title.
  static let tags = ["memo"]
  /// The line added when the phone cannot act on the prompt.
  public static let answerOnComputer = "Answer on your computer."

  /// The body of the publishing request.
  public static func json(
    for notification: PromptNotification, topic: String, links: PromptActionLinks?
  ) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("topic", topic)
    object.set("title", notification.title)
    // A reminder that is no prompt (a check-in, the digest) has no survey and no buttons.
    let isPrompt = !notification.actions.isEmpty
    if isPrompt, let links {
      object.set("message", notification.body)
      let survey = links.survey(prompt: notification.promptID)
      object.set("click", survey)
      object.set("actions", .array(actions(for: notification, survey: survey, links: links)))
    } else {
      object.set("message", notification.body + (isPrompt ? "\n" + answerOnComputer : ""))
    }
    object.set("tags", .array(tags.map(JSONValue.string)))
    object.set("priority", priority(notification.urgency))
    return object.value
  }

  /// ntfy's priority (1–5, 3 the default): nags, urgent on the desktop, are "high" (4), which
  /// a phone shows as a heads-up notification.
  static func priority(_ urgency: NotificationUrgency) -> Int {
    switch urgency {
    case .low: return 2
    case .normal: return 3
    case .critical: return 4
    }
  }

  /// Open survey, then Yes and No (labelled as on the desktop) when the notification offers
  /// the quick answers, else Snooze.
  static func actions(
    for notification: PromptNotification, survey: String, links: PromptActionLinks
  ) -> [JSONValue] {
    var actions: [JSONValue] = [
      .object([
        ("action", .string("view")), ("label", .string("Open survey")), ("url", .string(survey)),
        ("clear", .bool(true)),
      ])
    ]
    let act = links.act(prompt: notification.promptID)
    let yes = notification.actions.first { $0.id == NotificationResponse.answerYes.rawValue }
    let no = notification.actions.first { $0.id == NotificationResponse.answerNo.rawValue }
    if let yes, let no {
      actions.append(httpAction(label: yes.label, url: act, action: "yes"))
      actions.append(httpAction(label: no.label, url: act, action: "no"))
    } else {
      actions.append(httpAction(label: "Snooze", url: act, action: "snooze"))
    }
    return actions
  }

  /// A button the phone's ntfy app posts itself, `{"action": …}` to the signed act link, and
  /// then clears the notification.
  static func httpAction(label: String, url: String, action: String) -> JSONValue {
    let body = JSONWriter.string(.object([("action", .string(action))]), style: .compact)
    return .object([
      ("action", .string("http")), ("label", .string(label)), ("url", .string(url)),
      ("method", .string("POST")),
      ("headers", .object([("Content-Type", .string("application/json"))])),
      ("body", .string(body)), ("clear", .bool(true)),
    ])
  }
}
