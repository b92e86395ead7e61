import DispatchCore
import DispatchFeatures
import DispatchStorage

/// Whether a report records what this machine's sensors read.
public enum SensorChoice: Sendable, Equatable {
  /// Only the focus that is on, no sensors (`--no-sensors`).
  case off
  /// The sensors the user has on; `place` names the place chosen for this report (`--place`).
  case on(place: String?)
}

/// Which survey to file, and why.
public struct SurveyRequest: Sendable {
  public var kind: ReportKind
  public var trigger: ReportTrigger
  /// The prompt this report answers (a notification passes it): the report gets its group's
  /// questions and trigger `notification`, and the prompt is logged as answered.
  public var promptIdentifier: String?
  public var sensors: SensorChoice
  /// Whether filing also switches the awake state: on for a wake survey, off for a sleep one
  /// (`dispatch wake` and `dispatch sleep`; no prompts fire while asleep).
  public var switchesAwakeState: Bool
  /// The report's ID when the client made one (a phone's offline answer): filing it again
  /// replaces the same report instead of adding a second.
  public var reportID: String?
  /// When the answers were given, when a client kept them before sending (a phone offline):
  /// the report is dated then rather than when it arrives.
  public var answeredAt: Instant?

  public init(
    kind: ReportKind, trigger: ReportTrigger, promptIdentifier: String? = nil,
    sensors: SensorChoice = .on(place: nil), switchesAwakeState: Bool = false,
    reportID: String? = nil, answeredAt: Instant? = nil
  ) {
    self.reportID = reportID
    self.answeredAt = answeredAt
    self.kind = kind
    self.trigger = trigger
    self.promptIdentifier = promptIdentifier
    self.sensors = sensors
    self.switchesAwakeState = switchesAwakeState
  }
}

/// A survey opened for filing: the questions to ask, while the sensors read in the background.
public struct OpenSurvey {
  public let request: SurveyRequest
  /// The questions this survey asks, in order.
  public let questions: [Question]
  /// Every question an answer may name (on an empty store, the defaults about to be seeded).
  public let allQuestions: [Question]
  /// The trigger the report gets (`notification` when it answers a prompt).
  public let trigger: ReportTrigger
  /// Whether filing seeds the default questions first (the store holds none yet).
  let seedsDefaults: Bool
  let promptGroupID: String?
  let sensors: SensorGathering?
}

/// A report that was filed, and what went wrong afterwards without undoing it.
public struct FiledReport: Sendable {
  public var report: Report
  /// One line per failed follow-up (backup, webhooks), for people; the report is filed.
  public var warnings: [String]

  public init(report: Report, warnings: [String]) {
    self.report = report
    self.warnings = warnings
  }
}
