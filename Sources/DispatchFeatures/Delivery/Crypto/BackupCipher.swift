import DispatchSupport

/// The cipher calls of backups and webhook envelopes, with their failures as ``BackupError``s.
enum BackupCipher {
  /// Cryptographically secure random bytes.
  static func randomBytes(_ count: Int) throws(BackupError) -> [UInt8] {
    try mapped { () throws(CryptoFailure) in try SecureRandom.bytes(count) }
  }

  /// Derives a key with scrypt under `parameters`, capping memory at 64 MiB.
  static func scrypt(
    passphrase: [UInt8], salt: [UInt8], parameters: BackupScryptParameters, length: Int
  ) throws(BackupError) -> [UInt8] {
    try mapped { () throws(CryptoFailure) in
      try Cipher.scrypt(
        passphrase: passphrase, salt: salt, n: parameters.n, r: parameters.r, p: parameters.p,
        maximumMemory: BackupScryptParameters.maximumMemory, length: length)
    }
  }

  /// AES-256-GCM encryption; returns ciphertext followed by the 16-byte tag.
  static func sealGCM(
    _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]
  ) throws(BackupError) -> [UInt8] {
    try mapped { () throws(CryptoFailure) in
      try Cipher.sealGCM(plaintext, key: key, nonce: nonce, additionalData: additionalData)
    }
  }

  /// AES-256-GCM decryption; `wrongPassphraseOrDamaged` unless the tag verifies.
  static func openGCM(
    _ sealed: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]
  ) throws(BackupError) -> [UInt8] {
    try mapped { () throws(CryptoFailure) in
      try Cipher.openGCM(sealed, key: key, nonce: nonce, additionalData: additionalData)
    }
  }

  /// Overwrites key material before its memory is released.
  static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
    Cipher.wipe(buffer)
  }

  private static func mapped<T>(_ body: () throws(CryptoFailure) -> T) throws(BackupError) -> T {
    do {
      return try body()
    } catch {
      switch error {
      case .authenticationFailed: throw .wrongPassphraseOrDamaged
      case .failed(let detail): throw .cryptoFailure(detail)
      }
    }
  }
}
