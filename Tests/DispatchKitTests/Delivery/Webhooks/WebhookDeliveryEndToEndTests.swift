import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Delivery through the real HTTP client to a local receiver that verifies both signatures:
/// nothing lost while it is down, every report exactly once and in order, tampering refused,
/// error statuses retried, concurrent drains never sending twice.
struct WebhookDeliveryEndToEndTests {
  static let secret = "end-to-end secret"
  let folder: TemporaryDirectory
  let fixture: WebhookFixture

  init() throws {
    folder = try TemporaryDirectory()
    fixture = try WebhookFixture(path: folder.file("store.sqlite"))
  }

  func sender(port: UInt16, transport: any HTTPTransport = HTTPClient(), encrypts: Bool = false)
    throws -> WebhookSender
  {
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/hook"))
    return WebhookSender(
      url: url, secret: Array(Self.secret.utf8), encrypts: encrypts, transport: transport,
      clock: fixture.clock)
  }

  func drain(port: UInt16, _ mode: WebhookDrain.Mode = .due) throws -> WebhookDrainResult {
    try WebhookDrain(store: fixture.store, sender: try sender(port: port)).run(
      mode, environment: fixture.store.environment)
  }

  /// The report IDs of the bodies the receiver accepted, in arrival order.
  static func reportIDs(_ bodies: [[UInt8]], secret: String? = nil) throws -> [String] {
    try bodies.map { body in
      var bytes = body
      if let secret { bytes = try WebhookEnvelope.open(body, secret: Array(secret.utf8)) }
      let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
      #expect(object?["event"] as? String == "report.created")
      #expect((object?["schemaVersion"] as? NSNumber)?.intValue == 2)
      let report = object?["report"] as? [String: Any]
      return try #require(report?["uniqueIdentifier"] as? String)
    }
  }

