import Foundation

/// A saved mood check-in recorded with one command: `dispatch mood --preset NAME`
/// (docs/records.md#check-in-presets-and-reminders).
///
/// Stored in `checkin_presets` with kind `mood` and a JSON payload holding the rating, the
/// scale it was given on, and the note. The scale is kept so a preset made on 1–10 still
/// means the same mood after the scale changes: it is rescaled when recorded.
public struct CheckInPreset: Sendable, Equatable {
  /// The preset's name as given.
  public var name: String
  /// What it records; `mood` is the only kind so far.
  public var kind: String
  /// The rating on `scale`.
  public var rating: Double
  /// The scale the rating was given on.
  public var scale: RatingScale
  /// The note each recording gets.
  public var note: String?

  /// A mood preset.
  public init(name: String, rating: Double, scale: RatingScale, note: String? = nil) {
    self.name = name
    self.kind = RatingKind.mood.rawValue
    self.rating = rating
    self.scale = scale
    self.note = note
  }
}
