import DispatchCore
import DispatchStorage
import Foundation

/// Builds a report from answers: the survey's questions in order, unanswered ones as skips.
public struct ReportComposer {
  public let store: DispatchStore
  /// The clock and IDs new reports and responses get, and the zone they are filed in.
  public let environment: RunEnvironment

  public init(store: DispatchStore, environment: RunEnvironment) {
    self.store = store
    self.environment = environment
  }

  /// The enabled questions of a survey kind, in survey order.
  public func questions(for kind: ReportKind) throws -> [Question] {
    try store.questions.list().filter { $0.appears(in: kind) }
  }

  /// Turns an answer into the response of report `report`, with the IDs derived from the
  /// report's (``AnswerIdentifiers``): sync leaves them out of its changes.
  public func response(to question: Question, _ value: AnswerValue, inReport report: String)
    -> Response
  {
    var response = Response(
      id: AnswerIdentifiers.response(report: report, question: question.id),
      questionID: question.id, questionPrompt: question.prompt)
    switch value {
    case .skipped: break
    case .tokens(let items): response.tokens = items.map { TokenValue(id: "", text: $0) }
    case .options(let items): response.options = items
    case .location(let text): response.location = LocationAnswer(text: text)
    case .number(let text): response.number = text
    case .note(let text): response.notes = [TokenValue(id: "", text: text)]
    case .time(let answer): response.time = answer
    }
    return AnswerIdentifiers.withDerivedValues(response)
  }

  /// A report filed now in the system (or given) zone, with one response per survey question,
  /// under `id` (a phone's own, kept when it answered offline) or a new one.
  ///
  /// - Parameters:
  ///   - questions: the survey's questions, in order.
  ///   - answers: answers by question ID; questions without one are recorded as skipped.
  public func compose(
    kind: ReportKind, trigger: ReportTrigger, questions: [Question],
    answers: [String: AnswerValue], at instant: Instant? = nil, timeZone: String? = nil,
    context: SensorContext = SensorContext(), id: String? = nil
  ) -> Report {
    let date = instant ?? environment.now()
    let zone = timeZone ?? environment.zoneIdentifier
    let offset = ZoneLookup.offset(zone, at: date) ?? 0
    let id = id ?? environment.makeID()
    let responses = questions.map { response(to: $0, answers[$0.id] ?? .skipped, inReport: id) }
    return Report(
      id: id, date: date, timeZoneIdentifier: zone, utcOffsetSeconds: offset,
      kind: kind, trigger: trigger, isBackdated: instant != nil, context: context,
      responses: responses)
  }
}
