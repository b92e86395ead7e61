import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Lost items and metric context (docs/records.md#lost-items, docs/records.md#metric-context).
struct LostItemsTests {
  let now = Instant(milliseconds: 1_772_618_400_000)
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(clock: FixedWallClock(now), ids: SequentialIDGenerator()))
  }

  @Test func `lost then found marks the latest missing event`() throws {
    let first = try LostItems.record(
      "keys", time: RecordTimeArgument(ago: "2d"), in: store, environment: store.environment)
    let second = try LostItems.record(
      "Keys", place: "office", time: RecordTimeArgument(ago: "1h"), in: store,
      environment: store.environment)
    let found = try LostItems.markFound(
      "KEYS", place: "coat", in: store, environment: store.environment)
    #expect(found.id == second.id)
    #expect(found.foundAt == now)
    #expect(found.place == "coat")
    #expect(try LostItems.markFound(first.id, in: store, environment: store.environment).isFound)
    let error = try #require(throws: DispatchError.self) {
      try LostItems.markFound("keys", in: store, environment: store.environment)
    }
    #expect(error.message == "no missing item 'keys'; 'dispatch lost list' shows them")
  }

  @Test func `found and found-after set the found time`() throws {
    let found = try LostItems.record(
      "phone", outcome: .found, in: store, environment: store.environment)
    #expect(found.foundAt == now)
    let later = try LostItems.record(
      "wallet", outcome: .foundAfter("20m"), time: RecordTimeArgument(ago: "1h"), in: store,
      environment: store.environment)
    #expect(later.foundAt == now.adding(seconds: -2_400))
    // Without a time it went missing that long ago and turns up now.
    let justFound = try LostItems.record(
      "phone", outcome: .foundAfter("20m"), in: store, environment: store.environment)
    #expect(justFound.noticed.instant == now.adding(seconds: -1_200))
    #expect(justFound.foundAt == now)
    #expect(throws: DispatchError.self) {
      try LostItems.record(
        "wallet", outcome: .foundAfter("2h"), time: RecordTimeArgument(ago: "1h"), in: store,
        environment: store.environment)
    }
    #expect(throws: DispatchError.self) {
      try LostItems.record(
        "wallet", outcome: .foundAfter("later"), in: store, environment: store.environment)
    }
  }

  @Test func `context entries cover days, filter by metric, edit and remove`() throws {
    let steps = try MetricContextNotes.add(
      metric: "steps", from: "2026-03-01", to: "2026-03-03", note: "watch broken", in: store,
      environment: store.environment)
    #expect(steps.from.instant.iso8601Seconds == "2026-03-01T00:00:00Z")
    #expect(steps.to?.iso8601Seconds == "2026-03-04T00:00:00Z")
    let all = try MetricContextNotes.add(
      metric: nil, note: "flu", in: store, environment: store.environment)
    try MetricContextNotes.add(
      metric: "sleep", note: "jet lag", in: store, environment: store.environment)
    #expect(
      try MetricContextNotes.list(metric: "Steps", in: store).map(\.id) == [steps.id, all.id])
    let edited = try MetricContextNotes.edit(
      String(all.id.prefix(7)), MetricContextChange(metric: .some("mood"), note: "cold"), in: store,
      environment: store.environment)
    #expect(edited.metric == "mood" && edited.note == "cold")
    #expect(throws: DispatchError.self) {
      try MetricContextNotes.add(
        metric: "steps", from: "2026-03-03", to: "2026-03-01", note: "x", in: store,
        environment: store.environment)
    }
    try MetricContextNotes.remove(steps.id, in: store)
    #expect(try MetricContextNotes.list(in: store).count == 2)
    #expect(throws: DispatchError.self) { try MetricContextNotes.remove("nope", in: store) }
  }

  @Test(arguments: [
    ("2026-03-04", true), ("2026-03-07", false), ("2026-03-08", false), ("today", true),
    ("tomorrow", true), ("2026-03-09", true),
  ])
  func `weekdays are Monday to Friday`(text: String, expected: Bool) throws {
    let zone = try #require(TimeZone(identifier: "UTC"))
    #expect(try Weekday.check(text, zone: zone, now: now).isWeekday == expected)
  }
}
