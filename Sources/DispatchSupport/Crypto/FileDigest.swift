internal import CCrypto
import Foundation

/// SHA-256 of a file read a megabyte at a time (an Apple Health export runs to gigabytes), as
/// lowercase hex: the name a file gets where it is kept by its content.
public enum FileDigest {
  /// - Throws: the error reading the file.
  public static func sha256Hex(path: String) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    guard let context = EVP_MD_CTX_new() else { throw CocoaError(.fileReadUnknown) }
    defer { EVP_MD_CTX_free(context) }
    EVP_DigestInit_ex(context, sha256.digest, nil)
    while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
      chunk.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
    }
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    EVP_DigestFinal_ex(context, &digest, &length)
    return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
  }

  private static let sha256 = FetchedDigest(name: "SHA256")
}
