/// A button (or the click) on a prompt notification: the id the child process reports back to
/// `dispatch act` and the label the notification server shows.
public struct NotificationAction: Sendable, Equatable {
  /// The id reported back, one of ``NotificationResponse``'s raw values.
  public var id: String
  /// The button text.
  public var label: String

  /// An action with an explicit id and label.
  public init(id: String, label: String) {
    self.id = id
    self.label = label
  }

  /// "Report now": opens the survey (docs/daemon.md#notifications-and-their-actions, default tap).
  public static let report = NotificationAction(
    id: NotificationResponse.report.rawValue, label: "Report now")
  /// "Snooze 15m", offered on every prompt (docs/daemon.md#snooze-and-quick-answers).
  public static let snooze = NotificationAction(
    id: NotificationResponse.snooze.rawValue, label: "Snooze 15m")
}

/// What the user did with a prompt notification, as passed to `dispatch act PROMPT-ID ACTION`.
public enum NotificationResponse: String, Sendable, Equatable, CaseIterable {
  /// Opened the survey (a button or the notification's default click).
  case report
  /// Asked to be reminded in 15 minutes.
  case snooze
  /// Answered the yes/no quick question with its first choice.
  case answerYes = "answer-yes"
  /// Answered the yes/no quick question with its second choice.
  case answerNo = "answer-no"
  /// Closed the notification without choosing an action (or it expired while waited on).
  case dismissed
  /// The notification could not be shown (notify-send or the hook failed): reported by the
  /// notification's own process, it marks the prompt missed rather than acted on.
  case undelivered
}

/// The freedesktop urgency levels, as `notify-send --urgency` spells them.
public enum NotificationUrgency: String, Sendable, Equatable, CaseIterable {
  /// Background information.
  case low
  /// An ordinary prompt.
  case normal
  /// Time-sensitive (nags): servers keep it on screen until acted on.
  case critical
}
