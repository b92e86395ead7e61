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

/// The drain against a scripted transport and a stepping clock: the retry schedule, no
/// head-of-line blocking, stopping when the receiver is unreachable, flushes.
struct WebhookDrainTests {
  let fixture: WebhookFixture

  init() throws {
    fixture = try WebhookFixture()
  }

  static let refused = HTTPError(.unreachable, "cannot connect to 127.0.0.1:9: Connection refused")

  @Test(arguments: [
    (1, 60), (2, 300), (3, 1_800), (4, 7_200), (5, 21_600), (6, 43_200), (7, 86_400),
  ])
  func `the standard schedule waits after each failed attempt`(attempt: Int, seconds: Int64) {
    let at = WebhookFixture.start
    #expect(
      WebhookRetryPolicy.standard.nextAttempt(afterFailedAttempt: attempt, at: at)
        == at.adding(seconds: seconds))
  }

  @Test(arguments: [8, 9, 0, -1])
  func `after the seventh delay the entry is marked failed`(attempt: Int) {
    #expect(
      WebhookRetryPolicy.standard.nextAttempt(
        afterFailedAttempt: attempt, at: .init(milliseconds: 0))
        == nil)
  }

  @Test func `a failing receiver is retried on schedule, then the entry is kept as failed`() throws
  {
    fixture.transport.fallback = .success(503)
    try fixture.file(1...1)
    var attemptTimes: [Int64] = []
    // Step a minute at a time through two days: a drain on every step, as the daemon runs.
    for _ in 0..<(48 * 60) {
      let result = try fixture.drain()
      if !result.failures.isEmpty {
        attemptTimes.append(
          (fixture.clock.now().milliseconds - WebhookFixture.start.milliseconds) / 1000)
      }
      fixture.clock.advance(seconds: 60)
    }
    #expect(attemptTimes == [0, 60, 360, 2_160, 9_360, 30_960, 74_160, 160_560])
    let entry = try #require(try fixture.store.outbox.webhookOutbox().first)
    #expect(entry.isFailed && entry.attempts == 8 && entry.lastError == "HTTP 503")
    #expect(
      try fixture.store.outbox.webhookOutboxSummary() == WebhookOutboxSummary(pending: 0, failed: 1)
    )
    // Kept and shown; a due drain and a plain flush leave it; flush --failed delivers it.
    #expect(try fixture.drain().failures.isEmpty)
    #expect(try fixture.drain(.flush(includingFailed: false)).failures.isEmpty)
    fixture.transport.fallback = .success(200)
    #expect(try fixture.drain(.flush(includingFailed: true)).delivered == ["report-1"])
    #expect(try fixture.queued().isEmpty)
    #expect(fixture.transport.sent.count == 9)
  }

  @Test func `one failing entry does not hold back the others`() throws {
    try fixture.file(1...3)
    fixture.transport.script([.success(500)])
    let result = try fixture.drain()
    #expect(result.failures.map(\.reportID) == ["report-1"])
    #expect(result.delivered == ["report-2", "report-3"])
    #expect(result.unreachable == nil)
    #expect(try fixture.queued() == ["report-1"])
  }

  @Test func `an unreachable receiver stops the drain after one attempt`() throws {
    try fixture.file(1...3)
    fixture.transport.script([.failure(Self.refused)])
    let result = try fixture.drain()
    #expect(result.unreachable == Self.refused.message)
    #expect(result.delivered.isEmpty)
    let entries = try fixture.store.outbox.webhookOutbox()
    #expect(entries.map(\.attempts) == [1, 0, 0])
    #expect(entries[0].nextAttemptAt == WebhookFixture.start.adding(seconds: 60))
    #expect(entries[0].lastError == Self.refused.message)
    // The next drain (the next report, a daemon tick) takes the others, in order.
    #expect(try fixture.drain().delivered == ["report-2", "report-3"])
  }

  @Test func `flush sends pending entries whatever their next attempt time, oldest first`() throws {
    try fixture.file(1...3)
    fixture.transport.script([.success(500), .success(500), .success(500)])
    _ = try fixture.drain()
    #expect(try fixture.drain().delivered.isEmpty)
    let result = try fixture.drain(.flush(includingFailed: false))
    #expect(result.delivered == ["report-1", "report-2", "report-3"])
    #expect(
      fixture.transport.sentReportIDs == ["report-1", "report-2", "report-3"] + [
        "report-1", "report-2", "report-3",
      ])
  }

  @Test func `a failed flush counts the attempt and follows the schedule`() throws {
    try fixture.file(1...1)
    fixture.transport.fallback = .success(500)
    _ = try fixture.drain(.flush(includingFailed: false))
    _ = try fixture.drain(.flush(includingFailed: false))
    let entry = try #require(try fixture.store.outbox.webhookOutbox().first)
    #expect(entry.attempts == 2)
    #expect(entry.nextAttemptAt == WebhookFixture.start.adding(seconds: 300))
  }

  @Test func `a live lease held elsewhere makes a drain stand back`() throws {
    try fixture.file(1...2)
    guard case .claimed = try fixture.store.outbox.claimWebhookEntry(owner: "daemon", after: 0)
    else {
      Issue.record("no claim")
      return
    }
    let result = try fixture.drain(.flush(includingFailed: true))
    #expect(result.wasBusy)
    #expect(fixture.transport.sent.isEmpty)
    // A lease left by a drain that died runs out, and the entry goes out.
    fixture.clock.advance(seconds: WebhookOutbox.leaseSeconds)
    #expect(try fixture.drain().delivered == ["report-1", "report-2"])
  }

  @Test func `a lease whose process is gone is not waited out`() throws {
    try fixture.file(1...1)
    // A process ID no process has (the kernel's limit is far below), on this machine.
    let dead = "2147483000@\(ProcessInfo.processInfo.hostName):deadbeef"
    #expect(!ProcessOwner.isAlive(dead))
    #expect(ProcessOwner.isAlive(ProcessOwner.current()))
    #expect(ProcessOwner.isAlive("daemon"))
    guard case .claimed = try fixture.store.outbox.claimWebhookEntry(owner: dead, after: 0) else {
      Issue.record("no claim")
      return
    }
    #expect(try fixture.drain().delivered == ["report-1"])
  }

  @Test func `status shows the outbox, the last delivery and the last error`() throws {
    try fixture.file(1...2)
    fixture.transport.script([.success(502)])
    _ = try fixture.drain()
    let status = try WebhookStatus.load(from: fixture.store)
    #expect(
      status.outbox
        == WebhookOutboxSummary(
          pending: 1, failed: 0, nextAttemptAt: WebhookFixture.start.adding(seconds: 60)))
    #expect(status.lastError == "HTTP 502")
    #expect(status.lastErrorAt == WebhookFixture.start)
    #expect(status.lastDeliveredAt == WebhookFixture.start)
    #expect(status.configuration?.isEnabled == true)
  }

  @Test func `the daemon drains due entries and wakes for the next retry`() throws {
    try fixture.store.questions.seedDefaultQuestionsIfEmpty()
    try fixture.file(1...2)
    fixture.transport.script([.success(500)])
    let daemon = PromptDaemon(
      store: fixture.store, environment: fixture.store.environment, deliverer: RecordingDeliverer(),
      webhookTransport: fixture.transport)
    let pass = try daemon.pass()
    #expect(pass.webhooks?.delivered == ["report-2"])
    #expect(pass.webhooks?.failures.map(\.reportID) == ["report-1"])
    #expect(pass.next <= WebhookFixture.start.adding(seconds: 60))
    fixture.clock.advance(seconds: 60)
    #expect(try daemon.pass().webhooks?.delivered == ["report-1"])
    #expect(try daemon.pass().webhooks == nil)
  }

  @Test func `a daemon without a transport leaves the outbox alone`() throws {
    try fixture.store.questions.seedDefaultQuestionsIfEmpty()
    try fixture.file(1...1)
    let pass = try PromptDaemon(
      store: fixture.store, environment: fixture.store.environment, deliverer: RecordingDeliverer()
    ).pass()
    #expect(pass.webhooks == nil)
    #expect(try fixture.queued() == ["report-1"])
  }
}
