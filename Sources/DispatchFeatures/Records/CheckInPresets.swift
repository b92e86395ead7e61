import DispatchCore
import DispatchStorage
import Foundation

/// Adding, finding, removing and recording check-in presets.
public enum CheckInPresets {
  /// Every preset, by name.
  public static func list(in store: DispatchStore) throws -> [CheckInPreset] {
    try store.records.checkInPresets()
  }

  /// The preset called `name` (ignoring case and accents); a data error with a suggestion
  /// when there is none.
  public static func find(_ name: String, in store: DispatchStore) throws -> CheckInPreset {
    let presets = try store.records.checkInPresets()
    if let preset = presets.first(where: { NameKey.normalize($0.name) == NameKey.normalize(name) })
    {
      return preset
    }
    throw DispatchError(
      .invalidValue,
      "no check-in preset named '\(name)'"
        + RecordText.suggestion(name, in: presets.map(\.name))
        + "; add it with 'dispatch checkin preset add \(name) --mood VALUE'")
  }

  /// Adds (or replaces) a mood preset; `mood` is checked against the current mood scale.
  @discardableResult
  public static func add(
    _ name: String, mood: String, note: String?, in store: DispatchStore
  ) throws -> CheckInPreset {
    guard let name = RecordText.clean(name) else {
      throw DispatchError(.invalidValue, "a check-in preset needs a name")
    }
    let scale = try Ratings.scale(.mood, in: store)
    let rating = try Ratings.rating(.mood, value: mood, fraction: nil, scale: scale)
    let existing = try store.records.checkInPresets().first {
      NameKey.normalize($0.name) == NameKey.normalize(name)
    }
    if let existing { try store.records.deleteCheckInPreset(named: existing.name) }
    let preset = CheckInPreset(
      name: name, rating: rating, scale: scale, note: RecordText.clean(note))
    try store.records.saveCheckInPreset(preset)
    return preset
  }

  /// Removes a preset and the reminders that name it; returns the reminders removed.
  @discardableResult
  public static func remove(_ name: String, in store: DispatchStore) throws -> [CheckInReminder] {
    let preset = try find(name, in: store)
    try store.records.deleteCheckInPreset(named: preset.name)
    let reminders = try CheckInReminders.list(in: store)
    let dropped = reminders.filter { $0.preset.map(NameKey.normalize) == NameKey.normalize(name) }
    try CheckInReminders.replace(
      reminders.filter { $0.preset.map(NameKey.normalize) != NameKey.normalize(name) }, in: store)
    return dropped
  }

  /// Records the preset's mood now or at `time`, rescaled onto the current mood scale; a note
  /// given here replaces the preset's.
  @discardableResult
  public static func record(
    _ name: String, note: String? = nil, time: RecordTimeArgument = RecordTimeArgument(),
    in store: DispatchStore, environment: RunEnvironment
  ) throws -> RatingRecord {
    let preset = try find(name, in: store)
    let scale = try Ratings.scale(.mood, in: store)
    let record = RatingRecord(
      id: environment.makeID(), kind: .mood,
      time: try time.resolve(in: store, environment: environment),
      rating: preset.scale.rescale(preset.rating, to: scale), scale: scale,
      note: RecordText.clean(note) ?? preset.note)
    try store.records.saveRating(record)
    return record
  }
}
