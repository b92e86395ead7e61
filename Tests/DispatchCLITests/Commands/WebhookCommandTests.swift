import DispatchTestSupport
import Foundation
import Testing

/// `webhook status --json` as documented in docs/webhooks.md.
struct WebhookStatusJSON: Decodable {
  struct LastError: Decodable {
    let at: String?
    let message: String
  }
  let enabled: Bool
  let url: String?
  let signing: Bool
  let secretFile: String?
  let encryption: Bool
  let pending: Int
  let failed: Int
  let nextRetry: String?
  let lastDelivery: String?
  let lastError: LastError?
}

extension CLISandbox {
  func webhookStatus(environment: [String: String?] = [:]) throws -> WebhookStatusJSON {
    try succeed(["webhook", "status", "--json"], environment: environment)
      .json(WebhookStatusJSON.self)
  }

  /// Writes `text` to a file in the sandbox with `mode`; returns its path.
  func writeFile(_ name: String, _ text: String, mode: Int) throws -> String {
    let file = path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file)
    return file
  }
}

/// `dispatch webhook set|status|off` and their bad input (docs/webhooks.md#webhooks).
@Suite("webhook")
struct WebhookCommandTests {
  @Test func `help lists the subcommands`() throws {
    let cli = try CLISandbox()
    let help = try cli.succeed(["webhook", "--help"]).stdout
    for name in ["set", "status", "test", "flush", "off"] { #expect(help.contains("  \(name)")) }
    let setHelp = try cli.succeed(["webhook", "set", "--help"]).stdout
    #expect(setHelp.contains("--secret-file FILE"))
    #expect(setHelp.contains("--encrypt"))
  }

  @Test func `status needs a store and says when webhooks are not set up`() throws {
    let cli = try CLISandbox()
    try cli.fail(["webhook"], status: 66, message: "no store")
    try cli.succeed(["init"])
    #expect(
      try cli.succeed(["webhook"]).stdout
        == "Webhooks are not set up; 'dispatch webhook set URL' turns them on.\n")
    let status = try cli.webhookStatus()
    #expect(!status.enabled && status.url == nil && status.pending == 0)
  }

