import DispatchCommandLine
import DispatchKit
import Foundation

/// `webhook status` for people.
enum WebhookStatusText {
  static func lines(_ status: WebhookStatus, style: TextStyle) -> [String] {
    guard let configuration = status.configuration else {
      return ["Webhooks are not set up; 'dispatch webhook set URL' turns them on."]
    }
    var lines = [
      style.bold("Webhooks: ") + (configuration.isEnabled ? style.green("on") : "off"),
      "  URL:         \(configuration.displayURL)",
      "  Signing:     "
        + (configuration.secretFile.map { "on (secret in \($0))" } ?? "off (no secret)"),
      "  Encryption:  \(configuration.encrypts ? "on (AES-256-GCM)" : "off")",
      "  Outbox:      \(status.outbox.pending) pending, \(status.outbox.failed) failed",
    ]
    if let next = status.outbox.nextAttemptAt {
      lines.append("  Next retry:  \(next.iso8601Seconds)")
    }
    lines.append("  Last sent:   \(status.lastDeliveredAt?.iso8601Seconds ?? "never")")
    if let error = status.lastError {
      let at = status.lastErrorAt.map { "\($0.iso8601Seconds): " } ?? ""
      lines.append("  Last error:  \(at)\(error)")
    }
    if status.outbox.failed > 0 {
      lines.append("'dispatch webhook flush --failed' sends the failed entries again.")
    }
    return lines
  }
}
