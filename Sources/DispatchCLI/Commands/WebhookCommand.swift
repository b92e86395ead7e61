import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch webhook set|status|test|flush|off`: POST each filed report to a URL you own
/// (docs/webhooks.md#webhooks).
enum WebhookCommand {
  static let spec: CommandSpec = CommandSpec(
    "webhook",
    abstract: "POST each filed report to a URL: set it up, check it, test it, flush the outbox",
    discussion: """
      Off until 'webhook set'. Then every report filed with 'report', 'wake', 'sleep', \
      'answer' or a notification's Yes/No is queued in the store's outbox in the same \
      transaction and sent at once as a 'report.created' event (Dispatch's JSON body), \
      signed with HMAC-SHA256 when a secret is set and encrypted with AES-256-GCM with \
      --encrypt. Failed deliveries are retried after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and \
      24 h (by the daemon, or the next report), then kept as failed until 'webhook flush \
      --failed'. Imports and the demo are never sent. See docs/webhooks.md.
      """,
    subcommands: [setSpec, statusSpec, testSpec, flushSpec, offSpec],
    defaultSubcommand: "status",
    examples: [
      "dispatch webhook set https://example.com/hooks/dispatch --secret-file ~/.config/dispatch/hook",
      "dispatch webhook test", "dispatch webhook status --json", "dispatch webhook flush --failed",
      "dispatch webhook off",
    ])

  static let setSpec: CommandSpec = CommandSpec(
    "set",
    abstract: "Send reports to URL from now on (nothing is sent or queued by this command)",
    discussion: """
      https works with any host; plain http only with this machine or a private network \
      (localhost, ::1, *.local, 127/8, 10/8, 172.16-31, 192.168). --secret writes the secret \
      to '<store>.webhook-secret' (mode 0600); --secret-file uses your own file, which must \
      not be readable by group or others. Only the file's path is stored. Each 'set' replaces \
      the whole configuration: without a secret, requests are not signed.
      """,
    arguments: [ArgumentSpec("URL", "The receiver, e.g. https://example.com/hooks/dispatch")],
    options: [
      .value("secret", "SECRET", "Sign requests with this secret (stored in a 0600 file)"),
      .value(
        "secret-file", "FILE", completion: .file,
        "Sign requests with the first line of FILE (mode 0600 or stricter)"),
      .flag("encrypt", "Encrypt bodies with AES-256-GCM under a key from the secret"),
    ],
    examples: [
      "dispatch webhook set https://example.com/hook --secret-file ~/.config/dispatch/hook",
      "dispatch webhook set http://localhost:8080/dispatch",
    ],
    run: set)

  static let offSpec: CommandSpec = CommandSpec(
    "off",
    abstract: "Stop queueing and sending; the outbox is kept unless --clear",
    discussion: """
      Nothing leaves the machine while webhooks are off: filed reports are not queued and \
      queued ones wait. 'webhook set' turns them on again and the kept entries go out.
      """,
    options: [.flag("clear", "Also empty the outbox (pending and failed entries)")],
    examples: ["dispatch webhook off", "dispatch webhook off --clear"],
    run: off)

  static func set(_ invocation: Invocation) throws {
    guard let text = invocation.positional(0), !text.isEmpty else {
      throw invocation.usage("missing URL: the receiver's address, e.g. https://example.com/hook")
    }
    let secret = invocation.value("secret")
    let secretFile = invocation.value("secret-file").map(DaemonCommand.absolute)
    if secret != nil && secretFile != nil {
      throw invocation.usage("give --secret or --secret-file, not both")
    }
    if let secret, secret.isEmpty || secret.contains(where: \.isNewline) {
      throw invocation.usage("--secret must be one non-empty line")
    }
    let encrypts = invocation.flag("encrypt")
    if encrypts && secret == nil && secretFile == nil {
      throw invocation.usage("--encrypt needs a secret: add --secret-file FILE or --secret SECRET")
    }
    let url = try WebhookURLRule.check(text)
    if let secretFile { _ = try WebhookSecret.read(secretFile) }
    let store = try invocation.openStore(.write)
    let ownFile = WebhookSecret.defaultFile(forStore: DaemonCommand.absolute(invocation.storePath))
    if let secret { try WebhookSecret.write(secret, to: ownFile) }
    let file = secret != nil ? ownFile : secretFile
    let configuration = WebhookConfiguration(url: url, secretFile: file, encrypts: encrypts)
    try configuration.save(to: store)
    // A secret written by an earlier 'set --secret' that is no longer used is removed.
    if file != ownFile { try? FileManager.default.removeItem(atPath: ownFile) }
    let protection =
      file == nil ? "unsigned" : (encrypts ? "signed and encrypted" : "signed")
    invocation.stdout.line(
      "Webhooks are on: each report filed from now on is POSTed to \(configuration.displayURL) "
        + "(\(protection)). Nothing was sent; 'dispatch webhook test' sends a test event.")
  }

  static func off(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.write)
    guard try WebhookConfiguration.load(from: store) != nil else {
      invocation.stdout.line("Webhooks are not set up; nothing to turn off.")
      return
    }
    try WebhookConfiguration.disable(in: store)
    if invocation.flag("clear") {
      let removed = try store.outbox.clearWebhookOutbox()
      invocation.stdout.line(
        "Webhooks are off and the outbox is empty (\(removed) \(entries(removed)) removed).")
      return
    }
    let summary = try store.outbox.webhookOutboxSummary()
    let kept = summary.pending + summary.failed
    invocation.stdout.line(
      "Webhooks are off: nothing is queued or sent."
        + (kept == 0
          ? ""
          : " \(kept) \(entries(kept)) \(kept == 1 ? "stays" : "stay") in the outbox until "
            + "'dispatch webhook set' turns webhooks on again ('off --clear' empties it)."))
  }

  static func entries(_ count: Int) -> String {
    count == 1 ? "entry" : "entries"
  }
}
