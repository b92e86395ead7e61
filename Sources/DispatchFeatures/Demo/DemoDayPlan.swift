/// The kind of a day, as the demo person answers "What kind of day is it?".
enum DemoDayKind: Sendable {
  case workday
  case weekend
  case holiday
  case sick
  /// A day of the trip (the departure and return days included).
  case vacation

  /// The answer to "What kind of day is it?".
  var answer: String {
    switch self {
    case .workday: return "Workday"
    case .weekend: return "Weekend"
    case .holiday, .vacation: return "Holiday"
    case .sick: return "Sick day"
    }
  }

  /// A day off work, spent at leisure.
  var isFree: Bool { self == .weekend || self == .holiday || self == .vacation }
}

/// Where a day stands in the trip abroad.
enum DemoTravelStage: Sendable {
  case none
  /// A home day ending on an evening flight.
  case departure
  /// The first day abroad, starting at the airport.
  case arrival
  /// A full day abroad.
  case abroad
  /// Abroad in the morning, home by the evening: the day's zone changes mid-day.
  case homecoming
}

/// The trip of the history: about ten days away, placed five twelfths into the range so the
/// default range's trip spans Lisbon's DST change.
struct DemoTrip: Sendable {
  /// The last home day, ending on the flight out.
  let departure: DemoDate
  /// The day of the flight home.
  let homecoming: DemoDate

  /// The trip of a range, or nil when the range is too short to hold one.
  init?(first: DemoDate, last: DemoDate) {
    let length = last.dayNumber - first.dayNumber + 1
    guard length >= 30 else { return nil }
    departure = first.adding(days: length * 5 / 12)
    homecoming = departure.adding(days: 10)
  }

  /// Where `date` stands in the trip.
  func stage(of date: DemoDate) -> DemoTravelStage {
    switch date.dayNumber - departure.dayNumber {
    case 0: return .departure
    case 1: return .arrival
    case 2..<10: return .abroad
    case 10: return .homecoming
    default: return .none
    }
  }
}

/// A stretch of a day spent in one place doing one thing.
struct DemoSegment: Sendable {
  /// Start and end, in minutes of the day's wall clock (see ``DemoDayPlan/axis``).
  var start: Int
  var end: Int
  /// nil while in flight: no location, no weather.
  var place: DemoPlace?
  var activity: DemoActivity
  /// Who is there.
  var companions: [String]
  /// The zone reports filed during the segment carry.
  var zoneIdentifier: String
}

/// Everything decided about one day before its reports are written.
struct DemoDayPlan: Sendable {
  let date: DemoDate
  let kind: DemoDayKind
  let travel: DemoTravelStage
  /// The zone whose wall clock the day's minutes count in; on the homecoming day the evening
  /// is filed in another zone, but its minutes still count on this clock.
  let axis: DemoZone
  var wakeMinute: Int
  var sleepMinute: Int
  var segments: [DemoSegment] = []
  var coffeeMinutes: [Int] = []
  /// Breakfast, lunch and dinner.
  var mealMinutes: [Int] = []
  var isGymDay: Bool
  var hasDeadline: Bool
  /// Steps walked over the waking day, without the workout.
  var baseSteps: Double = 0
  /// Steps of the workout, added over the gym segment.
  var workoutSteps: Double = 0

  /// The segment under way at `minute` (the last one for the sleep report).
  func segment(at minute: Int) -> DemoSegment? {
    segments.last { $0.start <= minute } ?? segments.first
  }

  /// The gym visit, on gym days.
  var gymSegment: DemoSegment? {
    segments.first { $0.activity == .gym }
  }

  /// Steps counted from midnight to `minute`: walking spread over the waking day, plus the
  /// workout spread over the gym visit.
  func steps(at minute: Int) -> Double {
    func fraction(_ start: Int, _ end: Int) -> Double {
      guard end > start else { return minute >= end ? 1 : 0 }
      return min(max(Double(minute - start) / Double(end - start), 0), 1)
    }
    var steps = baseSteps * fraction(wakeMinute, sleepMinute)
    if let gym = gymSegment { steps += workoutSteps * fraction(gym.start, gym.end) }
    return steps
  }
}
