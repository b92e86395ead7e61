/// A rating scale, stored with each rating so rescaling is exact
/// (docs/records.md#mood-and-fatigue).
public struct RatingScale: Sendable, Equatable, CustomStringConvertible {
  public var minimum: Double
  public var maximum: Double

  public init(minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
  }

  /// Introspective's default mood scale, 1–10.
  public static let mood = RatingScale(minimum: 1, maximum: 10)
  /// Introspective's default fatigue scale, 0–6.
  public static let fatigue = RatingScale(minimum: 0, maximum: 6)
  /// Wellness's fixed mood scale, 1–7.
  public static let wellness = RatingScale(minimum: 1, maximum: 7)

  public func contains(_ value: Double) -> Bool { value >= minimum && value <= maximum }

  /// The rating at `fraction` (0…1) of the scale: Introspective's decimal form.
  public func rating(atFraction fraction: Double) -> Double {
    minimum + (maximum - minimum) * fraction
  }

  /// `value` on this scale mapped linearly onto `other`
  /// (docs/formats/introspective.md#mood-scales).
  public func rescale(_ value: Double, to other: RatingScale) -> Double {
    guard maximum != minimum else { return other.minimum }
    return (other.maximum - other.minimum) * (value - minimum) / (maximum - minimum) + other.minimum
  }

  public var description: String { "\(Self.text(minimum))–\(Self.text(maximum))" }

  /// A number without a trailing ".0".
  public static func text(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}

/// What a rating record measures.
public enum RatingKind: String, Sendable, CaseIterable {
  case mood
  case fatigue
}

/// A mood or fatigue rating (docs/formats/introspective.md#record-types).
public struct RatingRecord: Sendable, Equatable, Identifiable {
  public var id: String
  public var kind: RatingKind
  public var time: RecordTime
  public var rating: Double
  public var scale: RatingScale
  public var note: String?
  /// `Dispatch`, `Introspective` or `Wellness`.
  public var source: String

  public init(
    id: String, kind: RatingKind, time: RecordTime, rating: Double, scale: RatingScale,
    note: String? = nil, source: String = RecordSource.dispatch
  ) {
    self.id = id
    self.kind = kind
    self.time = time
    self.rating = rating
    self.scale = scale
    self.note = note
    self.source = source
  }

  /// The same rating on another scale.
  public func rescaled(to other: RatingScale) -> RatingRecord {
    var copy = self
    copy.rating = scale.rescale(rating, to: other)
    copy.scale = other
    return copy
  }
}
