/// Which survey a report belongs to. An open set: raw values from newer files are kept.
public struct ReportKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A report from the regular survey.
  public static let regular = ReportKind(rawValue: "regular")
  /// The survey filed when the user wakes up.
  public static let wake = ReportKind(rawValue: "wake")
  /// The survey filed when the user goes to sleep.
  public static let sleep = ReportKind(rawValue: "sleep")
  /// The kinds this version knows.
  public static let known: [ReportKind] = [.regular, .wake, .sleep]

  /// Whether this version knows the kind.
  public var isKnown: Bool { Self.known.contains(self) }

  public var description: String { rawValue }
}

/// What started a report. An open set: raw values from newer files are kept.
public struct ReportTrigger: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible
{
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public static let manual = ReportTrigger(rawValue: "manual")
  public static let notification = ReportTrigger(rawValue: "notification")
  public static let visitArrival = ReportTrigger(rawValue: "visitArrival")
  public static let visitDeparture = ReportTrigger(rawValue: "visitDeparture")
  public static let wake = ReportTrigger(rawValue: "wake")
  public static let workoutEnd = ReportTrigger(rawValue: "workoutEnd")
  public static let widget = ReportTrigger(rawValue: "widget")
  public static let control = ReportTrigger(rawValue: "control")
  public static let intent = ReportTrigger(rawValue: "intent")
  public static let watch = ReportTrigger(rawValue: "watch")
  public static let calendarEventEnd = ReportTrigger(rawValue: "calendarEventEnd")
  public static let placeArrival = ReportTrigger(rawValue: "placeArrival")
  public static let placeDeparture = ReportTrigger(rawValue: "placeDeparture")
  public static let beaconArrival = ReportTrigger(rawValue: "beaconArrival")
  public static let beaconDeparture = ReportTrigger(rawValue: "beaconDeparture")
  /// A quick answer filed from the command line or a notification action (`dispatch answer`).
  public static let quickAnswer = ReportTrigger(rawValue: "quickAnswer")
  /// A report started by a prompt group's schedule or event.
  public static let groupTrigger = ReportTrigger(rawValue: "groupTrigger")

  /// Every trigger this version knows, Dispatch's fifteen first.
  public static let known: [ReportTrigger] = [
    .manual, .notification, .visitArrival, .visitDeparture, .wake, .workoutEnd, .widget,
    .control, .intent, .watch, .calendarEventEnd, .placeArrival, .placeDeparture,
    .beaconArrival, .beaconDeparture, .quickAnswer, .groupTrigger,
  ]

  public var description: String { rawValue }
}
