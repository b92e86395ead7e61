/// Passphrase encryption of backup files (docs/import-export.md#encrypted-backups; in place of the
/// iOS app's "Face ID lock").
///
/// Layout: the magic line `DISPATCH-BACKUP-1\n`, a one-line JSON header naming the key
/// derivation with its parameters and salt and the cipher with its nonce, then the AES-256-GCM
/// ciphertext followed by its 16-byte tag. The whole header (magic line and JSON line) is the
/// GCM additional authenticated data, so changing any byte of the file fails authentication
/// instead of decrypting differently.
public enum BackupCrypto {
  /// The first line of every encrypted backup.
  public static let magic: [UInt8] = Array("DISPATCH-BACKUP-1\n".utf8)
  /// Salt length in bytes.
  static let saltLength = 16
  /// GCM nonce length in bytes (the 96-bit nonce GCM is designed for).
  static let nonceLength = 12
  /// GCM tag length in bytes.
  static let tagLength = 16
  /// AES-256 key length in bytes.
  static let keyLength = 32

  /// Whether `bytes` start like an encrypted backup (a plain backup starts with `{`).
  public static func isEncrypted(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: magic)
  }

  /// Encrypts `plaintext` with a key derived from `passphrase`, using a fresh random salt and
  /// nonce and the standard scrypt parameters.
  ///
  /// - Throws: ``BackupError`` (`emptyPassphrase`, `cryptoFailure`).
  public static func encrypt(_ plaintext: [UInt8], passphrase: [UInt8]) throws -> [UInt8] {
    try encrypt(
      plaintext, passphrase: passphrase, parameters: .standard,
      salt: try BackupCipher.randomBytes(saltLength),
      nonce: try BackupCipher.randomBytes(nonceLength))
  }

  /// Encrypts with a chosen salt and nonce. Internal: reusing a nonce under one key breaks GCM,
  /// so only known-answer tests pick them.
  static func encrypt(
    _ plaintext: [UInt8], passphrase: [UInt8], parameters: BackupScryptParameters,
    salt: [UInt8], nonce: [UInt8]
  ) throws -> [UInt8] {
    guard !passphrase.isEmpty else { throw BackupError.emptyPassphrase }
    let header = BackupCryptoHeader(parameters: parameters, salt: salt, nonce: nonce)
    let headerBytes = magic + header.encoded()
    var key = try BackupCipher.scrypt(
      passphrase: passphrase, salt: salt, parameters: parameters, length: keyLength)
    defer { key.withUnsafeMutableBytes { BackupCipher.wipe($0) } }
    let sealed = try BackupCipher.sealGCM(
      plaintext, key: key, nonce: nonce, additionalData: headerBytes)
    return headerBytes + sealed
  }

  /// Decrypts an encrypted backup.
  ///
  /// - Throws: ``BackupError``: `notEncrypted` without the magic line, `unsupportedFormat` for a
  ///   header from a newer version, `wrongPassphraseOrDamaged` for a wrong passphrase or any
  ///   changed, missing or extra byte. Never returns unauthenticated bytes.
  public static func decrypt(_ bytes: [UInt8], passphrase: [UInt8]) throws -> [UInt8] {
    guard isEncrypted(bytes) else { throw BackupError.notEncrypted }
    guard !passphrase.isEmpty else { throw BackupError.emptyPassphrase }
    let rest = bytes[magic.count...]
    // The JSON line is short; a file without a newline soon after the magic is damaged.
    guard let newline = rest.prefix(BackupCryptoHeader.maximumLength).firstIndex(of: 0x0A)
    else { throw BackupError.wrongPassphraseOrDamaged }
    let header = try BackupCryptoHeader(parsing: Array(rest[..<newline]))
    let headerBytes = Array(bytes[..<(newline + 1)])
    let body = Array(bytes[(newline + 1)...])
    guard body.count >= tagLength else { throw BackupError.wrongPassphraseOrDamaged }
    var key = try BackupCipher.scrypt(
      passphrase: passphrase, salt: header.salt, parameters: header.parameters,
      length: keyLength)
    defer { key.withUnsafeMutableBytes { BackupCipher.wipe($0) } }
    return try BackupCipher.openGCM(
      body, key: key, nonce: header.nonce, additionalData: headerBytes)
  }
}

/// scrypt's cost parameters (RFC 7914), stored in each file's header.
public struct BackupScryptParameters: Sendable, Equatable {
  /// CPU/memory cost, a power of two.
  public var n: UInt64
  /// Block size.
  public var r: UInt64
  /// Parallelism.
  public var p: UInt64

  /// Parameters as given.
  public init(n: UInt64, r: UInt64, p: UInt64) {
    self.n = n
    self.r = r
    self.p = p
  }

  /// N = 2^15, r = 8, p = 1: about 32 MiB of memory, the interactive-use figure of RFC 7914 §2.
  public static let standard = BackupScryptParameters(n: 1 << 15, r: 8, p: 1)

  /// The memory cap handed to OpenSSL, and the ceiling for parameters read from a header, so a
  /// hostile header cannot ask for gigabytes.
  static let maximumMemory: UInt64 = 64 * 1024 * 1024

  /// The bytes scrypt allocates for these parameters (OpenSSL's own estimate: the V array of
  /// 128·r·(N+2) bytes plus p·128·r for B).
  var memoryNeeded: UInt64 {
    128 * r * (n + 2) + 128 * r * p
  }

  /// Whether the parameters are well formed and within the memory ceiling.
  var isSupported: Bool {
    n >= 2 && n <= 1 << 20 && n & (n - 1) == 0 && (1...32).contains(r) && (1...16).contains(p)
      && memoryNeeded <= Self.maximumMemory
  }
}
