/// The content of one prompt notification, independent of how it is delivered.
///
/// The builders encode Dispatch's content rules (docs/daemon.md#notification-content), with
/// one deliberate difference from the iOS app: group prompts also offer Report now and Snooze,
/// because snoozing must always be possible.
public struct PromptNotification: Sendable, Equatable {
  /// The prompt identifier, passed back to `dispatch act` and `dispatch report --prompt`.
  public var promptID: String
  /// The notification's summary line.
  public var title: String
  /// The notification's body text (plain text, never markup).
  public var body: String
  /// The buttons, in display order.
  public var actions: [NotificationAction]
  /// How insistently the server should show it.
  public var urgency: NotificationUrgency
  /// Seconds after which the server may close it; nil leaves it to the server.
  public var expiresAfterSeconds: Int?
  /// The prompt group it belongs to; nil for main-schedule prompts.
  public var groupID: String?

  /// The title of every prompt that is not a nag.
  public static let promptTitle = "Time to report"
  /// The title of nag reminders (docs/daemon.md#notification-content).
  public static let nagTitle = "Still waiting on your report"
  /// The body when nothing more specific is known.
  public static let genericBody = "What are you up to right now?"

  /// A notification with every field given.
  public init(
    promptID: String, title: String, body: String, actions: [NotificationAction],
    urgency: NotificationUrgency = .normal, expiresAfterSeconds: Int? = nil,
    groupID: String? = nil
  ) {
    self.promptID = promptID
    self.title = title
    self.body = body
    self.actions = actions
    self.urgency = urgency
    self.expiresAfterSeconds = expiresAfterSeconds
    self.groupID = groupID
  }

  /// A main-schedule prompt. With the first enabled yes/no question of the regular survey, the
  /// body is that question and Yes/No quick answers are added, labelled with its first two
  /// choices or "Yes"/"No" (docs/daemon.md#notification-content).
  public static func main(
    promptID: String, yesNoQuestion: (prompt: String, choices: [String])?,
    expiresAfterSeconds: Int? = nil
  ) -> PromptNotification {
    var actions: [NotificationAction] = [.report, .snooze]
    var body = genericBody
    if let question = yesNoQuestion {
      body = nonBlank(question.prompt) ?? genericBody
      let yes = question.choices.first.flatMap(nonBlank) ?? "Yes"
      let no = question.choices.dropFirst().first.flatMap(nonBlank) ?? "No"
      actions.append(NotificationAction(id: NotificationResponse.answerYes.rawValue, label: yes))
      actions.append(NotificationAction(id: NotificationResponse.answerNo.rawValue, label: no))
    }
    return PromptNotification(
      promptID: promptID, title: promptTitle, body: body, actions: actions,
      expiresAfterSeconds: expiresAfterSeconds)
  }

  /// A prompt-group prompt: the body is the group name, else the group's first question, else
  /// the generic text (docs/daemon.md#notification-content). Without an explicit `groupID` it is
  /// read from a `gprompt-`/`mprompt-` identifier, whose last two dash segments are the stamp
  /// (docs/schedule.md#prompt-identifiers).
  public static func group(
    promptID: String, groupID: String? = nil, groupName: String?, firstPrompt: String?,
    expiresAfterSeconds: Int? = nil
  ) -> PromptNotification {
    let body = groupName.flatMap(nonBlank) ?? firstPrompt.flatMap(nonBlank) ?? genericBody
    return PromptNotification(
      promptID: promptID, title: promptTitle, body: body, actions: [.report, .snooze],
      expiresAfterSeconds: expiresAfterSeconds,
      groupID: groupID ?? groupIDInPromptID(promptID))
  }

  /// The `number`th nag (1…) for `parent`: same body and actions, time-sensitive, identifier
  /// `nag-<parentID>-<number>` (docs/schedule.md#prompt-identifiers,
  /// docs/daemon.md#notification-content).
  public static func nag(parent: PromptNotification, number: Int) -> PromptNotification {
    precondition(number >= 1, "nags are numbered from 1")
    var nag = parent
    nag.promptID = "nag-\(parent.promptID)-\(number)"
    nag.title = nagTitle
    nag.urgency = .critical
    return nag
  }

  /// The re-fire of a snoozed prompt: the parent's content unchanged, optionally under a new
  /// identifier (the iOS app uses `snooze-<UUID>`; the daemon decides which it records).
  public static func snoozed(parent: PromptNotification, promptID: String? = nil)
    -> PromptNotification
  {
    var refire = parent
    refire.promptID = promptID ?? parent.promptID
    return refire
  }

  /// The group ID inside `gprompt-<groupID>-<yyyyMMdd>-<HHmm>` or the `mprompt-` shape; group
  /// IDs may contain dashes, so everything between the prefix and the stamp belongs to them.
  static func groupIDInPromptID(_ promptID: String) -> String? {
    for prefix in ["gprompt-", "mprompt-"] where promptID.hasPrefix(prefix) {
      let segments = promptID.dropFirst(prefix.count).split(
        separator: "-", omittingEmptySubsequences: false)
      guard segments.count > 2 else { return nil }
      return segments.dropLast(2).joined(separator: "-")
    }
    return nil
  }

  private static func nonBlank(_ text: String) -> String? {
    text.allSatisfy(\.isWhitespace) ? nil : text
  }
}
