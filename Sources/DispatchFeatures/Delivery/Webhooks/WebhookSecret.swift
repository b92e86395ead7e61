import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The signing secret's file: its first line, without the line ending, is the secret. The file
/// must be readable by its owner only (docs/webhooks.md#security-notes), like an SSH key.
public enum WebhookSecret {
  /// The file `webhook set --secret` writes for the store at `storePath`.
  public static func defaultFile(forStore storePath: String) -> String {
    storePath + ".webhook-secret"
  }

  /// Reads the secret.
  ///
  /// - Throws: ``WebhookError`` `.secretUnreadable` when the file is missing or unreadable,
  ///   `.secretRejected` when group or others may read it or its first line is empty.
  public static func read(_ path: String) throws -> [UInt8] {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw WebhookError(
        .secretUnreadable,
        "cannot read the webhook secret file '\(path)': \(String(cString: strerror(errno)))")
    }
    let mode = Int(status.st_mode) & 0o777
    guard mode & 0o077 == 0 else {
      throw WebhookError(
        .secretRejected,
        "the webhook secret file '\(path)' can be read by others (mode "
          + String(mode, radix: 8) + "); run chmod 600 '\(path)'")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw WebhookError(.secretUnreadable, "cannot read the webhook secret file '\(path)'")
    }
    var line = Array(data.prefix { $0 != UInt8(ascii: "\n") })
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard !line.isEmpty else {
      throw WebhookError(
        .secretRejected, "the webhook secret file '\(path)' is empty (its first line is the secret)"
      )
    }
    return line
  }

  /// Writes `secret` to `path` with mode 0600, atomically.
  public static func write(_ secret: String, to path: String) throws {
    do {
      try BackupFiles.writeAtomically(Array((secret + "\n").utf8), to: URL(fileURLWithPath: path))
    } catch let error as BackupError {
      throw WebhookError(.secretUnreadable, "cannot write the webhook secret: \(error.description)")
    }
  }
}
