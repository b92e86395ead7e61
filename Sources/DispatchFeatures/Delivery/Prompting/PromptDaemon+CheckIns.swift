import DispatchCore
import DispatchStorage
import Foundation

extension PromptDaemon {
  /// Daily check-in reminders (docs/records.md#check-in-presets-and-reminders,
  /// `dispatch checkin remind add`): a plain notification saying how to record the check-in, logged
  /// as source `checkin` so compliance leaves it out. Like prompts, only the newest due one fires,
  /// and only within the expiry.
  func fireCheckInReminders(after lastCheck: Instant, context: PassContext, into pass: inout Pass)
    throws
  {
    let due = try CheckInReminders.due(in: store, after: lastCheck, through: context.now)
    guard let reminder = due.last, let at = reminder.dueAt,
      context.now.milliseconds - at.milliseconds <= context.lateLimitMs
    else { return }
    let identifier = "checkin-" + PromptStamp.text(at, zone: context.zone, compatible: false)
    guard try store.prompts.promptRecord(identifier) == nil else { return }
    let body =
      reminder.preset.map { "Record '\($0)' with: dispatch mood --preset '\($0)'" }
      ?? "How are you feeling? Record it with: dispatch mood RATING"
    let notification = PromptNotification(
      promptID: identifier, title: "Time to check in", body: body, actions: [],
      expiresAfterSeconds: Int(context.lateLimitMs / 1000))
    try deliverReminder(
      notification, source: Self.checkInSource, due: at, detail: reminder.preset,
      context: context, into: &pass)
  }

  /// Delivers a reminder that is not a prompt (check-in, digest) and logs it under `source`:
  /// fired, or missed when delivery fails.
  func deliverReminder(
    _ notification: PromptNotification, source: String, due: Instant, detail: String?,
    context: PassContext, into pass: inout Pass
  ) throws {
    var record = PromptRecord(
      identifier: notification.promptID, source: source, due: due,
      timeZoneIdentifier: context.zone.identifier,
      utcOffsetSeconds: context.zone.secondsFromGMT(for: due.date), state: .fired)
    do {
      record.delivery = try deliverer.deliver(notification)
      record.firedAt = context.now
      try store.prompts.recordPrompt(record, event: "fired", detail: detail)
      pass.fired.append(notification.promptID)
    } catch {
      record.state = .missed
      record.closedAt = context.now
      try store.prompts.recordPrompt(record, event: "missed", detail: "delivery failed: \(error)")
      pass.missed.append(notification.promptID)
    }
  }

  /// The log source of check-in reminders.
  static let checkInSource = "checkin"
}
