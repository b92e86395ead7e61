/// Saved queries the demo leaves, so `dispatch query list` has something to show, each
/// matching something in the history.
enum DemoQueries {
  struct Query {
    let name: String
    let expression: String
    let pinned: Bool
  }

  static let all: [Query] = [
    Query(
      name: "moods after workouts", expression: "mood where within 3 hours after workout",
      pinned: true),
    Query(
      name: "happy with Maya",
      expression:
        "reports where \"Maya\" in answer(\"Who are you with?\") and answer(\"How happy are you?\") >= 8",
      pinned: true),
    Query(
      name: "late at home",
      expression:
        "reports where answer(\"Where are you?\") = \"Home\" and time of day after 22:00",
      pinned: false),
    Query(
      // Sleep readings are seconds: 10800 is three hours of core sleep.
      name: "short nights, low moods",
      expression:
        "mood where rating <= 5 and same day as reports where reading(\"sleepCore\") < 3 hours",
      pinned: false),
  ]

  /// Graphs saved for the dashboard, as `GET /graph` parameters (`dispatch graph --saved`).
  static let graphs = [
    ("mood per week", "q=mood&per=week"),
    ("activity hours per weekday", "q=activity&y=duration&per=weekday&agg=sum&kind=bar"),
  ]
}

/// A pinned demo query run on the demo's history.
public struct DemoQueryCount: Sendable, Equatable {
  public let name: String
  public let expression: String
  public let count: Int
  /// The mean of the type's main value over the matches, with the attribute's name.
  public let mean: Double?
  public let meanAttribute: String?
}
