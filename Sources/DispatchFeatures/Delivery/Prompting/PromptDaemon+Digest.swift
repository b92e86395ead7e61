import DispatchAnalytics
import DispatchCore
import DispatchStorage
import Foundation

extension PromptDaemon {
  /// The weekly digest reminder (`dispatch settings set digest-reminder on`): a notification
  /// with the digest's first sentence, logged as source `digest` so compliance leaves it out;
  /// only within the expiry, and once.
  func fireDigestReminder(after lastCheck: Instant, context: PassContext, into pass: inout Pass)
    throws
  {
    guard let reminder = context.settings.digestReminder,
      let at = reminder.lastDue(after: lastCheck, through: context.now, zone: context.zone),
      context.now.milliseconds - at.milliseconds <= context.lateLimitMs
    else { return }
    let identifier = "digest-" + PromptStamp.text(at, zone: context.zone, compatible: false)
    guard try store.prompts.promptRecord(identifier) == nil else { return }
    let summary = try store.digest(period: .week, ending: at).summary
    let first = summary.split(separator: ".", maxSplits: 1).first.map { $0 + "." } ?? ""
    let notification = PromptNotification(
      promptID: identifier, title: "Your weekly digest is ready",
      body: first + " See it with: dispatch digest", actions: [],
      expiresAfterSeconds: Int(context.lateLimitMs / 1000))
    try deliverReminder(
      notification, source: "digest", due: at, detail: "digest", context: context, into: &pass)
  }
}
