import DispatchCore
import DispatchSupport

/// One-time pairing links of `dispatch serve pair` (docs/serve.md#pairing-a-phone): a secret
/// that, opened once before it expires, becomes a browser session. Only its SHA-256 is stored.
enum ServePairings {
  static let migration = """
    CREATE TABLE serve_pairings (
      secret_sha256 TEXT NOT NULL PRIMARY KEY,
      created_ms INTEGER NOT NULL,
      expires_ms INTEGER NOT NULL
    ) STRICT;
    """
}

extension CredentialsView {
  /// Stores a pairing secret that works until `expires`; expired ones are dropped meanwhile.
  public func addPairing(secret: String, created: Instant, expires: Instant) throws {
    try write { tx in
      try tx.database.execute(
        "DELETE FROM serve_pairings WHERE expires_ms <= ?", [created.milliseconds])
      try tx.database.execute(
        "INSERT INTO serve_pairings (secret_sha256, created_ms, expires_ms) VALUES (?, ?, ?)",
        [ServeCredential.digest(of: secret), created.milliseconds, expires.milliseconds])
    }
  }

  /// Whether `secret` is a pairing link that can still be used at `now`.
  public func pairingIsLive(secret: String, at now: Instant) throws -> Bool {
    try !database.rows(
      "SELECT 1 FROM serve_pairings WHERE secret_sha256 = ? AND expires_ms > ?",
      [ServeCredential.digest(of: secret), now.milliseconds]
    ).isEmpty
  }

  /// Uses a pairing secret up and stores `session` for `sessionSecret`, in one transaction:
  /// a link opens one session, however many times it is opened at once.
  ///
  /// - Returns: false, storing nothing, when the secret is unknown, used or expired.
  public func redeemPairing(
    secret: String, at now: Instant, session: ServeCredential, sessionSecret: String
  ) throws -> Bool {
    try write { tx in
      let digest = ServeCredential.digest(of: secret)
      let live = try !tx.database.rows(
        "SELECT 1 FROM serve_pairings WHERE secret_sha256 = ? AND expires_ms > ?",
        [digest, now.milliseconds]
      ).isEmpty
      try tx.database.execute("DELETE FROM serve_pairings WHERE secret_sha256 = ?", [digest])
      guard live else { return false }
      try tx.database.execute(
        """
        INSERT INTO serve_credentials
          (id, kind, name, secret_sha256, created_ms, expires_ms, last_used_ms)
        VALUES (?, 'session', ?, ?, ?, ?, ?)
        """,
        [
          session.id, session.name, ServeCredential.digest(of: sessionSecret),
          session.created.milliseconds, session.expires?.milliseconds, now.milliseconds,
        ])
      return true
    }
  }
}
