internal import CCrypto

/// Why a cryptographic operation failed.
public enum CryptoFailure: Error, Sendable, Equatable {
  /// OpenSSL could not do what was asked (no randomness, no memory, a failed primitive).
  case failed(String)
  /// Decryption found a tag that does not verify: a wrong key or damaged bytes.
  case authenticationFailed
}

/// Cryptographically secure random bytes, the one source every feature uses.
public enum SecureRandom {
  /// `count` bytes from OpenSSL's `RAND_bytes`.
  public static func bytes(_ count: Int) throws(CryptoFailure) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    guard RAND_bytes(&bytes, Int32(count)) == 1 else {
      throw .failed("no random bytes available")
    }
    return bytes
  }
}

/// The OpenSSL calls behind encrypted backups and webhook payloads: scrypt and AES-256-GCM.
public enum Cipher {
  /// The length of an AES-256-GCM tag, appended to every sealed message.
  public static let tagLength = 16

  /// Derives a key with `EVP_PBE_scrypt` (cost `n`, block size `r`, parallelism `p`), refusing
  /// parameters that would need more than `maximumMemory` bytes.
  public static func scrypt(
    passphrase: [UInt8], salt: [UInt8], n: UInt64, r: UInt64, p: UInt64, maximumMemory: UInt64,
    length: Int
  ) throws(CryptoFailure) -> [UInt8] {
    var key = [UInt8](repeating: 0, count: length)
    let status = passphrase.withUnsafeBytes { pass in
      EVP_PBE_scrypt(
        pass.baseAddress?.assumingMemoryBound(to: CChar.self), pass.count, salt, salt.count,
        n, r, p, maximumMemory, &key, length)
    }
    guard status == 1 else { throw .failed("scrypt key derivation failed") }
    return key
  }

  /// AES-256-GCM encryption; returns ciphertext followed by the 16-byte tag.
  public static func sealGCM(
    _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]
  ) throws(CryptoFailure) -> [UInt8] {
    guard let context = EVP_CIPHER_CTX_new() else {
      throw .failed("cannot allocate a cipher context")
    }
    defer { EVP_CIPHER_CTX_free(context) }
    var output = [UInt8](repeating: 0, count: plaintext.count + tagLength)
    var length: Int32 = 0
    var ok =
      EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1
      && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
      && EVP_EncryptInit_ex(context, nil, nil, key, nonce) == 1
      && EVP_EncryptUpdate(context, nil, &length, additionalData, Int32(additionalData.count))
        == 1
    var written = 0
    output.withUnsafeMutableBufferPointer { out in
      guard let base = out.baseAddress else { return }
      for start in stride(from: 0, to: plaintext.count, by: chunk) where ok {
        let end = min(start + chunk, plaintext.count)
        ok =
          plaintext[start..<end].withUnsafeBufferPointer { input in
            EVP_EncryptUpdate(
              context, base + written, &length, input.baseAddress, Int32(input.count))
          } == 1
        written += Int(length)
      }
      ok = ok && EVP_EncryptFinal_ex(context, base + written, &length) == 1
      written += Int(length)
      ok =
        ok
        && EVP_CIPHER_CTX_ctrl(
          context, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), base + written) == 1
    }
    guard ok, written == plaintext.count else {
      throw .failed("AES-256-GCM encryption failed")
    }
    return output
  }

  /// AES-256-GCM decryption of ciphertext followed by its tag; throws
  /// `authenticationFailed` unless the tag verifies, discarding any output.
  public static func openGCM(
    _ sealed: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]
  ) throws(CryptoFailure) -> [UInt8] {
    guard let context = EVP_CIPHER_CTX_new() else {
      throw .failed("cannot allocate a cipher context")
    }
    defer { EVP_CIPHER_CTX_free(context) }
    let count = sealed.count - tagLength
    var tag = Array(sealed[count...])
    // One spare block: OpenSSL may touch a block's worth past the input on update.
    var output = [UInt8](repeating: 0, count: count + 16)
    var length: Int32 = 0
    var ok =
      EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1
      && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonce.count), nil) == 1
      && EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1
      && EVP_DecryptUpdate(context, nil, &length, additionalData, Int32(additionalData.count))
        == 1
    var written = 0
    output.withUnsafeMutableBufferPointer { out in
      guard let base = out.baseAddress else { return }
      for start in stride(from: 0, to: count, by: chunk) where ok {
        let end = min(start + chunk, count)
        ok =
          sealed[start..<end].withUnsafeBufferPointer { input in
            EVP_DecryptUpdate(
              context, base + written, &length, input.baseAddress, Int32(input.count))
          } == 1
        written += Int(length)
      }
      ok =
        ok
        && EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tag.count), &tag) == 1
        && EVP_DecryptFinal_ex(context, base + written, &length) == 1
      written += Int(length)
    }
    guard ok, written == count else {
      output.withUnsafeMutableBytes { wipe($0) }
      throw .authenticationFailed
    }
    return Array(output.prefix(count))
  }

  /// Overwrites key material before its memory is released (`OPENSSL_cleanse` cannot be
  /// optimised away the way a plain loop can).
  public static func wipe(_ buffer: UnsafeMutableRawBufferPointer) {
    guard let base = buffer.baseAddress else { return }
    OPENSSL_cleanse(base, buffer.count)
  }

  /// Bytes handed to OpenSSL per update call, well within its `Int32` lengths.
  private static let chunk = 1 << 20
}
