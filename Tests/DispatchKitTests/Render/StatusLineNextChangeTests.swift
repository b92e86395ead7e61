import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchRender

/// When a status line next reads differently with no new data (docs/status-line.md#without-polling):
/// what `status --watch` sleeps until.
@Suite("status line: the next change")
struct StatusLineNextChangeTests {
  private func at(_ text: String) -> Instant {
    Instant.parseISO8601(text)?.instant ?? Instant(milliseconds: 0)
  }

  private func line(
    now: String, last: String?, next: String? = nil, zone: String = "UTC"
  ) -> StatusLine {
    StatusLine(
      snapshot: StatusSnapshot(
        now: at(now), lastReportDate: last.map(at), todayCount: 1, streakDays: 1,
        nextPromptDate: next.map(at)),
      zone: TimeZone(identifier: zone) ?? .gmt)
  }

  @Test func `the ago moves a minute at a time, and an hour at a time after a day`() {
    // Filed 10:00:20; at 10:05:30 the text is "5m ago", "6m ago" from 10:06:20.
    #expect(
      line(now: "2026-03-04T10:05:30Z", last: "2026-03-04T10:00:20Z").nextChange
        == at("2026-03-04T10:06:20Z"))
    // Two days and 30 minutes: "2d ago" until "2d 1h ago" at 2 d 1 h.
    #expect(
      line(now: "2026-03-06T10:30:00Z", last: "2026-03-04T10:00:00Z").nextChange
        == at("2026-03-06T11:00:00Z"))
  }

  @Test func `a next prompt or midnight comes first when it is sooner`() {
    #expect(
      line(
        now: "2026-03-06T10:30:00Z", last: "2026-03-04T10:00:00Z", next: "2026-03-06T10:45:00Z"
      ).nextChange == at("2026-03-06T10:45:00Z"))
    // No report yet and no prompt: only midnight, in the status zone.
    #expect(
      line(now: "2026-03-06T22:30:00Z", last: nil, zone: "America/New_York").nextChange
        == at("2026-03-07T05:00:00Z"))
    #expect(line(now: "2026-03-06T22:30:00Z", last: nil).nextChange == at("2026-03-07T00:00:00Z"))
  }

  @Test func `midnight after a daylight-saving change is the local one`() {
    // New York springs forward on 2026-03-08: midnight of the 9th is 04:00 UTC, not 05:00.
    #expect(
      line(now: "2026-03-08T12:00:00Z", last: nil, zone: "America/New_York").nextChange
        == at("2026-03-09T04:00:00Z"))
  }

  @Test func `a watcher's line is one line in every format`() {
    let status = line(now: "2026-03-04T10:05:30Z", last: "2026-03-04T10:00:20Z")
    for format in StatusLine.Format.allCases {
      let text = status.renderLine(format)
      #expect(text.hasSuffix("\n") && text.dropLast().contains("\n") == false, "\(format)")
    }
    #expect(status.renderLine(.json).hasPrefix(#"{"lastReportDate":"2026-03-04T10:00:20.000Z""#))
    #expect(status.renderLine(.i3blocks) == status.long + "\n")
  }
}
