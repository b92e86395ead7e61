import DispatchSupport

/// Why a webhook could not be configured, signed, encrypted or read back.
public struct WebhookError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The category, which decides the command-line exit code.
  public enum Kind: Sendable, Equatable {
    /// The URL breaks the URL rule (docs/webhooks.md#url-rule).
    case invalidURL
    /// The secret file is missing or cannot be read.
    case secretUnreadable
    /// The secret file can be read by group or others, or holds no secret.
    case secretRejected
    /// Webhooks are not set up, or are off.
    case notEnabled
    /// An encrypted body is not a Dispatch envelope, or does not decrypt under the secret.
    case invalidEnvelope
    /// OpenSSL failed (no random bytes, an allocation).
    case cryptoFailure
  }

  public let kind: Kind
  /// A lowercase, one-line explanation; never holds the secret.
  public let message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}

extension WebhookError: CategorizedError {
  public var category: FailureCategory {
    switch kind {
    case .secretUnreadable: return .noInput
    case .invalidURL, .secretRejected, .notEnabled, .invalidEnvelope: return .dataError
    case .cryptoFailure: return .failure
    }
  }

  public var failureMessage: String { message }
}
