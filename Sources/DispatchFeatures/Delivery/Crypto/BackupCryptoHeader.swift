import Foundation

/// The JSON line after the magic of an encrypted backup:
/// `{"kdf":"scrypt","n":32768,"r":8,"p":1,"salt":"<base64>","cipher":"aes-256-gcm","nonce":"<base64>"}`.
package struct BackupCryptoHeader: Equatable {
  var parameters: BackupScryptParameters
  var salt: [UInt8]
  var nonce: [UInt8]

  static let kdf = "scrypt"
  static let cipher = "aes-256-gcm"
  /// Longer than any header this version writes, short enough that a damaged file is
  /// rejected without scanning it.
  static let maximumLength = 1024

  init(parameters: BackupScryptParameters, salt: [UInt8], nonce: [UInt8]) {
    self.parameters = parameters
    self.salt = salt
    self.nonce = nonce
  }

  /// The JSON line, newline included, with keys in a fixed order. Base64 text needs no JSON
  /// escaping, so the line is built directly.
  func encoded() -> [UInt8] {
    let line =
      "{\"kdf\":\"\(Self.kdf)\",\"n\":\(parameters.n),\"r\":\(parameters.r),"
      + "\"p\":\(parameters.p),\"salt\":\"\(Data(salt).base64EncodedString())\","
      + "\"cipher\":\"\(Self.cipher)\",\"nonce\":\"\(Data(nonce).base64EncodedString())\"}\n"
    return Array(line.utf8)
  }

  /// Reads the JSON line (without its newline).
  ///
  /// A line that is not the expected JSON is damage; a well-formed line naming another key
  /// derivation or cipher, or parameters beyond this version's limits, is unsupported.
  init(parsing line: [UInt8]) throws {
    // JSONDecoder rather than JSONSerialization: it refuses `true`, `1.5` or `"8"` where a
    // whole number belongs, the same on Linux and macOS.
    guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(line)) else {
      throw BackupError.wrongPassphraseOrDamaged
    }
    guard fields.kdf == Self.kdf else {
      throw BackupError.unsupportedFormat("key derivation '\(fields.kdf)'")
    }
    guard fields.cipher == Self.cipher else {
      throw BackupError.unsupportedFormat("cipher '\(fields.cipher)'")
    }
    guard let n = fields.n, let r = fields.r, let p = fields.p,
      let salt = fields.salt.flatMap({ Data(base64Encoded: $0) }),
      let nonce = fields.nonce.flatMap({ Data(base64Encoded: $0) }),
      (8...64).contains(salt.count), nonce.count == BackupCrypto.nonceLength
    else { throw BackupError.wrongPassphraseOrDamaged }
    let parameters = BackupScryptParameters(n: n, r: r, p: p)
    guard parameters.isSupported else {
      throw BackupError.unsupportedFormat("scrypt parameters n=\(n) r=\(r) p=\(p)")
    }
    self.init(parameters: parameters, salt: Array(salt), nonce: Array(nonce))
  }

  /// The header's members; only the algorithm names are required, so a header from a newer
  /// version with other members is reported as unsupported rather than damaged.
  private struct Fields: Decodable {
    var kdf: String
    var cipher: String
    var n: UInt64?
    var r: UInt64?
    var p: UInt64?
    var salt: String?
    var nonce: String?
  }
}
