import DispatchStorage

/// The webhook section of the diagnostics dump: on or off, whether requests are signed and
/// encrypted, and the outbox counts. Never the URL (it may hold a token) or the secret.
extension Diagnostics {
  static func webhookSection(_ db: Database) throws -> [String] {
    var values: [String: String] = [:]
    for row in try db.rows(
      "SELECT key, value FROM settings WHERE key IN (?, ?, ?, ?)",
      [
        WebhookSettingKey.enabled, WebhookSettingKey.url, WebhookSettingKey.secretFile,
        WebhookSettingKey.encrypts,
      ])
    {
      if let key = row.string(0), let value = row.string(1) { values[key] = value }
    }
    guard values[WebhookSettingKey.url]?.isEmpty == false else {
      return ["WEBHOOKS:", "  Set up: no", ""]
    }
    let counts = try db.rows(
      "SELECT count(*) FILTER (WHERE is_failed = 0), count(*) FILTER (WHERE is_failed = 1) FROM webhook_outbox"
    ).first
    let signed = values[WebhookSettingKey.secretFile]?.isEmpty == false
    return [
      "WEBHOOKS:",
      "  On: \(values[WebhookSettingKey.enabled] == "true" ? "yes" : "no")",
      "  Signed: \(signed ? "yes" : "no")",
      "  Encrypted: \(signed && values[WebhookSettingKey.encrypts] == "true" ? "yes" : "no")",
      "  Outbox: \(counts?.int(0) ?? 0) pending, \(counts?.int(1) ?? 0) failed",
      "",
    ]
  }
}
