import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Passphrase encryption of backups: scrypt + AES-256-GCM with an authenticated header
/// (docs/import-export.md#encrypted-backups).
struct BackupCryptoTests {
  let passphrase = Array("correct horse battery staple".utf8)
  let plaintext = Array("{\n  \"schemaVersion\" : 2\n}".utf8)
  /// Cheap parameters for the tests that only need a valid file to damage.
  let quick = BackupScryptParameters(n: 1 << 10, r: 8, p: 1)
  let salt = Array(UInt8(1)...16)
  let nonce = Array(UInt8(1)...12)

  /// Computed once with Python: `hashlib.scrypt(passphrase, salt=bytes(range(1, 17)),
  /// n=32768, r=8, p=1, maxmem=64 MiB, dklen=32)`, then `cryptography`'s
  /// `AESGCM(key).encrypt(bytes(range(1, 13)), plaintext, header)` with the magic line and
  /// JSON line as associated data.
  static let knownAnswer =
    "RElTUEFUQ0gtQkFDS1VQLTEKeyJrZGYiOiJzY3J5cHQiLCJuIjozMjc2OCwiciI6OCwicCI6MSwic2FsdCI6IkFRSURCQVVHQndnSkNnc01EUTRQRUE9PSIsImNpcGhlciI6ImFlcy0yNTYtZ2NtIiwibm9uY2UiOiJBUUlEQkFVR0J3Z0pDZ3NNIn0KzoEV6eCpqVp94ttdVpQ7PZ6NYNzj877Mzsi+7W8/L24SsTuD60iFWTs="

  private func sealedQuick() throws -> [UInt8] {
    try BackupCrypto.encrypt(
      plaintext, passphrase: passphrase, parameters: quick, salt: salt, nonce: nonce)
  }

  @Test func knownAnswerVector() throws {
    let expected = Array(try #require(Data(base64Encoded: Self.knownAnswer)))
    let sealed = try BackupCrypto.encrypt(
      plaintext, passphrase: passphrase, parameters: .standard, salt: salt, nonce: nonce)
    #expect(sealed == expected)
    #expect(try BackupCrypto.decrypt(expected, passphrase: passphrase) == plaintext)
  }

  @Test func headerIsSelfDescribing() throws {
    let sealed = try BackupCrypto.encrypt(plaintext, passphrase: passphrase)
    let text = String(decoding: sealed.prefix(200), as: UTF8.self)
    let lines = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
    #expect(lines[0] == "DISPATCH-BACKUP-1")
    #expect(lines[1].hasPrefix("{\"kdf\":\"scrypt\",\"n\":32768,\"r\":8,\"p\":1,\"salt\":\""))
    #expect(lines[1].contains("\",\"cipher\":\"aes-256-gcm\",\"nonce\":\""))
    #expect(BackupCrypto.isEncrypted(sealed))
    #expect(!BackupCrypto.isEncrypted(plaintext))
  }

  @Test func roundTripUsesFreshSaltAndNonce() throws {
    let first = try BackupCrypto.encrypt(plaintext, passphrase: passphrase)
    let second = try BackupCrypto.encrypt(plaintext, passphrase: passphrase)
    #expect(first != second)
    #expect(try BackupCrypto.decrypt(first, passphrase: passphrase) == plaintext)
    #expect(try BackupCrypto.decrypt(second, passphrase: passphrase) == plaintext)
  }

  @Test func emptyAndLargePlaintextsRoundTrip() throws {
    let large = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    for body in [[], large] {
      let sealed = try BackupCrypto.encrypt(
        body, passphrase: passphrase, parameters: quick, salt: salt, nonce: nonce)
      #expect(try BackupCrypto.decrypt(sealed, passphrase: passphrase) == body)
    }
  }

  @Test func wrongPassphraseIsAClearError() throws {
    let sealed = try sealedQuick()
    #expect(throws: BackupError.wrongPassphraseOrDamaged) {
      try BackupCrypto.decrypt(sealed, passphrase: Array("correct horse battery stapler".utf8))
    }
    #expect(throws: BackupError.emptyPassphrase) {
      try BackupCrypto.decrypt(sealed, passphrase: [])
    }
    #expect(throws: BackupError.emptyPassphrase) {
      try BackupCrypto.encrypt(plaintext, passphrase: [])
    }
  }

  @Test func everyFlippedBodyByteIsDetected() throws {
    let sealed = try sealedQuick()
    let headerLength = try #require(sealed.lastIndex(of: 0x0A)) + 1
    // Every byte of the ciphertext and the tag.
    for index in headerLength..<sealed.count {
      var damaged = sealed
      damaged[index] ^= 0x01
      #expect(throws: BackupError.wrongPassphraseOrDamaged) {
        try BackupCrypto.decrypt(damaged, passphrase: passphrase)
      }
    }
  }

  @Test func flippedHeaderBytesAreDetected() throws {
    let sealed = try sealedQuick()
    let headerLength = try #require(sealed.lastIndex(of: 0x0A)) + 1
    for index in 0..<headerLength {
      var damaged = sealed
      damaged[index] ^= 0x01
      #expect(throws: BackupError.self) {
        try BackupCrypto.decrypt(damaged, passphrase: passphrase)
      }
    }
    // Changes that keep the header well formed still fail authentication: a different salt
    // letter, and a space the JSON parser would ignore.
    let header = String(decoding: sealed.prefix(headerLength), as: UTF8.self)
    for (from, to) in [("\"salt\":\"AQ", "\"salt\":\"AR"), (",\"cipher\"", ", \"cipher\"")] {
      let altered = Array(header.replacingOccurrences(of: from, with: to).utf8)
      #expect(altered != Array(sealed.prefix(headerLength)))
      #expect(throws: BackupError.wrongPassphraseOrDamaged) {
        try BackupCrypto.decrypt(altered + sealed[headerLength...], passphrase: passphrase)
      }
    }
  }

  @Test func truncatedFilesAreDetected() throws {
    let sealed = try sealedQuick()
    for length in [0, 5, BackupCrypto.magic.count, 40, sealed.count - 17, sealed.count - 1] {
      #expect(throws: BackupError.self) {
        try BackupCrypto.decrypt(Array(sealed.prefix(length)), passphrase: passphrase)
      }
    }
    #expect(throws: BackupError.wrongPassphraseOrDamaged) {
      try BackupCrypto.decrypt(sealed + [0], passphrase: passphrase)
    }
  }

  @Test func plainFilesAndUnknownAlgorithmsAreNamed() throws {
    #expect(throws: BackupError.notEncrypted) {
      try BackupCrypto.decrypt(plaintext, passphrase: passphrase)
    }
    let header =
      BackupCrypto.magic + Array("{\"kdf\":\"argon2id\",\"cipher\":\"aes-256-gcm\"}\n".utf8)
    #expect(throws: BackupError.unsupportedFormat("key derivation 'argon2id'")) {
      try BackupCrypto.decrypt(header + [UInt8](repeating: 0, count: 32), passphrase: passphrase)
    }
    let greedy = BackupCryptoHeader(
      parameters: BackupScryptParameters(n: 1 << 20, r: 8, p: 1), salt: salt, nonce: nonce)
    #expect(throws: BackupError.unsupportedFormat("scrypt parameters n=1048576 r=8 p=1")) {
      try BackupCrypto.decrypt(
        BackupCrypto.magic + greedy.encoded() + [UInt8](repeating: 0, count: 32),
        passphrase: passphrase)
    }
  }
}
