import DispatchCommandLine
import DispatchKit
import Foundation

/// `webhook status`, `test` and `flush`, and the attempt after a report is filed.
extension WebhookCommand {
  static let statusSpec: CommandSpec = CommandSpec(
    "status",
    abstract: "Show the URL, signing, encryption and the outbox (never the secret)",
    json: true, examples: ["dispatch webhook status", "dispatch webhook status --json"],
    run: status)

  static let testSpec: CommandSpec = CommandSpec(
    "test",
    abstract: "Send one 'test' event now (never queued) and print the HTTP status",
    json: true, examples: ["dispatch webhook test"], run: test)

  static let flushSpec: CommandSpec = CommandSpec(
    "flush",
    abstract: "Send every pending entry now, oldest first, whatever its next retry time",
    options: [.flag("failed", "Also send entries whose retries ran out")],
    json: true,
    examples: [
      "dispatch webhook set https://example.com/hook --secret-file ~/.config/dispatch/hook",
      "dispatch webhook flush", "dispatch webhook flush --failed",
    ],
    run: flush)

  static func status(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let status = try WebhookStatus.load(from: store)
    if invocation.wantsJSON {
      invocation.printJSON(status.jsonValue)
      return
    }
    for line in WebhookStatusText.lines(status, style: invocation.style) {
      invocation.stdout.line(line)
    }
  }

  static func test(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let sender = try self.sender(invocation, store)
    let response: HTTPResponse
    do {
      response = try sender.send(WebhookPayload.test)
    } catch let error as HTTPError {
      throw CLIError(.failure, "the test event was not delivered: \(error.message)")
    }
    guard response.isSuccess else {
      throw CLIError(
        .failure, "the receiver answered HTTP \(response.status) to the test event")
    }
    if invocation.wantsJSON {
      invocation.printJSON(.object([("status", .int(Int64(response.status)))]))
    } else {
      invocation.stdout.line(
        "Sent the test event to \(URLRedaction.redacted(sender.url.absoluteString)): "
          + "HTTP \(response.status).")
    }
  }

  static func flush(_ invocation: Invocation) throws {
    _ = try invocation.openStore(.read)
    let store = try invocation.openStore(.write)
    let sender = try self.sender(invocation, store)
    let includingFailed = invocation.flag("failed")
    let result = try WebhookDrain(store: store, sender: sender)
      .run(.flush(includingFailed: includingFailed), environment: invocation.runEnvironment)
    let left = try store.outbox.webhookOutboxSummary()
    if invocation.wantsJSON { invocation.printJSON(json(result, left: left)) }
    if result.wasBusy {
      throw CLIError(
        .tryLater,
        "another dispatch process (the daemon?) is sending the outbox right now; "
          + "delivered \(result.delivered.count) here, try again in a minute")
    }
    if let failure = result.failures.last {
      let waiting = left.pending + (includingFailed ? left.failed : 0)
      throw CLIError(
        .failure,
        "delivered \(result.delivered.count), \(waiting) still queued: \(failure.reason)")
    }
    guard !invocation.wantsJSON else { return }
    var line =
      "Delivered \(result.delivered.count) report\(result.delivered.count == 1 ? "" : "s")."
    if !result.dropped.isEmpty { line += " Dropped \(result.dropped.count) deleted." }
    if left.failed > 0 {
      line +=
        " \(left.failed) failed \(entries(left.failed)) kept; "
        + "'dispatch webhook flush --failed' sends them too."
    }
    invocation.stdout.line(line)
  }

  /// The sender for the stored configuration.
  ///
  /// - Throws: exit 65 when webhooks are not set up or are off.
  static func sender(_ invocation: Invocation, _ store: DispatchStore) throws -> WebhookSender {
    guard let configuration = try WebhookConfiguration.load(from: store) else {
      throw CLIError(
        .dataError, "webhooks are not set up; 'dispatch webhook set URL' turns them on")
    }
    guard configuration.isEnabled else {
      throw CLIError(
        .dataError, "webhooks are off; 'dispatch webhook set URL' turns them on again")
    }
    return try WebhookSender(
      configuration: configuration, transport: HTTPClient(environment: invocation.environment),
      clock: invocation.runEnvironment.clock)
  }

  private static func json(_ result: WebhookDrainResult, left: WebhookOutboxSummary) -> JSONValue {
    var object = JSONObjectBuilder()
    object.set("delivered", .array(result.delivered.map(JSONValue.string)))
    object.set(
      "failed",
      .array(
        result.failures.map { failure in
          var entry = JSONObjectBuilder()
          entry.set("report", failure.reportID)
          entry.set("reason", failure.reason)
          entry.set("nextRetry", failure.nextAttempt.map { .string($0.iso8601) } ?? .null)
          return entry.value
        }))
    object.set("dropped", .array(result.dropped.map(JSONValue.string)))
    object.set("pending", .int(Int64(left.pending)))
    object.set("failedEntries", .int(Int64(left.failed)))
    return object.value
  }
}
