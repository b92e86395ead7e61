/// The fields of `dispatch questions list --json` the tests read.
struct QuestionJSON: Decodable, Equatable, Sendable {
  let id: String
  let prompt: String
  let type: String
  let enabled: Bool
  let sortOrder: Int
  let reportKinds: [String]
  let choices: [String]
}

/// The fields of a report in `dispatch reports list|show --json` the tests read.
struct ReportJSON: Decodable, Equatable, Sendable {
  let id: String
  let date: String
  let timeZone: String
  let kind: String
  let trigger: String
  let isDraft: Bool
  let responses: [ResponseJSON]

  /// The response to the question with `prompt`.
  func response(_ prompt: String) -> ResponseJSON? {
    responses.first { $0.prompt == prompt }
  }
}

/// One response of a report.
struct ResponseJSON: Decodable, Equatable, Sendable {
  let id: String
  let questionID: String?
  let prompt: String
  let skipped: Bool
  let options: [String]?
  let tokens: [String]?
  let number: String?
  let location: String?
}

/// `dispatch init --json`.
struct InitJSON: Decodable, Equatable, Sendable {
  let store: String
  let seededDefaultQuestions: Bool
  let questions: Int
  let reports: Int
}
