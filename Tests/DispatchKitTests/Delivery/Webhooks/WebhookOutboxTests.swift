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

/// What filing queues (docs/webhooks.md#what-is-sent-and-when): new reports while webhooks are on,
/// once each; never drafts, edits of sent reports, imports or the demo.
struct WebhookOutboxTests {
  let fixture: WebhookFixture

  init() throws {
    fixture = try WebhookFixture()
  }

  @Test func `filing queues each new report once, oldest first, due now`() throws {
    try fixture.file(1...3)
    let entries = try fixture.store.outbox.webhookOutbox()
    #expect(entries.map(\.reportID) == ["report-1", "report-2", "report-3"])
    #expect(entries.allSatisfy { $0.attempts == 0 && !$0.isFailed })
    #expect(entries.allSatisfy { $0.nextAttemptAt == WebhookFixture.start })
    #expect(entries.map(\.sequence) == entries.map(\.sequence).sorted())
  }

  @Test func `re-filing a queued report does not add it again`() throws {
    try fixture.file(1...1)
    try fixture.store.reports.file(fixture.report(1))
    #expect(try fixture.queued() == ["report-1"])
  }

  @Test func `an edit of a delivered report is not sent again`() throws {
    try fixture.file(1...1)
    #expect(try fixture.drain().delivered == ["report-1"])
    var edited = fixture.report(1)
    edited.kind = .sleep
    try fixture.store.reports.file(edited)
    #expect(try fixture.queued().isEmpty)
  }

  @Test func `a draft is queued only when it is filed for good`() throws {
    try fixture.store.reports.file(fixture.report(1, draft: true))
    #expect(try fixture.queued().isEmpty)
    try fixture.store.reports.file(fixture.report(1))
    #expect(try fixture.queued() == ["report-1"])
  }

  @Test func `nothing is queued while webhooks are off or were never set`() throws {
    let unset = try WebhookFixture(enabled: false)
    try unset.file(1...2)
    #expect(try unset.queued().isEmpty)
    try WebhookConfiguration.disable(in: fixture.store)
    try fixture.file(1...2)
    #expect(try fixture.queued().isEmpty)
  }

  @Test func `bulk filing and imports are not queued`() throws {
    try fixture.store.reports.fileAll([fixture.report(1), fixture.report(2)])
    let export = V2Exporter.data(questions: [], reports: [fixture.report(7)])
    let batch = try V2Import.parse(export, path: "export.json")
    _ = try fixture.store.imports.importBatches([batch])
    #expect(try fixture.store.maintenance.counts().reports == 3)
    #expect(try fixture.queued().isEmpty)
  }

  @Test func `a failed filing queues nothing`() throws {
    try fixture.store.database.executeScript(
      "CREATE TRIGGER refuse BEFORE INSERT ON reports BEGIN SELECT raise(ABORT, 'no'); END")
    #expect(throws: StoreError.self) { try fixture.store.reports.file(fixture.report(1)) }
    #expect(try fixture.queued().isEmpty)
  }

  @Test func `a report deleted after it was queued is dropped, not sent`() throws {
    try fixture.file(1...2)
    try fixture.store.reports.removeReport(id: "report-1")
    let result = try fixture.drain()
    #expect(result.dropped == ["report-1"])
    #expect(result.delivered == ["report-2"])
    #expect(fixture.transport.sentReportIDs == ["report-2"])
    #expect(try fixture.queued().isEmpty)
  }

  @Test func `off --clear empties the outbox`() throws {
    try fixture.file(1...3)
    #expect(try fixture.store.outbox.clearWebhookOutbox() == 3)
    #expect(
      try fixture.store.outbox.webhookOutboxSummary() == WebhookOutboxSummary(pending: 0, failed: 0)
    )
  }

  @Test func `delete-all empties the outbox with the reports`() throws {
    try fixture.file(1...2)
    try fixture.store.maintenance.deleteAll()
    #expect(try fixture.queued().isEmpty)
  }
}
