import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// Recording, listing and rescaling mood and fatigue ratings (docs/records.md#mood-and-fatigue;
/// docs/formats/introspective.md#mood-scales; the RecordIntegerMood / RecordDecimalMood intents of
/// docs/formats/introspective.md#intents).
public enum Ratings {
  /// The scale new ratings of `kind` are on: the `mood-scale` / `fatigue-scale` setting.
  public static func scale(_ kind: RatingKind, in store: DispatchStore) throws -> RatingScale {
    let settings = try ScheduleSettings.load(from: store)
    return kind == .mood ? settings.moodScale : settings.fatigueScale
  }

  /// The rating a command line names: `value` on the scale, or `fraction` (0…1) of it, the
  /// decimal form of Introspective's Siri intent. Exactly one of the two must be given.
  public static func rating(
    _ kind: RatingKind, value: String?, fraction: Double?, scale: RatingScale
  ) throws(DispatchError) -> Double {
    switch (value, fraction) {
    case (let text?, nil):
      guard let number = Double(text), number.isFinite else {
        throw DispatchError(
          .invalidValue,
          "'\(text)' is not a \(kind.rawValue) rating; give a number from "
            + "\(RatingScale.text(scale.minimum)) to \(RatingScale.text(scale.maximum))")
      }
      guard scale.contains(number) else {
        throw DispatchError(
          .invalidValue,
          "\(kind.rawValue) \(RatingScale.text(number)) is outside the scale \(scale); give a "
            + "rating from \(RatingScale.text(scale.minimum)) to "
            + "\(RatingScale.text(scale.maximum)) or change '\(kind.rawValue)-scale'")
      }
      return number
    case (nil, let fraction?):
      guard (0...1).contains(fraction) else {
        throw DispatchError(
          .invalidValue,
          "--fraction \(RatingScale.text(fraction)) is outside 0…1; 0 is the bottom of the "
            + "scale, 1 the top")
      }
      return scale.rating(atFraction: fraction)
    case (nil, nil):
      throw DispatchError(
        .invalidRequest, "give a \(kind.rawValue) rating, e.g. 7, or --fraction")
    case (_?, _?):
      throw DispatchError(.invalidRequest, "give a rating or --fraction, not both")
    }
  }

  /// Records a rating now or at `time`, on the current scale (stored with the record).
  @discardableResult
  public static func record(
    _ kind: RatingKind, value: String?, fraction: Double? = nil, note: String? = nil,
    time: RecordTimeArgument = RecordTimeArgument(), in store: DispatchStore,
    environment: RunEnvironment
  ) throws -> RatingRecord {
    let scale = try scale(kind, in: store)
    let rating = try rating(kind, value: value, fraction: fraction, scale: scale)
    let record = RatingRecord(
      id: environment.makeID(), kind: kind,
      time: try time.resolve(in: store, environment: environment), rating: rating,
      scale: scale, note: RecordText.clean(note))
    try store.records.saveRating(record)
    return record
  }

  /// Ratings of `kind` in `[from, to)`, oldest first.
  public static func list(
    _ kind: RatingKind, from: Instant? = nil, to: Instant? = nil, in store: DispatchStore
  ) throws -> [RatingRecord] {
    try store.records.ratings(kind, from: from, to: to)
  }

  /// Moods not on the current mood scale: what ``rescaleMoods(in:)`` would change.
  public static func moodsOffScale(in store: DispatchStore) throws -> [RatingRecord] {
    let current = try scale(.mood, in: store)
    return try store.records.ratings(.mood).filter { $0.scale != current }
  }

  /// Maps every stored mood onto the current mood scale, as Introspective does after "Scale
  /// existing moods?" (docs/formats/introspective.md#mood-scales); returns how many changed. One
  /// transaction.
  @discardableResult
  public static func rescaleMoods(in store: DispatchStore) throws -> Int {
    let current = try scale(.mood, in: store)
    let changed = try moodsOffScale(in: store).map { $0.rescaled(to: current) }
    try store.records.saveRatings(changed)
    return changed.count
  }

  /// What to say after recording.
  ///
  /// Moods get Introspective's feedback (MoodUiUtil, docs/formats/introspective.md#mood-scales) by
  /// where the rating falls: up to a third of the range a "low" message, up to two thirds "Got it",
  /// above that "Yay". The original picks the low message at random from a list; Dispatch always
  /// uses the one documented there, so the output is reproducible. Fatigue has no feedback in
  /// Introspective, so it gets a plain confirmation.
  public static func feedback(for record: RatingRecord) -> String {
    let text = numberText(record.rating)
    guard record.kind == .mood else {
      return "Recorded fatigue \(text) on \(record.scale)."
    }
    let range = record.scale.maximum - record.scale.minimum
    if record.rating <= 0.33 * range + record.scale.minimum {
      return "Hang in there! It's gonna be okay. (\(text))"
    }
    if record.rating <= 0.66 * range + record.scale.minimum {
      return "Got it. You're at \(article(text)) \(text)"
    }
    return "Yay! You're at \(article(text)) \(text). I'm glad you're feeling well."
  }

  /// "an" before a number read with a vowel sound (8, 11, 18, 80–89, 8.5), else "a": Introspective's
  /// messages say "a 7", and should not say "a 8".
  static func article(_ number: String) -> String {
    let whole = number.prefix { $0 != "." }
    return number.hasPrefix("8") || whole == "11" || whole == "18" ? "an" : "a"
  }

  /// A rating as people read it: at most two decimals, no trailing zeros (`7`, `7.3`, `4.5`).
  public static func numberText(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return RatingScale.text(rounded) }
    var text = String(format: "%.2f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
