import DispatchCore
import DispatchStorage

/// What a prompt's notification says, from the questions and groups the store holds
/// (docs/daemon.md#notification-content).
public struct PromptContent: Sendable {
  let quickQuestion: Question?
  let groups: [String: PromptGroup]
  let questionsByID: [String: Question]
  let expirySeconds: Int

  public init(store: DispatchStore, expiryMinutes: Int) throws {
    let questions = try store.questions.list()
    quickQuestion = Self.quickAnswerQuestion(in: questions)
    questionsByID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    groups = Dictionary(
      try store.prompts.promptGroups().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    expirySeconds = expiryMinutes * 60
  }

  /// The first enabled yes/no question of the regular survey: the one Yes/No buttons answer.
  public static func quickAnswerQuestion(in questions: [Question]) -> Question? {
    questions.first { $0.type == .yesNo && $0.appears(in: .regular) }
  }

  /// The notification of a prompt. Nags and snoozes carry their parent's content; a nag is
  /// titled as one and marked urgent.
  public func notification(
    identifier: String, source: PlannedPrompt.Source, groupID: String?,
    parent: (identifier: String, source: PlannedPrompt.Source)?, nagNumber: Int? = nil
  ) -> PromptNotification {
    switch source {
    case .nag, .snooze:
      let parentSource = parent?.source ?? (groupID == nil ? .random : .group)
      let base = notification(
        identifier: parent?.identifier ?? identifier, source: parentSource, groupID: groupID,
        parent: nil)
      if source == .snooze { return .snoozed(parent: base, promptID: identifier) }
      var nag = PromptNotification.nag(parent: base, number: max(1, nagNumber ?? 1))
      nag.promptID = identifier
      return nag
    case .group, .event:
      let group = groupID.flatMap { groups[$0] }
      let firstPrompt = group?.questionIDs.lazy.compactMap { questionsByID[$0] }
        .first { $0.isEnabled }?.prompt
      return .group(
        promptID: identifier, groupID: groupID, groupName: group?.name, firstPrompt: firstPrompt,
        expiresAfterSeconds: expirySeconds)
    case .random, .fixed:
      return .main(
        promptID: identifier,
        yesNoQuestion: quickQuestion.map { ($0.prompt, $0.effectiveChoices) },
        expiresAfterSeconds: expirySeconds)
    }
  }
}
