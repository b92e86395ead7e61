import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// The submission limit (docs/catalog.md#submitting-and-flagging): 5 per rolling 24 hours per
/// store.
struct SubmissionThrottleTests {
  let folder: TemporaryDirectory
  let clock = MutableClock(Instant(milliseconds: 1_782_900_000_000))
  let store: DispatchStore
  let outbox: CatalogOutbox

  init() throws {
    folder = try TemporaryDirectory()
    store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator(prefix: "id")))
    outbox = CatalogOutbox(folder: URL(fileURLWithPath: folder.file("outbox")))
  }

  static let set = CatalogSet(
    id: "mine", title: "Mine", summary: "My questions.",
    questions: [CatalogQuestion(prompt: "Slept well?", type: .yesNo)])

  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: outbox.submissionsFolder.path)) ?? [])
      .sorted()
  }

  @Test func `five are allowed, the sixth is refused, and one is allowed again after 24 hours`()
    throws
  {
    let start = clock.instant
    for minute in 0..<5 {
      clock.instant = start.adding(seconds: Int64(minute * 60))
      _ = try outbox.submit(Self.set, store: store, environment: store.environment)
    }
    clock.instant = start.adding(seconds: 23 * 3600)
    let error = #expect(throws: CatalogError.self) {
      try outbox.submit(Self.set, store: store, environment: store.environment)
    }
    #expect(error?.kind == .throttled)
    #expect(
      error?.message
        == "this store has made 5 catalog submissions in the last 24 hours, the most allowed; "
        + "try again after \(start.adding(seconds: 86_400).iso8601Seconds)")
    #expect(files().count == 5)
    clock.instant = start.adding(seconds: 86_400 - 1)
    #expect(throws: CatalogError.self) {
      try outbox.submit(Self.set, store: store, environment: store.environment)
    }
    clock.instant = start.adding(seconds: 86_400)
    _ = try outbox.submit(Self.set, store: store, environment: store.environment)
    #expect(files().count == 6)
    // The second stamp (start + 1 min) still counts for one more minute.
    #expect(throws: CatalogError.self) {
      try outbox.submit(Self.set, store: store, environment: store.environment)
    }
  }

  @Test func `the window is rolling, and the stored text round-trips`() {
    let now = Instant(milliseconds: 100_000_000)
    let old = Instant(milliseconds: now.milliseconds - SubmissionThrottle.windowMilliseconds)
    var throttle = SubmissionThrottle(stamps: [old])
    #expect(throttle.recent(at: now).isEmpty)
    for _ in 0..<5 { throttle = throttle.recording(now) }
    #expect(!throttle.allows(at: now) && throttle.stamps.count == 5)
    #expect(throttle.nextAllowed(at: now) == now.adding(seconds: 86_400))
    #expect(SubmissionThrottle(storedText: throttle.storedText) == throttle)
    #expect(SubmissionThrottle(storedText: "12,junk,,13").stamps.map(\.milliseconds) == [12, 13])
  }

  @Test func `a submission file holds the validated set and an anonymous submitter`() throws {
    let (submission, file) = try outbox.submit(
      Self.set, store: store, environment: store.environment)
    #expect(file.lastPathComponent == submission.id + ".json")
    #expect(try TemporaryDirectory.permissions(of: file.path) == 0o600)
    let read = try CatalogSubmission.parse(Array(try Data(contentsOf: file)), file: file.path)
    #expect(read == submission)
    #expect(read.id == "id-0001" && read.submitter == "id-0002")
    let (second, _) = try outbox.submit(Self.set, store: store, environment: store.environment)
    #expect(second.submitter == "id-0002" && second.id == "id-0003")
  }

  @Test func `an invalid set is refused before it counts`() throws {
    var set = Self.set
    set.credit = String(repeating: "c", count: 51)
    let error = #expect(throws: CatalogError.self) {
      try outbox.submit(set, store: store, environment: store.environment)
    }
    #expect(
      error?.message
        == "the submitted set: set 'mine' field 'credit': the credit is longer than 50 characters")
    #expect(try store.settings.setting(CatalogOutbox.SettingKey.submissions) == nil)
  }

  @Test func `a failed write records nothing`() throws {
    let blocker = folder.file("blocked")
    try Data("file".utf8).write(to: URL(fileURLWithPath: blocker))
    let destination = URL(fileURLWithPath: blocker + "/inside/sub.json")
    #expect(throws: CatalogError.self) {
      try outbox.submit(
        Self.set, store: store, destination: destination, environment: store.environment)
    }
    #expect(try store.settings.setting(CatalogOutbox.SettingKey.submissions) == nil)
  }
}
