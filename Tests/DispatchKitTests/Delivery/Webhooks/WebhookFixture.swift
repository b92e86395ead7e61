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

/// A transport that answers from a script and records every request, for drains without a
/// network.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
  // @unchecked: `sent` and `answers` are touched only under `lock`.
  private let lock = NSLock()
  private var answers: [Result<Int, HTTPError>] = []
  private var sentRequests: [HTTPRequest] = []
  /// The answer once the script runs out.
  var fallback: Result<Int, HTTPError> = .success(200)

  /// Answers the next requests with these statuses or errors, in order.
  func script(_ next: [Result<Int, HTTPError>]) {
    lock.lock()
    answers += next
    lock.unlock()
  }

  var sent: [HTTPRequest] {
    lock.lock()
    defer { lock.unlock() }
    return sentRequests
  }

  /// The report IDs of the requests sent, in order.
  var sentReportIDs: [String] {
    sent.compactMap { request in
      let text = String(decoding: request.body, as: UTF8.self)
      guard let range = text.range(of: #""uniqueIdentifier" : ""#) else { return nil }
      return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
  }

  func send(_ request: HTTPRequest) throws -> HTTPResponse {
    lock.lock()
    sentRequests.append(request)
    let answer = answers.isEmpty ? fallback : answers.removeFirst()
    lock.unlock()
    return HTTPResponse(status: try answer.get())
  }
}

/// A store with webhooks on, a stepping clock and reports named `report-1`, `report-2`, ….
struct WebhookFixture {
  static let start = Instant(milliseconds: 1_783_508_400_000)  // 2026-07-08T11:00:00Z
  let clock = SteppingClock(start)
  let store: DispatchStore
  let transport = ScriptedTransport()

  /// An in-memory store, or the store file at `path`.
  init(path: String? = nil, enabled: Bool = true) throws {
    let clock = self.clock
    if let path {
      store = try DispatchStore(
        path: path, access: .write, environment: RunEnvironment(clock: clock))
    } else {
      store = try DispatchStore(
        environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    }
    if enabled {
      let url = try #require(URL(string: "http://127.0.0.1:9/hook"))
      try WebhookConfiguration(url: url).save(to: self.store)
    }
  }

  /// A filed-report value, a second apart per number.
  func report(_ number: Int, draft: Bool = false) -> Report {
    Report(
      id: "report-\(number)", date: Self.start.adding(seconds: Int64(number)),
      timeZoneIdentifier: "UTC", utcOffsetSeconds: 0, isDraft: draft)
  }

  /// Files reports 1…count.
  func file(_ numbers: ClosedRange<Int>) throws {
    for number in numbers { try store.reports.file(report(number)) }
  }

  func sender(secret: String? = nil, encrypts: Bool = false) throws -> WebhookSender {
    let url = try #require(URL(string: "http://127.0.0.1:9/hook"))
    return WebhookSender(
      url: url, secret: secret.map { Array($0.utf8) }, encrypts: encrypts, transport: transport,
      clock: clock)
  }

  func drain(_ mode: WebhookDrain.Mode = .due) throws -> WebhookDrainResult {
    try WebhookDrain(store: store, sender: try sender()).run(mode, environment: store.environment)
  }

  /// The outbox's report IDs, oldest first.
  func queued() throws -> [String] {
    try store.outbox.webhookOutbox().map(\.reportID)
  }
}
