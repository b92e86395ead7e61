import DispatchCore
import DispatchSupport

/// A credential of `dispatch serve` (docs/serve.md#tokens): a bearer token for scripts or a
/// browser's session. Only the SHA-256 of its secret is stored, so a copy of the store does
/// not let anyone in.
public struct ServeCredential: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case token
    case session
  }

  /// A short public ID, for listing and revoking; never the secret.
  public var id: String
  public var kind: Kind
  public var name: String
  public var created: Instant
  /// When it stops working; nil for a token, which works until revoked.
  public var expires: Instant?
  public var lastUsed: Instant?

  public init(
    id: String, kind: Kind, name: String, created: Instant, expires: Instant? = nil,
    lastUsed: Instant? = nil
  ) {
    self.id = id
    self.kind = kind
    self.name = name
    self.created = created
    self.expires = expires
    self.lastUsed = lastUsed
  }

  static let migration = """
    CREATE TABLE serve_credentials (
      id TEXT NOT NULL PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind = 'token' OR kind = 'session'),
      name TEXT NOT NULL,
      secret_sha256 TEXT NOT NULL UNIQUE,
      created_ms INTEGER NOT NULL,
      expires_ms INTEGER,
      last_used_ms INTEGER
    ) STRICT;
    """

  /// The hex SHA-256 a secret is stored and looked up by.
  public static func digest(of secret: String) -> String {
    MessageAuthentication.hex(SecureHash.sha256(Array(secret.utf8)))
  }
}

extension CredentialsView {
  /// Every credential, oldest first; expired sessions are left out.
  public func list(at now: Instant) throws -> [ServeCredential] {
    try database.rows(
      """
      SELECT id, kind, name, created_ms, expires_ms, last_used_ms FROM serve_credentials
      WHERE expires_ms IS NULL OR expires_ms > ? ORDER BY created_ms, id
      """, [now.milliseconds]
    ).map(Self.credential)
  }

  /// Stores a new credential for `secret` (kept only as its digest).
  ///
  /// - Throws: ``DispatchError`` `.conflict` when a token already has the name.
  public func add(_ credential: ServeCredential, secret: String) throws {
    try write { tx in
      if credential.kind == .token,
        try !tx.database.rows(
          "SELECT 1 FROM serve_credentials WHERE kind = 'token' AND name = ?", [credential.name]
        ).isEmpty
      {
        throw DispatchError(
          .conflict,
          "a token is already named '\(credential.name)'; revoke it first or choose another name")
      }
      try tx.database.execute(
        """
        INSERT INTO serve_credentials
          (id, kind, name, secret_sha256, created_ms, expires_ms, last_used_ms)
        VALUES (?, ?, ?, ?, ?, ?, NULL)
        """,
        [
          credential.id, credential.kind.rawValue, credential.name,
          ServeCredential.digest(of: secret), credential.created.milliseconds,
          credential.expires?.milliseconds,
        ])
    }
  }

  /// The live credential whose secret is `secret`, if any (an expired one is nil).
  public func credential(secret: String, at now: Instant) throws -> ServeCredential? {
    try database.rows(
      """
      SELECT id, kind, name, created_ms, expires_ms, last_used_ms FROM serve_credentials
      WHERE secret_sha256 = ? AND (expires_ms IS NULL OR expires_ms > ?)
      """, [ServeCredential.digest(of: secret), now.milliseconds]
    ).first.map(Self.credential)
  }

  /// Notes that a credential was used now (at most once a minute, to spare writes).
  public func markUsed(_ id: String, at now: Instant) throws {
    try write { tx in
      try tx.database.execute(
        """
        UPDATE serve_credentials SET last_used_ms = ?
        WHERE id = ? AND (last_used_ms IS NULL OR last_used_ms < ?)
        """, [now.milliseconds, id, now.milliseconds - 60_000])
    }
  }

  /// Removes the credential with `id`, or with a unique ID prefix or token name.
  ///
  /// - Throws: ``DispatchError`` `.unknownReference` when none matches.
  @discardableResult
  public func revoke(_ reference: String) throws -> ServeCredential {
    try write { tx in
      let matches = try tx.database.rows(
        """
        SELECT id, kind, name, created_ms, expires_ms, last_used_ms FROM serve_credentials
        WHERE id = ? OR (length(?) >= 4 AND substr(id, 1, length(?)) = ?)
          OR (kind = 'token' AND name = ?)
        """, [reference, reference, reference, reference, reference]
      ).map(Self.credential)
      guard matches.count == 1, let match = matches.first else {
        throw DispatchError(
          .unknownReference,
          matches.isEmpty
            ? "no token or session is '\(reference)'; list them with 'dispatch serve sessions'"
            : "'\(reference)' matches \(matches.count) credentials; give more of the ID")
      }
      try tx.database.execute("DELETE FROM serve_credentials WHERE id = ?", [match.id])
      return match
    }
  }

  private static func credential(_ row: Row) -> ServeCredential {
    ServeCredential(
      id: row.string(0) ?? "", kind: ServeCredential.Kind(rawValue: row.string(1) ?? "") ?? .token,
      name: row.string(2) ?? "", created: Instant(milliseconds: row.int64(3) ?? 0),
      expires: row.int64(4).map(Instant.init(milliseconds:)),
      lastUsed: row.int64(5).map(Instant.init(milliseconds:)))
  }
}
