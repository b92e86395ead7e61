/// Why a backup could not be written, encrypted or decrypted.
public enum BackupError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The passphrase is wrong, or the encrypted file was changed or damaged. AES-GCM cannot
  /// tell the two apart, and nothing is decrypted in either case.
  case wrongPassphraseOrDamaged
  /// The bytes are not an encrypted Dispatch backup (no `DISPATCH-BACKUP-1` header).
  case notEncrypted
  /// The header names a key derivation, cipher or parameters this version does not support.
  case unsupportedFormat(String)
  /// An empty passphrase was given.
  case emptyPassphrase
  /// OpenSSL failed (out of memory, or no randomness available).
  case cryptoFailure(String)
  /// A file or folder could not be created, written, listed or renamed.
  case fileSystem(path: String, reason: String)

  public var description: String {
    switch self {
    case .wrongPassphraseOrDamaged:
      return "wrong passphrase, or the encrypted backup is damaged"
    case .notEncrypted:
      return "not an encrypted Dispatch backup (missing 'DISPATCH-BACKUP-1' header)"
    case .unsupportedFormat(let detail):
      return "unsupported encrypted backup: \(detail); a newer Dispatch may read it"
    case .emptyPassphrase:
      return "the passphrase is empty"
    case .cryptoFailure(let detail):
      return "encryption failed: \(detail)"
    case .fileSystem(let path, let reason):
      return "cannot write backup '\(path)': \(reason)"
    }
  }
}