  @Test(arguments: [
    ("http://example.com/hook", "plain http is only allowed to this machine or a private network"),
    ("http://172.32.0.1/hook", "'172.32.0.1' is neither; use https"),
    ("ftp://example.com/hook", "the scheme 'ftp' is not supported"),
    ("example.com", "is not a URL"),
    ("https://", "has no host"),
  ])
  func `a URL the rule refuses exits 65 with the reason`(url: String, reason: String) throws {
    let cli = try CLISandbox()
    try cli.fail(["webhook", "set", url], status: 65, message: reason)
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func `bad option combinations are usage errors`() throws {
    let cli = try CLISandbox()
    let url = "https://example.com/hook"
    try cli.fail(["webhook", "set"], status: 64, message: "missing argument URL")
    try cli.fail(
      ["webhook", "set", url, "--encrypt"], status: 64, message: "--encrypt needs a secret")
    let file = try cli.writeFile("secret", "s3cret\n", mode: 0o600)
    try cli.fail(
      ["webhook", "set", url, "--secret", "a", "--secret-file", file], status: 64,
      message: "give --secret or --secret-file, not both")
    try cli.fail(
      ["webhook", "set", url, "--secret", ""], status: 64, message: "one non-empty line")
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func `a secret file others can read, an empty one or a missing one is refused`() throws {
    let cli = try CLISandbox()
    let url = "https://example.com/hook"
    let open = try cli.writeFile("open", "s3cret\n", mode: 0o644)
    try cli.fail(
      ["webhook", "set", url, "--secret-file", open], status: 65,
      message: "can be read by others (mode 644); run chmod 600")
    let empty = try cli.writeFile("empty", "\n", mode: 0o600)
    try cli.fail(["webhook", "set", url, "--secret-file", empty], status: 65, message: "is empty")
    try cli.fail(
      ["webhook", "set", url, "--secret-file", cli.path("missing")], status: 66,
      message: "cannot read the webhook secret file")
    #expect(!cli.exists(cli.defaultStore))
  }

  @Test func `set --secret keeps the secret in a private file and out of every output`() throws {
    let cli = try CLISandbox()
    let secret = "sentinel-secret-7f3a"
    try cli.succeed(["answer", "yes"])
    let set = try cli.succeed(
      ["webhook", "set", "https://hooks.example.com/d?token=abc", "--secret", secret, "--encrypt"])
    #expect(set.stdout.contains("(signed and encrypted). Nothing was sent"))
    let file = cli.defaultStore + ".webhook-secret"
    #expect(try String(contentsOfFile: file, encoding: .utf8) == secret + "\n")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions]
    #expect((mode as? NSNumber)?.intValue == 0o600)
    let status = try cli.webhookStatus()
    #expect(status.enabled && status.signing && status.encryption)
    #expect(status.url == "https://hooks.example.com/d?token=***")
    #expect(status.secretFile == file)
    #expect(status.pending == 0)
    let outputs = [
      try cli.succeed(["webhook", "status"]).stdout,
      try cli.succeed(["webhook", "status", "--json"]).stdout,
      try cli.succeed(["diagnostics"]).stdout, try cli.succeed(["export", "-o", "-"]).stdout,
      try cli.succeed(["settings", "get"]).stdout,
    ]
    for output in outputs { #expect(!output.contains(secret)) }
    let diagnostics = try cli.succeed(["diagnostics"]).stdout
    #expect(!diagnostics.contains("hooks.example.com"))
    #expect(diagnostics.contains("webhook.url (set)"))
    #expect(
      diagnostics.contains(
        "WEBHOOKS:\n  On: yes\n  Signed: yes\n  Encrypted: yes\n  Outbox: 0 pending, 0 failed\n"))
  }

  @Test func `set --secret-file records the path; a later set without a secret signs nothing`()
    throws
  {
    let cli = try CLISandbox()
    let file = try cli.writeFile("hook-secret", "mine\n", mode: 0o400)
    try cli.succeed(["webhook", "set", "https://example.com/h", "--secret", "first"])
    try cli.succeed(["webhook", "set", "https://example.com/h", "--secret-file", "hook-secret"])
    #expect(try cli.webhookStatus().secretFile == file)
    // The file an earlier --secret wrote is no longer used, so it is removed.
    #expect(!cli.exists(cli.defaultStore + ".webhook-secret"))
    try cli.succeed(["webhook", "set", "http://localhost:9/h"])
    let status = try cli.webhookStatus()
    #expect(!status.signing && status.secretFile == nil && !status.encryption)
    #expect(cli.exists(file))
  }

  @Test func `off stops queueing and keeps the outbox; off --clear empties it`() throws {
    let cli = try CLISandbox()
    let port = try WebhookReceiver.unusedPort()
    try cli.succeed(["webhook", "set", "http://127.0.0.1:\(port)/hook"])
    try cli.succeed(["answer", "yes"])
    #expect(try cli.webhookStatus().pending == 1)
    let off = try cli.succeed(["webhook", "off"])
    #expect(off.stdout.contains("Webhooks are off: nothing is queued or sent. 1 entry stays"))
    try cli.succeed(["answer", "no"])
    var status = try cli.webhookStatus()
    #expect(!status.enabled && status.pending == 1)
    try cli.fail(["webhook", "flush"], status: 65, message: "webhooks are off")
    try cli.fail(["webhook", "test"], status: 65, message: "webhooks are off")
    #expect(try cli.succeed(["webhook", "off", "--clear"]).stdout.contains("(1 entry removed)"))
    status = try cli.webhookStatus()
    #expect(status.pending == 0 && status.url != nil)
  }

  @Test func `test and flush before any set up say so`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    try cli.fail(["webhook", "test"], status: 65, message: "webhooks are not set up")
    try cli.fail(["webhook", "flush"], status: 65, message: "webhooks are not set up")
    #expect(try cli.succeed(["webhook", "off"]).stdout.contains("not set up"))
  }
}
