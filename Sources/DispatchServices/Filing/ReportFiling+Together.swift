import DispatchCore
import DispatchStorage

/// Answers a client sent (a phone's survey page, a script through the API), waiting to be filed.
public struct ClientReport {
  /// The survey, with the client's report ID and answer time when it sent them.
  public var request: SurveyRequest
  /// The (question, text) pairs, given the survey's questions.
  public var answers: ([Question]) -> [(reference: String, text: String)]

  public init(
    request: SurveyRequest, answers: @escaping ([Question]) -> [(reference: String, text: String)]
  ) {
    self.request = request
    self.answers = answers
  }
}

/// A client's report composed and ready to store (``ReportFiling/compose(_:)``).
public struct ComposedReport {
  public let report: Report
  let survey: OpenSurvey
}

/// What became of one client's report.
public enum ClientFilingOutcome: Sendable, Equatable {
  case filed(id: String)
  /// A report with the client's ID was filed before: nothing was filed again.
  case duplicate(id: String)

  public var id: String {
    switch self {
    case .filed(let id), .duplicate(let id): return id
    }
  }
}

extension ReportFiling {
  /// Everything of filing a client's report but storing it: its survey opened, its answers
  /// read, the report composed. Only reads, so many threads may compose at once while one
  /// stores what they composed (``fileTogether(_:)``).
  ///
  /// - Returns: the report, or nil when a report with the client's ID is filed already (a
  ///   retry of a report that answered a prompt must not fail because the prompt is answered
  ///   now, so this is settled before the survey is opened).
  /// - Throws: ``DispatchError`` for an unknown prompt or answers that do not fit.
  public func compose(_ client: ClientReport) throws -> ComposedReport? {
    if let id = client.request.reportID, try store.reports.contains(id) { return nil }
    let survey = try open(client.request)
    let answers = try answers(client.answers(survey.questions), for: survey)
    return ComposedReport(report: try compose(survey, answers: answers), survey: survey)
  }

  /// Stores composed reports in one write transaction, each as ``file(_:answers:)`` would,
  /// and runs the follow-up (backup, webhooks) once for them all: one transaction for many
  /// reports is what lets a server take many phones filing together
  /// (docs/serve.md#many-phones-at-once).
  /// A report whose client ID is filed by then, earlier or earlier in `reports`, is a
  /// duplicate and is not stored again.
  ///
  /// - Returns: an outcome for each report, in order (a report whose write failed gets its
  ///   error; the others are filed), and the follow-up's warnings.
  public func fileTogether(_ reports: [ComposedReport]) -> (
    outcomes: [Result<ClientFilingOutcome, any Error>], warnings: [String]
  ) {
    // All in one transaction. When one report's write fails it takes the transaction with it,
    // and each is then filed alone, so that only that one is refused. (A savepoint around
    // each would cost every report a copy of every page it touches.)
    var filed = Set<Int>()
    var failures: [Int: any Error] = [:]
    do {
      try store.write { tx in
        try tx.fileReportsTogether {
          for (index, item) in reports.enumerated() where try storeUnlessFiled(item, in: tx) {
            filed.insert(index)
          }
        }
      }
    } catch let error as StoreError where error.isBusy {
      // Another program held the store for the whole wait: one by one would wait again each.
      for index in reports.indices { failures[index] = error }
    } catch {
      filed = []
      for (index, item) in reports.enumerated() {
        do {
          if try store.write({ tx in try storeUnlessFiled(item, in: tx) }) { filed.insert(index) }
        } catch {
          failures[index] = error
        }
      }
    }
    let outcomes = reports.enumerated().map {
      index, item -> Result<ClientFilingOutcome, any Error> in
      if let failure = failures[index] { return .failure(failure) }
      let id = item.report.id
      return .success(filed.contains(index) ? .filed(id: id) : .duplicate(id: id))
    }
    let warnings = filed.isEmpty ? [] : AfterFiling.run(store: store, environment: environment)
    return (outcomes, warnings)
  }

  /// Stores a report in `tx` unless its client's ID is there already; whether it stored it.
  private func storeUnlessFiled(_ item: ComposedReport, in tx: StoreTransaction) throws -> Bool {
    if item.survey.request.reportID != nil, try store.reports.contains(item.report.id) {
      return false
    }
    try record(item.report, of: item.survey, in: tx)
    return true
  }
}
