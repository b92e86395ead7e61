import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// What `dispatch webhook status` shows: the configuration (never the secret), the outbox and
/// the last delivery and error.
public struct WebhookStatus: Sendable, Equatable {
  /// The stored configuration; nil when webhooks were never set up.
  public var configuration: WebhookConfiguration?
  public var outbox: WebhookOutboxSummary
  public var lastDeliveredAt: Instant?
  public var lastErrorAt: Instant?
  /// An HTTP status or connection error; never content or the secret.
  public var lastError: String?

  /// Reads the status of `store` without writing.
  public static func load(from store: DispatchStore) throws -> WebhookStatus {
    func instant(_ key: String) throws -> Instant? {
      try store.settings.setting(key).flatMap(Int64.init).map(Instant.init(milliseconds:))
    }
    return WebhookStatus(
      configuration: try WebhookConfiguration.load(from: store),
      outbox: try store.outbox.webhookOutboxSummary(),
      lastDeliveredAt: try instant(WebhookSettingKey.lastDeliveredAt),
      lastErrorAt: try instant(WebhookSettingKey.lastErrorAt),
      // An error stored before URLs were redacted may still quote one.
      lastError: try store.settings.setting(WebhookSettingKey.lastError).map(
        URLRedaction.redactingURLs))
  }

  /// The `--json` document; absent values are `null` so the keys are stable.
  public var jsonValue: JSONValue {
    var object = JSONObjectBuilder()
    object.set("enabled", .bool(configuration?.isEnabled == true))
    object.set("url", configuration.map { .string($0.displayURL) } ?? .null)
    object.set("signing", .bool(configuration?.secretFile != nil))
    object.set("secretFile", configuration?.secretFile.map(JSONValue.string) ?? .null)
    object.set("encryption", .bool(configuration?.encrypts == true))
    object.set("pending", .int(Int64(outbox.pending)))
    object.set("failed", .int(Int64(outbox.failed)))
    object.set("nextRetry", Self.json(outbox.nextAttemptAt))
    object.set("lastDelivery", Self.json(lastDeliveredAt))
    var error = JSONObjectBuilder()
    error.set("at", Self.json(lastErrorAt))
    error.set("message", lastError.map(JSONValue.string) ?? .null)
    object.set("lastError", lastError == nil ? .null : error.value)
    return object.value
  }

  private static func json(_ instant: Instant?) -> JSONValue {
    instant.map { .string($0.iso8601) } ?? .null
  }
}
