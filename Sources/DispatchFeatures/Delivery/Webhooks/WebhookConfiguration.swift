import DispatchStorage
import DispatchSupport
import Foundation

/// What `dispatch webhook set` stored: where reports go and how they are protected. Kept in
/// the store's settings, except the secret, which lives in a file only the user can read.
public struct WebhookConfiguration: Sendable, Equatable {
  /// Whether filed reports are queued and sent.
  public var isEnabled: Bool
  public var url: URL
  /// The file holding the signing secret, or nil for unsigned requests.
  public var secretFile: String?
  /// Whether bodies are encrypted (needs a secret).
  public var encrypts: Bool

  /// The URL as it may be shown: its password, query values and fragment as `***`
  /// (``URLRedaction``). Every output of the URL uses this, never ``url`` itself.
  public var displayURL: String { URLRedaction.redacted(url.absoluteString) }

  public init(isEnabled: Bool = true, url: URL, secretFile: String? = nil, encrypts: Bool = false) {
    precondition(!encrypts || secretFile != nil, "encryption needs a secret")
    self.isEnabled = isEnabled
    self.url = url
    self.secretFile = secretFile
    self.encrypts = encrypts
  }

  /// The stored configuration, or nil when webhooks were never set up.
  public static func load(from store: DispatchStore) throws -> WebhookConfiguration? {
    guard let text = try store.settings.setting(WebhookSettingKey.url), !text.isEmpty,
      let url = URL(string: text)
    else { return nil }
    let file = try store.settings.setting(WebhookSettingKey.secretFile).flatMap {
      $0.isEmpty ? nil : $0
    }
    let encrypts = try store.settings.setting(WebhookSettingKey.encrypts) == "true"
    return WebhookConfiguration(
      isEnabled: try store.settings.setting(WebhookSettingKey.enabled) == "true", url: url,
      secretFile: file, encrypts: file != nil && encrypts)
  }

  /// Stores every field in one transaction.
  public func save(to store: DispatchStore) throws {
    try store.write { tx in
      try tx.setSetting(WebhookSettingKey.enabled, isEnabled ? "true" : "false")
      try tx.setSetting(WebhookSettingKey.url, url.absoluteString)
      try tx.setSetting(WebhookSettingKey.secretFile, secretFile ?? "")
      try tx.setSetting(WebhookSettingKey.encrypts, encrypts ? "true" : "false")
    }
  }

  /// Turns webhooks off: nothing is queued or sent; the configuration and outbox stay.
  public static func disable(in store: DispatchStore) throws {
    try store.settings.setSetting(WebhookSettingKey.enabled, "false")
  }
}
