import DispatchCore
import DispatchStorage
import Foundation

/// What happens to a prompt after it fires: actions from the notification, reports filed from
/// it, snoozes, and going to sleep (docs/daemon.md#snooze-and-quick-answers).
public enum PromptLifecycle {
  static let lastActedKey = "prompt.lastActedAt"

  /// When the user last acted on any prompt or filed a report; nags of earlier prompts stay
  /// quiet.
  public static func lastActed(in store: DispatchStore) throws -> Instant {
    Instant(milliseconds: try store.settings.setting(lastActedKey).flatMap(Int64.init) ?? 0)
  }

  /// Quiets every nag chain of prompts up to now: any action, or any report filed.
  public static func markActed(in tx: StoreTransaction, environment: RunEnvironment) throws {
    try tx.setSetting(lastActedKey, String(environment.now().milliseconds))
  }

  /// What an action did.
  public struct ActOutcome: Sendable, Equatable {
    /// The prompt the action counted for (a nag's or snooze's own prompt).
    public var promptIdentifier: String
    /// For a snooze, the new prompt and when it fires.
    public var snooze: (identifier: String, due: Instant)?
    /// For a quick answer, the report filed.
    public var reportID: String?

    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.promptIdentifier == rhs.promptIdentifier && lhs.reportID == rhs.reportID
        && lhs.snooze?.identifier == rhs.snooze?.identifier && lhs.snooze?.due == rhs.snooze?.due
    }
  }

  /// Records an action taken on a prompt's notification (`dispatch act`).
  ///
  /// A nag's or snooze's action counts for the prompt it belongs to. Acting quiets every nag
  /// chain. Snooze logs a new prompt due after the snooze time; Yes/No file a quick answer to
  /// the quick-answer question, with trigger `notification` and the prompt's group.
  ///
  /// - Throws: ``DispatchError`` `.unknownReference` for a prompt not in the log, `.conflict`
  ///   for one that never fired, `.invalidValue` for Yes/No without a yes/no question.
  /// - Parameter context: reads the sensor context of a quick answer's report; called only
  ///   when the action files one, after the prompt is found.
  @discardableResult
  public static func act(
    _ identifier: String, _ action: NotificationResponse, in store: DispatchStore,
    environment: RunEnvironment, context: () throws -> SensorContext = { SensorContext() }
  ) throws -> ActOutcome {
    if action == .undelivered {
      return try undelivered(identifier, in: store, environment: environment)
    }
    // Found first without writing, so the sensors are read only for a prompt that exists and
    // outside the transaction; every write of the action is then one transaction.
    let resolved = try resolve(identifier, in: store, now: environment.now())
    let reportContext =
      action == .answerYes || action == .answerNo ? try context() : SensorContext()
    return try store.write { tx in
      try closeSnoozes(resolved.closing, in: tx, environment: environment)
      var record = resolved.record
      let now = environment.now()
      var outcome = ActOutcome(promptIdentifier: record.identifier)
      record.actedAt = record.actedAt ?? now
      record.action = action.rawValue
      switch action {
      case .report, .dismissed:
        if record.state == .fired { record.state = .acted }
        try tx.recordPrompt(record, event: "acted", detail: action.rawValue)
      case .snooze:
        if record.state == .fired { record.state = .acted }
        try tx.recordPrompt(record, event: "snoozed")
        let settings = try ScheduleSettings.load(from: store)
        let id = "snooze-" + environment.makeID()
        let due = now.adding(seconds: Int64(settings.snoozeMinutes) * 60)
        let zone = settings.zone
        let snooze = PromptRecord(
          identifier: id, source: PlannedPrompt.Source.snooze.rawValue,
          promptGroupID: record.promptGroupID, parentIdentifier: record.identifier, due: due,
          timeZoneIdentifier: zone.identifier,
          utcOffsetSeconds: zone.secondsFromGMT(for: due.date), state: .pending)
        try tx.recordPrompt(snooze, event: "planned", detail: "snooze of \(record.identifier)")
        outcome.snooze = (id, due)
      case .undelivered:
        preconditionFailure("handled before the transaction")
      case .answerYes, .answerNo:
        let report = try quickAnswer(
          action == .answerYes, for: record, in: store, context: reportContext,
          environment: environment)
        try tx.file(report)
        record.state = .answered
        record.answeredAt = now
        record.reportID = report.id
        try tx.recordPrompt(record, event: "answered", detail: report.id)
        outcome.reportID = report.id
      }
      try markActed(in: tx, environment: environment)
      return outcome
    }
  }

  /// The notification of `identifier` (a prompt, nag or snooze itself, not the prompt it
  /// belongs to) could not be shown: a prompt still open is missed, with the reason, and counts
  /// as such in compliance. Nothing else changes: the nags stay as they were.
  static func undelivered(
    _ identifier: String, in store: DispatchStore, environment: RunEnvironment
  ) throws -> ActOutcome {
    guard var record = try store.prompts.promptRecord(identifier) else {
      throw DispatchError(
        .unknownReference,
        "no prompt '\(identifier)' in the log; 'dispatch compliance' lists recent prompts")
    }
    guard record.state == .fired else { return ActOutcome(promptIdentifier: record.identifier) }
    if MultiDeliverer.delivered(in: record.delivery ?? "").count > 1 {
      // Another notifier (ntfy on a phone) showed it: the prompt stays fired, and its history
      // keeps what failed.
      try store.write { tx in
        try tx.recordPrompt(
          record, event: "undelivered", detail: "one notifier could not show it; the others did")
      }
      return ActOutcome(promptIdentifier: record.identifier)
    }
    let how = record.delivery == "hook" ? "the hook failed" : "the notification could not be shown"
    // Not shown is not fired, as when the notifier fails at once: the rate counts what the
    // person saw.
    record.state = .missed
    record.firedAt = nil
    record.closedAt = environment.now()
    record.delivery = "failed"
    try store.write { tx in
      try tx.recordPrompt(
        record, event: "missed", detail: "delivery failed: \(how)")
    }
    return ActOutcome(promptIdentifier: record.identifier)
  }

  /// Links a report filed from a prompt (`dispatch report --prompt ID`) to it.
  public static func answered(
    _ identifier: String, by report: Report, in tx: StoreTransaction, environment: RunEnvironment
  )
    throws
  {
    var record = try actionable(identifier, in: tx, environment: environment)
    let now = environment.now()
    record.state = .answered
    record.actedAt = record.actedAt ?? now
    record.answeredAt = now
    record.reportID = report.id
    try tx.recordPrompt(record, event: "answered", detail: report.id)
    try markActed(in: tx, environment: environment)
  }

  /// The prompt group a report filed from this prompt belongs to, and whether it may be filed.
  public static func promptGroup(
    of identifier: String, in store: DispatchStore, environment: RunEnvironment
  ) throws
    -> String?
  {
    try store.write { try actionable(identifier, in: $0, environment: environment).promptGroupID }
  }

  /// Going to sleep drops pending snoozes (docs/daemon.md#snooze-and-quick-answers).
  public static func dropPendingSnoozes(in tx: StoreTransaction, environment: RunEnvironment) throws
  {
    let now = environment.now()
    for var record in try tx.store.prompts.openPromptRecords()
    where record.state == .pending && record.source == PlannedPrompt.Source.snooze.rawValue {
      record.state = .dropped
      record.closedAt = now
      try tx.recordPrompt(record, event: "dropped", detail: "asleep")
    }
  }

  /// The logged prompt an action on `identifier` counts for: nags and snoozes resolve to the
  /// prompt they belong to. A fired snooze on the way closes with the action.
  static func actionable(_ identifier: String, in tx: StoreTransaction, environment: RunEnvironment)
    throws -> PromptRecord
  {
    let resolved = try resolve(identifier, in: tx.store, now: environment.now())
    try closeSnoozes(resolved.closing, in: tx, environment: environment)
    return resolved.record
  }

  /// ``actionable(_:in:)`` without writing: the prompt (`last` is the latest one due by
  /// `now`), and the fired snoozes to close.
  static func resolve(_ identifier: String, in store: DispatchStore, now: Instant) throws
    -> (record: PromptRecord, closing: [PromptRecord])
  {
    let found =
      identifier.lowercased() == "last"
      ? try store.prompts.latestPromptRecord(atOrBefore: now)
      : try store.prompts.promptRecord(identifier)
    guard var record = found else {
      throw DispatchError(
        .unknownReference,
        "no prompt '\(identifier)' in the log; 'dispatch compliance' lists recent prompts")
    }
    var closing: [PromptRecord] = []
    var hops = 0
    while let parentID = record.parentIdentifier, hops < 8,
      record.source == PlannedPrompt.Source.nag.rawValue
        || record.source == PlannedPrompt.Source.snooze.rawValue,
      let parent = try store.prompts.promptRecord(parentID)
    {
      if record.source == PlannedPrompt.Source.snooze.rawValue && record.state == .fired {
        closing.append(record)
      }
      record = parent
      hops += 1
    }
    guard record.state != .pending && record.state != .dropped && record.firedAt != nil else {
      throw DispatchError(.conflict, "the prompt '\(identifier)' has not fired")
    }
    return (record, closing)
  }

  /// Closes fired snoozes with the action taken on their prompt.
  private static func closeSnoozes(
    _ snoozes: [PromptRecord], in tx: StoreTransaction, environment: RunEnvironment
  ) throws {
    for var snooze in snoozes {
      snooze.state = .acted
      snooze.actedAt = environment.now()
      try tx.recordPrompt(snooze, event: "acted")
    }
  }

  private static func quickAnswer(
    _ yes: Bool, for record: PromptRecord, in store: DispatchStore, context: SensorContext,
    environment: RunEnvironment
  ) throws -> Report {
    let questions = try store.questions.list()
    guard let question = PromptContent.quickAnswerQuestion(in: questions) else {
      throw DispatchError(
        .invalidValue, "there is no enabled yes/no question in the regular survey to answer")
    }
    let choices = question.effectiveChoices
    let choice = yes ? choices.first ?? "Yes" : choices.dropFirst().first ?? "No"
    var report = ReportComposer(store: store, environment: environment).compose(
      kind: .regular, trigger: .notification, questions: [question],
      answers: [question.id: .options([choice])], context: context)
    report.promptGroupID = record.promptGroupID
    return report
  }
}

