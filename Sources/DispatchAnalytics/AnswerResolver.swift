import DispatchCore

/// How the analysis engines read answers (docs/insights.md#global-engine-rules,
/// docs/charts.md#question-series): a response belongs to its question by ID, and by prompt only
/// when it has no ID; a name in a people answer is the registry person's current name, or the text
/// as written when nobody answers to it.
package struct AnswerResolver {
  private let questionsByID: [String: Question]
  private let questionsByPrompt: [String: Question]
  private let people: [Person]

  init(questions: [Question], people: [Person]) {
    questionsByID = Dictionary(
      questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    questionsByPrompt = Dictionary(
      questions.map { ($0.prompt, $0) }, uniquingKeysWith: { first, _ in first })
    self.people = people
  }

  /// The response's question; a response whose ID names no question is never matched by
  /// prompt.
  func question(of response: Response) -> Question? {
    if let id = response.questionID { return questionsByID[id] }
    return questionsByPrompt[response.questionPrompt]
  }

  /// The question with `id`.
  func question(id: String) -> Question? {
    questionsByID[id]
  }

  /// The current name of whoever `name` refers to.
  func personName(_ name: String) -> String {
    Self.personName(name, in: people)
  }

  /// A place's name: its text, "Unknown place" for a venue without text, nil for neither.
  static func placeName(_ place: LocationAnswer) -> String? {
    if let text = place.text, !text.isEmpty { return text }
    return place.venueID.map { _ in "Unknown place" }
  }

  /// The current name in `people` of whoever `name` refers to, else `name` as written.
  static func personName(_ name: String, in people: [Person]) -> String {
    people.first { $0.answers(to: name) }?.displayName ?? name
  }
}
