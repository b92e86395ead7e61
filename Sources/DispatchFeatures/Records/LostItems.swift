import DispatchCore
import DispatchStorage
import Foundation

/// Whether a lost item was already found when it is recorded.
public enum LostItemOutcome: Sendable, Equatable {
  /// Still missing.
  case missing
  /// Found by the time it is recorded (found at the record's time).
  case found
  /// Found this long after it was noticed.
  case foundAfter(String)
}

/// Lost-item events: a forgetfulness proxy (docs/records.md#lost-items).
public enum LostItems {
  /// Records that `item` was lost, noticed now or at `time`. Found after a while and no time
  /// given, it went missing that while ago and was found now.
  @discardableResult
  public static func record(
    _ item: String, place: String? = nil, outcome: LostItemOutcome = .missing,
    time: RecordTimeArgument = RecordTimeArgument(), note: String? = nil, in store: DispatchStore,
    environment: RunEnvironment
  ) throws -> LostItemEvent {
    guard let item = RecordText.clean(item) else {
      throw DispatchError(.invalidValue, "name the item that was lost, e.g. 'dispatch lost keys'")
    }
    var time = time
    if case .foundAfter(let text) = outcome, !time.isGiven {
      // Found already, after that long, and recorded now: it went missing that long ago.
      time.ago = text
    }
    let noticed = try time.resolve(in: store, environment: environment)
    var foundAt: Instant?
    switch outcome {
    case .missing: break
    case .found: foundAt = noticed.instant
    case .foundAfter(let text):
      guard let duration = TimeDuration(parsing: text), duration.seconds >= 0 else {
        throw DispatchError(
          .invalidRequest, "'\(text)' is not a duration; write it like 20m, 1h30m or 2d")
      }
      guard let found = RecordBounds.move(noticed.instant, bySeconds: duration.seconds),
        found <= environment.now()
      else {
        throw DispatchError(
          .invalidRequest, "found \(text) after \(noticed.localText) is in the future")
      }
      foundAt = found
    }
    let event = LostItemEvent(
      id: environment.makeID(), item: item, noticed: noticed, place: RecordText.clean(place),
      foundAt: foundAt, note: RecordText.clean(note))
    try store.records.saveLostItem(event)
    return event
  }

  /// Every lost-item event, oldest first.
  public static func list(in store: DispatchStore) throws -> [LostItemEvent] {
    try store.records.lostItems()
  }

  /// Marks found the latest still-missing event of `reference` (an item name, ignoring case and
  /// accents, or an event ID), now or at `time`; `place` says where it was found.
  @discardableResult
  public static func markFound(
    _ reference: String, place: String? = nil, time: RecordTimeArgument = RecordTimeArgument(),
    in store: DispatchStore, environment: RunEnvironment
  ) throws -> LostItemEvent {
    let events = try store.records.lostItems()
    let key = NameKey.normalize(reference)
    guard
      var event = events.first(where: { $0.id == reference })
        ?? events.last(where: { !$0.isFound && NameKey.normalize($0.item) == key })
    else {
      let missing = Array(Set(events.filter { !$0.isFound }.map(\.item))).sorted()
      throw DispatchError(
        .invalidValue,
        "no missing item '\(reference)'" + RecordText.suggestion(reference, in: missing)
          + "; 'dispatch lost list' shows them")
    }
    guard !event.isFound else {
      throw DispatchError(.conflict, "'\(event.item)' (\(event.id)) is already found")
    }
    let found = try time.resolve(in: store, environment: environment)
    guard found.instant >= event.noticed.instant else {
      throw DispatchError(
        .invalidValue,
        "'\(event.item)' was noticed missing at \(event.noticed.localText), after \(found.localText)"
      )
    }
    event.foundAt = found.instant
    if let place = RecordText.clean(place) { event.place = place }
    try store.records.saveLostItem(event)
    return event
  }
}
