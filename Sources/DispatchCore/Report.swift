/// One filed survey, or a draft not yet filed (docs/formats/dispatch-v2.md#reports).
public struct Report: Sendable, Equatable, Identifiable {
  public var id: String
  /// The instant it was filed.
  public var date: Instant
  /// The IANA zone (or fixed-offset identifier such as `GMT-0400`) where it was filed.
  public var timeZoneIdentifier: String
  /// Seconds east of UTC in force at ``date`` where it was filed.
  public var utcOffsetSeconds: Int
  public var kind: ReportKind
  public var trigger: ReportTrigger
  public var isDraft: Bool
  /// Whether the report was entered for a past moment.
  public var isBackdated: Bool
  public var wasInBackground: Bool
  /// The prompt group whose survey this was, if any.
  public var promptGroupID: String?
  /// Reporter's `reportImpetus`, kept verbatim.
  public var legacyImpetus: Int?
  /// Reporter's `sectionIdentifier`, kept verbatim.
  public var legacySectionIdentifier: String?
  public var sourceDeviceModel: String?
  public var sourceDeviceName: String?
  public var context: SensorContext
  public var responses: [Response]

  public init(
    id: String, date: Instant, timeZoneIdentifier: String, utcOffsetSeconds: Int,
    kind: ReportKind = .regular, trigger: ReportTrigger = .manual, isDraft: Bool = false,
    isBackdated: Bool = false, wasInBackground: Bool = false, promptGroupID: String? = nil,
    legacyImpetus: Int? = nil, legacySectionIdentifier: String? = nil,
    sourceDeviceModel: String? = nil, sourceDeviceName: String? = nil,
    context: SensorContext = SensorContext(), responses: [Response] = []
  ) {
    self.id = id
    self.date = date
    self.timeZoneIdentifier = timeZoneIdentifier
    self.utcOffsetSeconds = utcOffsetSeconds
    self.kind = kind
    self.trigger = trigger
    self.isDraft = isDraft
    self.isBackdated = isBackdated
    self.wasInBackground = wasInBackground
    self.promptGroupID = promptGroupID
    self.legacyImpetus = legacyImpetus
    self.legacySectionIdentifier = legacySectionIdentifier
    self.sourceDeviceModel = sourceDeviceModel
    self.sourceDeviceName = sourceDeviceName
    self.context = context
    self.responses = responses
  }

  /// The report's wall-clock time where it was filed.
  public var localTime: CivilTime {
    CivilTime(milliseconds: date.milliseconds, offsetSeconds: utcOffsetSeconds)
  }

  /// The response to a question, matched by ID, or by prompt for responses without an ID.
  public func response(to question: Question) -> Response? {
    responses.first { $0.questionID == question.id }
      ?? responses.first { $0.questionID == nil && $0.questionPrompt == question.prompt }
  }
}