  @Test func `reports filed while the receiver is down all arrive once, in order`() throws {
    let port = try WebhookReceiver.unusedPort()
    try fixture.store.reports.file(fixture.report(1))
    let down = try drain(port: port)
    #expect(down.unreachable?.contains("Connection refused") == true)
    try fixture.store.reports.file(fixture.report(2))
    try fixture.store.reports.file(fixture.report(3))
    // The receiver comes up on the same port; the next report's attempt sends what is due.
    let receiver = try WebhookReceiver(port: port, secret: Self.secret)
    try fixture.store.reports.file(fixture.report(4))
    #expect(try drain(port: port).delivered == ["report-2", "report-3", "report-4"])
    // report-1 waits for its retry minute, then goes too.
    fixture.clock.advance(seconds: 60)
    #expect(try drain(port: port).delivered == ["report-1"])
    #expect(receiver.received.allSatisfy { $0.signatureProblem == nil })
    #expect(
      try Self.reportIDs(receiver.acceptedBodies) == [
        "report-2", "report-3", "report-4", "report-1",
      ])
    #expect(try fixture.queued().isEmpty)
    // Nothing is sent twice.
    #expect(try drain(port: port, .flush(includingFailed: true)).delivered.isEmpty)
    #expect(receiver.received.count == 4)
  }

  @Test func `a flush after the receiver returns sends the backlog oldest first`() throws {
    let port = try WebhookReceiver.unusedPort()
    for number in 1...5 { try fixture.store.reports.file(fixture.report(number)) }
    _ = try drain(port: port)
    let receiver = try WebhookReceiver(port: port, secret: Self.secret)
    #expect(try drain(port: port, .flush(includingFailed: false)).delivered.count == 5)
    #expect(try Self.reportIDs(receiver.acceptedBodies) == (1...5).map { "report-\($0)" })
  }

  @Test func `error statuses are retried until the receiver takes the report`() throws {
    let receiver = try WebhookReceiver(secret: Self.secret)
    receiver.answer([500, 503])
    try fixture.store.reports.file(fixture.report(1))
    #expect(try drain(port: receiver.port).failures.map(\.reason) == ["HTTP 500"])
    fixture.clock.advance(seconds: 60)
    #expect(try drain(port: receiver.port).failures.map(\.reason) == ["HTTP 503"])
    fixture.clock.advance(seconds: 299)
    #expect(try drain(port: receiver.port) == WebhookDrainResult())
    fixture.clock.advance(seconds: 1)
    #expect(try drain(port: receiver.port).delivered == ["report-1"])
    #expect(receiver.received.map(\.status) == [500, 503, 200])
    #expect(try Self.reportIDs(receiver.acceptedBodies) == ["report-1"])
  }

  @Test func `a tampered body is refused by the receiver and sent again intact`() throws {
    let receiver = try WebhookReceiver(secret: Self.secret)
    try fixture.store.reports.file(fixture.report(1))
    let tampering = TamperingTransport()
    let result = try WebhookDrain(
      store: fixture.store, sender: try sender(port: receiver.port, transport: tampering)
    ).run(environment: fixture.store.environment)
    #expect(result.failures.map(\.reason) == ["HTTP 401"])
    #expect(
      receiver.received.first?.signatureProblem == "X-Dispatch-Signature does not match the body")
    fixture.clock.advance(seconds: 60)
    #expect(try drain(port: receiver.port).delivered == ["report-1"])
    #expect(receiver.received.map(\.status) == [401, 200])
  }

  @Test func `encrypted reports arrive signed over the envelope and decrypt`() throws {
    let receiver = try WebhookReceiver(secret: Self.secret)
    for number in 1...2 { try fixture.store.reports.file(fixture.report(number)) }
    let sender = try sender(port: receiver.port, encrypts: true)
    #expect(
      try WebhookDrain(store: fixture.store, sender: sender).run(
        environment: fixture.store.environment
      ).delivered.count == 2)
    #expect(receiver.received.allSatisfy { $0.signatureProblem == nil })
    #expect(
      try Self.reportIDs(receiver.acceptedBodies, secret: Self.secret) == ["report-1", "report-2"])
  }

  @Test func `concurrent drains on two connections never send a report twice`() throws {
    let receiver = try WebhookReceiver(secret: Self.secret)
    receiver.delay(0.02)
    for number in 1...12 { try fixture.store.reports.file(fixture.report(number)) }
    let path = folder.file("store.sqlite")
    let port = receiver.port
    let clock = fixture.clock
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/hook"))
    let group = DispatchGroup()
    let results = ResultBox()
    for _ in 0..<4 {
      group.enter()
      Thread.detachNewThread {
        defer { group.leave() }
        do {
          let store = try DispatchStore(
            path: path, access: .write, environment: RunEnvironment(clock: clock))
          let sender = WebhookSender(
            url: url, secret: Array(Self.secret.utf8), encrypts: false, transport: HTTPClient(),
            clock: clock)
          for _ in 0..<5 {
            results.add(
              try WebhookDrain(store: store, sender: sender).run(
                .flush(includingFailed: false), environment: store.environment))
          }
        } catch {
          results.fail(error)
        }
      }
    }
    group.wait()
    #expect(results.errors.isEmpty, "\(results.errors)")
    let delivered = results.all.flatMap(\.delivered)
    #expect(delivered.sorted() == (1...12).map { "report-\($0)" }.sorted())
    #expect(try Self.reportIDs(receiver.acceptedBodies) == (1...12).map { "report-\($0)" })
    #expect(receiver.received.count == 12)
    #expect(try fixture.queued().isEmpty)
  }
}

/// Flips one byte of every body after it was signed, as a meddling proxy would.
struct TamperingTransport: HTTPTransport {
  func send(_ request: HTTPRequest) throws -> HTTPResponse {
    var changed = request
    if let last = changed.body.indices.last { changed.body[last - 1] ^= 0x01 }
    return try HTTPClient().send(changed)
  }
}

/// Collects drain results from several threads.
final class ResultBox: @unchecked Sendable {
  // @unchecked: every field is touched only under `lock`.
  private let lock = NSLock()
  private var results: [WebhookDrainResult] = []
  private var failures: [String] = []

  func add(_ result: WebhookDrainResult) {
    lock.lock()
    results.append(result)
    lock.unlock()
  }

  func fail(_ error: any Error) {
    lock.lock()
    failures.append(String(describing: error))
    lock.unlock()
  }

  var all: [WebhookDrainResult] {
    lock.lock()
    defer { lock.unlock() }
    return results
  }

  var errors: [String] {
    lock.lock()
    defer { lock.unlock() }
    return failures
  }
}
