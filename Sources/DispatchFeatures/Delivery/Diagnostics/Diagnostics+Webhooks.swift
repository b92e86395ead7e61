import DispatchStorage

/// The webhook section of the diagnostics dump: on or off, whether requests are signed and
/// encrypted, and the outbox counts. Never the URL (it may hold a token) or the secret.
extension Diagnostics {
  static func webhookSection(_ facts: StoreFacts) -> [String] {
    let values = settingValues(
      facts,
      [
        WebhookSettingKey.enabled, WebhookSettingKey.url, WebhookSettingKey.secretFile,
        WebhookSettingKey.encrypts,
      ])
    guard values[WebhookSettingKey.url]?.isEmpty == false else {
      return ["WEBHOOKS:", "  Set up: no", ""]
    }
    let signed = values[WebhookSettingKey.secretFile]?.isEmpty == false
    return [
      "WEBHOOKS:",
      "  On: \(values[WebhookSettingKey.enabled] == "true" ? "yes" : "no")",
      "  Signed: \(signed ? "yes" : "no")",
      "  Encrypted: \(signed && values[WebhookSettingKey.encrypts] == "true" ? "yes" : "no")",
      "  Outbox: \(facts.webhooksPending) pending, \(facts.webhooksFailed) failed",
      "",
    ]
  }
}
