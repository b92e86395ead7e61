import DispatchCore
import DispatchStorage
import Foundation

/// What `context edit` changes; nil leaves a field as it is.
public struct MetricContextChange: Sendable, Equatable {
  /// A new metric; `.some(nil)` makes the entry apply to every metric.
  public var metric: String??
  /// A new start (`YYYY-MM-DD`, `today`, a time as `--at` takes it).
  public var from: String?
  /// A new end; an empty text removes it (the entry covers its `from` day only).
  public var to: String?
  /// A new note.
  public var note: String?

  /// The changes to make.
  public init(
    metric: String?? = nil, from: String? = nil, to: String? = nil, note: String? = nil
  ) {
    self.metric = metric
    self.from = from
    self.to = to
    self.note = note
  }
}

/// Metric context: dated notes about circumstances that limit a metric's readings
/// (docs/records.md#metric-context).
public enum MetricContextNotes {
  /// Adds an entry for `metric` (nil: every metric) from `from` (default today) to `to`
  /// (default: the `from` day only). A date-only `to` covers that whole day.
  @discardableResult
  public static func add(
    metric: String?, from: String? = nil, to: String? = nil, note: String,
    in store: DispatchStore, environment: RunEnvironment
  ) throws -> MetricContextEntry {
    guard let note = RecordText.clean(note) else {
      throw DispatchError(.invalidValue, "a context entry needs a note, e.g. --note 'had a cold'")
    }
    let zone = try RecordTimeArgument.zoneIdentifier(in: store)
    let now = environment.now()
    let start = try RecordTimeArgument.parse(from ?? "today", zone: zone, now: now)
    let entry = MetricContextEntry(
      id: environment.makeID(), metric: metric.flatMap { RecordText.clean($0) }, from: start,
      to: try end(to, after: start, zone: zone, now: now), note: note)
    try store.records.saveMetricContext(entry)
    return entry
  }

  /// Entries oldest first; with `metric`, only those for it (ignoring case) or for every metric.
  public static func list(metric: String? = nil, in store: DispatchStore) throws
    -> [MetricContextEntry]
  {
    let entries = try store.records.metricContext()
    guard let metric else { return entries }
    let key = NameKey.normalize(metric)
    return entries.filter { $0.metric.map(NameKey.normalize) ?? key == key }
  }

  /// The entry with this ID, a unique prefix of it, or `last`: the latest one listed.
  public static func find(_ id: String, in store: DispatchStore) throws -> MetricContextEntry {
    let entries = try store.records.metricContext()
    if let exact = entries.first(where: { $0.id == id }) { return exact }
    if id.lowercased() == "last", let last = entries.last { return last }
    let matches = entries.filter { $0.id.lowercased().hasPrefix(id.lowercased()) }
    guard matches.count == 1, let match = matches.first, !id.isEmpty else {
      throw DispatchError(
        .invalidValue,
        matches.count > 1
          ? "'\(id)' matches \(matches.count) context entries; give more of the ID"
          : "no context entry '\(id)'; 'dispatch context list' shows the IDs")
    }
    return match
  }

  /// Changes an entry.
  @discardableResult
  public static func edit(
    _ id: String, _ change: MetricContextChange, in store: DispatchStore,
    environment: RunEnvironment
  )
    throws -> MetricContextEntry
  {
    var entry = try find(id, in: store)
    let zone = try RecordTimeArgument.zoneIdentifier(in: store)
    let now = environment.now()
    if let metric = change.metric { entry.metric = metric.flatMap { RecordText.clean($0) } }
    if let from = change.from {
      entry.from = try RecordTimeArgument.parse(from, zone: zone, now: now)
    }
    if let to = change.to {
      entry.to =
        RecordText.clean(to) == nil ? nil : try end(to, after: entry.from, zone: zone, now: now)
    } else if let to = entry.to, to < entry.from.instant {
      throw DispatchError(.invalidValue, "the entry would end before it starts")
    }
    if let note = change.note {
      guard let cleaned = RecordText.clean(note) else {
        throw DispatchError(.invalidValue, "a context entry needs a note")
      }
      entry.note = cleaned
    }
    try store.records.saveMetricContext(entry)
    return entry
  }

  /// Removes an entry.
  @discardableResult
  public static func remove(_ id: String, in store: DispatchStore) throws -> MetricContextEntry {
    let entry = try find(id, in: store)
    try store.records.deleteMetricContext(id: entry.id)
    return entry
  }

  /// The end instant of `text`: a day's end for a date, the instant for a time.
  private static func end(_ text: String?, after start: RecordTime, zone: String, now: Instant)
    throws -> Instant?
  {
    guard let text else { return nil }
    let parsed = try RecordTimeArgument.parse(text, zone: zone, now: now)
    var end = parsed.instant
    if parsed.precision == .day, let timeZone = ZoneLookup.zone(zone) {
      let next = LocalDate(parsed.instant, in: timeZone).adding(days: 1)
      end = WallClockResolver(zone: timeZone).instant(of: .midnight, on: next) ?? end
    }
    guard end >= start.instant else {
      throw DispatchError(.invalidValue, "--to '\(text)' is before the start \(start.localText)")
    }
    return end
  }
}
