import DispatchSupport
import Foundation

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
    switch SecretFile.firstLine(path, what: "the webhook secret file") {
    case .success(let line): return line
    case .failure(.unreadable(let message)): throw WebhookError(.secretUnreadable, message)
    case .failure(.rejected(let message)): throw WebhookError(.secretRejected, message)
    }
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
