import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

@testable import DispatchFeatures
@testable import DispatchStorage
@testable import DispatchSupport

/// Several notifiers: each prompt goes through every one, one failing does not stop the
/// others, and the daemon decides what fires before any of them is asked.
struct MultiDelivererTests {
  let clock = SteppingClock(Instant(milliseconds: 1_783_508_400_000))  // 2026-07-08T11:00:00Z
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
    try ScheduleSettings.set("seeding", to: "compatible", in: store)
    try ScheduleSettings.set("time-zone", to: "UTC", in: store)
  }

  /// Fires 2026-07-08's first prompt (11:38:42.810 UTC, docs/schedule.md#reference-vectors).
  func firePrompt(through deliverer: any PromptDeliverer) throws -> PromptDaemon.Pass {
    let daemon = PromptDaemon(store: store, environment: store.environment, deliverer: deliverer)
    try daemon.pass()
    clock.advance(seconds: 39 * 60)
    return try daemon.pass()
  }

  @Test func `every notifier delivers, in order`() throws {
    let first = RecordingDeliverer()
    let second = RecordingDeliverer()
    let multi = MultiDeliverer([("one", first), ("two", second)])
    let pass = try firePrompt(through: multi)
    #expect(pass.fired == ["prompt-20260708-1138"])
    #expect(first.delivered.map(\.promptID) == ["prompt-20260708-1138"])
    #expect(second.delivered == first.delivered)
    #expect(try store.prompts.promptRecord("prompt-20260708-1138")?.delivery == "test, test")
  }

  @Test func `one failing notifier does not stop the other, and its failure is kept`() throws {
    let broken = RecordingDeliverer()
    broken.failure = "no notification server"
    let working = RecordingDeliverer()
    let pass = try firePrompt(
      through: MultiDeliverer([("notify-send", broken), ("ntfy", working)]))
    #expect(pass.fired == ["prompt-20260708-1138"] && pass.missed.isEmpty)
    #expect(working.delivered.count == 1)
    let record = try #require(try store.prompts.promptRecord("prompt-20260708-1138"))
    #expect(record.state == .fired)
    #expect(record.delivery == "test; notify-send failed: no notification server")
    #expect(
      MultiDeliverer.failures(in: record.delivery ?? "")
        == "notify-send failed: no notification server")
    #expect(MultiDeliverer.delivered(in: record.delivery ?? "") == ["test"])
  }

  @Test func `an ntfy server answering 500 does not stop the desktop notification`() throws {
    let server = try WebhookReceiver()
    server.answer([500])
    let ntfy = NtfyDeliverer(
      topic: try NtfyTopic(parsing: "http://127.0.0.1:\(server.port)/t"), tokenFile: nil,
      links: nil, transport: HTTPClient())
    let desktop = RecordingDeliverer()
    let pass = try firePrompt(through: MultiDeliverer([("ntfy", ntfy), ("notify-send", desktop)]))
    #expect(pass.fired == ["prompt-20260708-1138"])
    #expect(desktop.delivered.count == 1 && server.received.count == 1)
    #expect(
      try store.prompts.promptRecord("prompt-20260708-1138")?.delivery
        == "test; ntfy failed: the ntfy server http://127.0.0.1:\(server.port) answered 500")
  }

  @Test func `when every notifier fails the prompt is missed with each reason`() throws {
    let first = RecordingDeliverer()
    first.failure = "down"
    let second = RecordingDeliverer()
    second.failure = "refused"
    let pass = try firePrompt(through: MultiDeliverer([("ntfy", first), ("hook", second)]))
    #expect(pass.missed == ["prompt-20260708-1138"] && pass.fired.isEmpty)
    #expect(
      try store.prompts.promptEvents("prompt-20260708-1138").last?.detail
        == "delivery failed: ntfy failed: down; hook failed: refused")
  }

  @Test func `a focus holds the prompt back from every notifier`() throws {
    try FocusFilter(
      name: "Deep work", allowedGroupIDs: [], pausesMainSchedule: true, since: clock.now()
    )
    .save(in: store)
    let first = RecordingDeliverer()
    let second = RecordingDeliverer()
    let pass = try firePrompt(through: MultiDeliverer([("one", first), ("two", second)]))
    #expect(pass.fired.isEmpty && pass.held == ["prompt-20260708-1138"])
    #expect(first.delivered.isEmpty && second.delivered.isEmpty)
  }

  @Test func `a desktop notification that could not be shown leaves a prompt ntfy delivered fired`()
    throws
  {
    _ = try firePrompt(
      through: MultiDeliverer([
        ("notify-send", RecordingDeliverer()), ("ntfy", RecordingDeliverer()),
      ]))
    try PromptLifecycle.act(
      "prompt-20260708-1138", .undelivered, in: store, environment: store.environment)
    let record = try #require(try store.prompts.promptRecord("prompt-20260708-1138"))
    #expect(record.state == .fired)
    #expect(try store.prompts.promptEvents("prompt-20260708-1138").last?.kind == "undelivered")
  }

  @Test func `ntfy without ntfy-url is refused before any prompt is due`() throws {
    try ScheduleSettings.set("notifier", to: "ntfy", in: store)
    let context = ConfiguredDeliverer.Context(
      dispatchPath: "/usr/bin/dispatch", storePath: "/tmp/s.sqlite", environment: [:],
      runner: ProcessCommandRunner(environment: [:]), transport: HTTPClient())
    #expect {
      try ConfiguredDeliverer.make(
        for: try ScheduleSettings.load(from: store), store: store, context: context)
    } throws: { error in
      (error as? DispatchError)?.message.contains("no ntfy-url is set") == true
    }
    try ScheduleSettings.set("ntfy-url", to: "https://ntfy.sh/my-dispatch-7f3a", in: store)
    try ScheduleSettings.set("serve-url", to: "https://laptop.example:8421", in: store)
    let deliverer = try ConfiguredDeliverer.make(
      for: try ScheduleSettings.load(from: store), store: store, context: context)
    let ntfy = try #require(deliverer as? NtfyDeliverer)
    #expect(ntfy.links?.serveURL == "https://laptop.example:8421")
    #expect(
      ntfy.summary == "ntfy to https://ntfy.sh, with Open survey and Yes/No or Snooze buttons")
  }
}