extension PromptLifecycle {
  /// The survey a report filed from a prompt asks: a group prompt asks its group's questions in
  /// the group's order (missing and disabled ones skipped, report kinds ignored); any other
  /// prompt asks the regular survey (docs/daemon.md#notification-content).
  ///
  /// - Parameter closingSnoozes: whether opening the survey closes the prompt's fired snoozes
  ///   (a survey about to be answered); false only reads, for showing a page.
  public static func survey(
    forPrompt identifier: String, in store: DispatchStore, environment: RunEnvironment,
    closingSnoozes: Bool = true
  ) throws
    -> (questions: [Question], promptGroupID: String?)
  {
    let groupID =
      closingSnoozes
      ? try promptGroup(of: identifier, in: store, environment: environment)
      : try resolve(identifier, in: store, now: environment.now()).record.promptGroupID
    let questions = try store.questions.list()
    guard let groupID,
      let group = try store.prompts.promptGroups().first(where: { $0.id == groupID })
    else { return (questions.filter { $0.appears(in: .regular) }, groupID) }
    let byID = Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    return (group.questionIDs.compactMap { byID[$0] }.filter(\.isEnabled), groupID)
  }

  /// After any report is filed: it answers its prompt when it came from one, and in every case
  /// quiets the nag chains (filing is acting, docs/daemon.md#snooze-and-quick-answers).
  public static func reportFiled(
    _ report: Report, fromPrompt identifier: String?, in tx: StoreTransaction,
    environment: RunEnvironment
  )
    throws
  {
    if let identifier {
      try answered(identifier, by: report, in: tx, environment: environment)
    } else {
      try markActed(in: tx, environment: environment)
    }
  }
}

extension FocusFilter {
  /// The sensor context a report filed now records: the focus name while a focus is on.
  public static func reportContext(in store: DispatchStore) throws -> SensorContext {
    var context = SensorContext()
    if let focus = try current(in: store) {
      context.focus = FocusState(label: focus.name, isFocused: true)
    }
    return context
  }
}
