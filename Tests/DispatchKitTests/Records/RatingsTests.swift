import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Mood and fatigue ratings: scales, fraction, feedback, rescaling
/// (docs/formats/introspective.md#mood-scales).
struct RatingsTests {
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 1_772_618_400_000)),
        ids: SequentialIDGenerator()))
  }

  @Test func `a mood is stored with the current scale`() throws {
    let record = try Ratings.record(
      .mood, value: "7", note: " fine ", in: store, environment: store.environment)
    #expect(record.rating == 7)
    #expect(record.scale == .mood)
    #expect(record.note == "fine")
    #expect(try store.records.ratings(.mood) == [record])
  }

  @Test func `ratings outside the scale are refused, naming it`() throws {
    let error = try #require(throws: DispatchError.self) {
      try Ratings.record(.mood, value: "11", in: store, environment: store.environment)
    }
    #expect(error.kind == .invalidValue)
    #expect(error.message.contains("mood 11 is outside the scale 1–10"))
    #expect(throws: DispatchError.self) {
      try Ratings.record(.fatigue, value: "7", in: store, environment: store.environment)
    }
    #expect(
      try Ratings.record(.fatigue, value: "0", in: store, environment: store.environment).scale
        == .fatigue)
  }

  @Test func `the fraction form maps onto the scale`() throws {
    let record = try Ratings.record(
      .mood, value: nil, fraction: 0.7, in: store, environment: store.environment)
    #expect(abs(record.rating - 7.3) < 1e-9)
    #expect(throws: DispatchError.self) {
      try Ratings.record(
        .mood, value: nil, fraction: 1.5, in: store, environment: store.environment)
    }
  }

  @Test func `a changed scale setting applies to new moods`() throws {
    try ScheduleSettings.set("mood-scale", to: "0-5", in: store)
    #expect(
      try Ratings.record(.mood, value: "0", in: store, environment: store.environment).scale
        == RatingScale(minimum: 0, maximum: 5))
  }

  @Test(arguments: [
    (1.0, "Hang in there! It's gonna be okay. (1)"),
    (3.97, "Hang in there! It's gonna be okay. (3.97)"),
    (5.5, "Got it. You're at a 5.5"), (6.94, "Got it. You're at a 6.94"),
    (7.0, "Yay! You're at a 7. I'm glad you're feeling well."),
    (8.0, "Yay! You're at an 8. I'm glad you're feeling well."),
    (8.5, "Yay! You're at an 8.5. I'm glad you're feeling well."),
  ])
  func `feedback follows Introspective's thirds`(rating: Double, message: String) {
    let record = RatingRecord(
      id: "x", kind: .mood, time: .at(Instant(milliseconds: 0), zone: "UTC"), rating: rating,
      scale: .mood)
    #expect(Ratings.feedback(for: record) == message)
  }

  @Test(arguments: [
    (6.0, RatingScale(minimum: 0, maximum: 7), RatingScale(minimum: 1, maximum: 8), 7.0),
    (6.0, RatingScale(minimum: 0, maximum: 7), RatingScale(minimum: 1, maximum: 15), 13.0),
    (10.0, RatingScale(minimum: 1, maximum: 11), RatingScale(minimum: 0, maximum: 5), 4.5),
    (4.0, RatingScale(minimum: 1, maximum: 4), RatingScale(minimum: 1, maximum: 8), 8.0),
  ])
  func `rescale puts every mood on the current scale`(
    rating: Double, old: RatingScale, new: RatingScale, expected: Double
  ) throws {
    try store.records.saveRating(
      RatingRecord(
        id: "old", kind: .mood, time: .at(Instant(milliseconds: 0), zone: "UTC"), rating: rating,
        scale: old))
    try ScheduleSettings.set(
      "mood-scale", to: "\(RatingScale.text(new.minimum))-\(RatingScale.text(new.maximum))",
      in: store)
    #expect(try Ratings.moodsOffScale(in: store).count == 1)
    #expect(try Ratings.rescaleMoods(in: store) == 1)
    let stored = try #require(try store.records.ratings(.mood).first)
    #expect(abs(stored.rating - expected) < 1e-9)
    #expect(stored.scale == new)
    #expect(try Ratings.rescaleMoods(in: store) == 0)
  }
}
