import Foundation

/// A self-signed certificate for `localhost` and 127.0.0.1, made with the `openssl` command.
public enum TestCertificate {
  /// The `openssl` command, when installed.
  public static let tool: String? = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/bin/openssl"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Writes `cert.pem` and `key.pem` into `folder`; nil when `openssl` is missing or fails.
  public static func make(in folder: String, names: String = "DNS:localhost,IP:127.0.0.1")
    -> (certificate: String, key: String)?
  {
    guard let tool else { return nil }
    let certificate = folder + "/cert.pem"
    let key = folder + "/key.pem"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=localhost",
      "-addext", "subjectAltName=\(names)",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    return process.terminationStatus == 0 ? (certificate, key) : nil
  }
}
