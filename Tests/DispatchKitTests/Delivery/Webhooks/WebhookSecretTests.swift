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

/// The secret file: its first line, owner-only, written with mode 0600.
struct WebhookSecretTests {
  let folder: TemporaryDirectory

  init() throws {
    folder = try TemporaryDirectory()
  }

  func write(_ text: String, mode: mode_t) throws -> String {
    let path = folder.file("secret-\(UUID().uuidString)")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, mode)
    return path
  }

  @Test(arguments: [("hunter2\n", "hunter2"), ("hunter2\r\nsecond\n", "hunter2"), ("a b", "a b")])
  func `the secret is the first line`(text: String, secret: String) throws {
    #expect(try WebhookSecret.read(try write(text, mode: 0o600)) == Array(secret.utf8))
  }

  @Test(arguments: [0o644, 0o640, 0o604, 0o660, 0o666] as [mode_t])
  func `a file others may read is refused`(mode: mode_t) throws {
    let path = try write("hunter2\n", mode: mode)
    #expect {
      try WebhookSecret.read(path)
    } throws: { error in
      (error as? WebhookError)?.kind == .secretRejected
        && (error as? WebhookError)?.message.contains("chmod 600") == true
    }
  }

  @Test(arguments: ["", "\n", "\r\n"])
  func `an empty first line is refused`(text: String) throws {
    let path = try write(text, mode: 0o600)
    #expect(
      throws: WebhookError(
        .secretRejected, "the webhook secret file '\(path)' is empty (its first line is the secret)"
      )
    ) {
      try WebhookSecret.read(path)
    }
  }

  @Test func `a missing file is unreadable`() {
    #expect {
      try WebhookSecret.read(folder.file("missing"))
    } throws: { error in
      (error as? WebhookError)?.kind == .secretUnreadable
    }
  }

  @Test func `written secrets are private and read back`() throws {
    let path = folder.file("store.sqlite.webhook-secret")
    try WebhookSecret.write("hunter2", to: path)
    #expect(try TemporaryDirectory.permissions(of: path) == 0o600)
    #expect(try WebhookSecret.read(path) == Array("hunter2".utf8))
    #expect(WebhookSecret.defaultFile(forStore: "/a/b.sqlite") == "/a/b.sqlite.webhook-secret")
  }
}
