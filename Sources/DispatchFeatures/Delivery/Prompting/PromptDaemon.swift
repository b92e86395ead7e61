import DispatchCore
import DispatchStorage
import DispatchSupport

/// One pass of the prompt daemon (docs/daemon.md#what-it-does), driven by the store's clock so
/// tests can run it with a fake clock and a fake deliverer, without sleeping.
///
/// Each pass re-reads settings, groups and the focus, so a change is picked up at the next
/// pass; the plan is recomputed (it is a pure function and costs well under a millisecond for
/// the few days a pass looks at). What fired is in the compliance log, which is also what
/// keeps a restarted daemon from firing a prompt twice.
public final class PromptDaemon {
  /// What one pass did.
  public struct Pass: Sendable, Equatable {
    public var fired: [String] = []
    public var missed: [String] = []
    public var expired: [String] = []
    /// Prompts that came due while a focus (or the desktop's do-not-disturb) held them: not
    /// delivered, not logged.
    public var held: [String] = []
    /// The focus that held them, by name.
    public var heldBy: String?
    /// What the webhook drain did, when it did anything.
    public var webhooks: WebhookDrainResult?
    /// Why webhooks could not be sent at all (the secret file, the URL).
    public var webhookProblem: String?
    /// When the next pass is due: the next prompt, or a minute from now at the latest, so
    /// suspends, clock changes and zone changes are noticed within a minute.
    public var next: Instant
    /// The next planned prompt after this pass (within the days the pass planned).
    public var nextPrompt: PlannedPrompt?
  }

  /// The settings key of the instant the previous pass looked up to.
  public static let lastCheckKey = "daemon.lastCheck"
  /// The longest a daemon sleeps between passes.
  public static let maximumSleepSeconds: Int64 = 60

  let store: DispatchStore
  /// The clock passes are driven by.
  let environment: RunEnvironment
  let deliverer: any PromptDeliverer
  /// Asks whether the desktop is in do-not-disturb; consulted only when the `follow-dnd`
  /// setting is on.
  let doNotDisturb: () -> Bool?
  /// The calendar setting's events, kept across passes when the caller keeps the cache.
  let calendars: CalendarCache
  /// Sends webhook requests; nil: the daemon leaves the outbox alone.
  let webhookTransport: (any HTTPTransport)?

  public init(
    store: DispatchStore, environment: RunEnvironment, deliverer: any PromptDeliverer,
    doNotDisturb: @escaping () -> Bool? = { nil }, calendars: CalendarCache = CalendarCache(),
    webhookTransport: (any HTTPTransport)? = nil
  ) {
    self.store = store
    self.environment = environment
    self.deliverer = deliverer
    self.doNotDisturb = doNotDisturb
    self.calendars = calendars
    self.webhookTransport = webhookTransport
  }

  /// Fires what came due since the previous pass, logs what was missed, expires stale
  /// prompts, and says when to look again.
  @discardableResult
  public func pass() throws -> Pass {
    let now = environment.now()
    let settings = try ScheduleSettings.load(from: store)
    let zone = settings.zone
    var lastCheck =
      try store.settings.setting(Self.lastCheckKey).flatMap(Int64.init).map(
        Instant.init(milliseconds:)) ?? now
    // The clock went back: nothing from the "future" we already covered fires again (the log
    // stops it anyway); look from now on.
    if lastCheck > now { lastCheck = now }
    var pass = Pass(next: now.adding(seconds: Self.maximumSleepSeconds))
    var context = try PassContext(store: store, settings: settings, zone: zone, now: now)
    if context.focus == nil && settings.followsDoNotDisturb && doNotDisturb() == true {
      context.focus = DesktopDoNotDisturb.focus(since: now)
    }
    if try store.settings.isAwake() {
      let (plan, held) = try context.plan(from: lastCheck, calendars: calendars)
      pass.held = held.filter { $0.date > lastCheck && $0.date <= now && $0.source != .nag }
        .map(\.identifier)
      if !pass.held.isEmpty { pass.heldBy = context.focus?.name }
      try fireDue(plan, after: lastCheck, context: context, into: &pass)
      try firePending(context: context, into: &pass)
      try fireCheckInReminders(after: lastCheck, context: context, into: &pass)
      try fireDigestReminder(after: lastCheck, context: context, into: &pass)
      pass.nextPrompt = plan.first { $0.date > now && $0.source != .nag }
      if let next = plan.first(where: { $0.date > now })?.date, next < pass.next {
        pass.next = next
      }
    }
    try expireStale(context: context, into: &pass)
    // After the prompts, which must not wait on a slow receiver.
    try drainWebhooks(into: &pass)
    if let pending = try store.prompts.openPromptRecords().first(where: {
      $0.state == .pending && $0.due > now
    }), pending.due < pass.next {
      pass.next = pending.due
    }
    try store.settings.setSetting(Self.lastCheckKey, String(now.milliseconds))
    return pass
  }

  // MARK: - Firing

  /// Planned prompts in (lastCheck, now]: the newest parent fires if it is not too late, older
  /// ones are logged as missed (one outstanding prompt, never a pile-up); a nag fires only for
  /// an open parent nobody has acted on since it fired.
  private func fireDue(
    _ plan: [PlannedPrompt], after lastCheck: Instant, context: PassContext,
    into pass: inout Pass
  ) throws {
    let due = plan.filter { $0.date > lastCheck && $0.date <= context.now }
    var parents: [PlannedPrompt] = []
    for prompt in due where prompt.source != .nag {
      if try store.prompts.promptRecord(prompt.identifier) == nil { parents.append(prompt) }
    }
    for (index, prompt) in parents.enumerated() {
      let isNewest = index == parents.count - 1
      if isNewest && context.now.milliseconds - prompt.date.milliseconds <= context.lateLimitMs {
        if let reason = try travelConflict(prompt, context: context) {
          var record = context.record(for: prompt, state: .dropped)
          record.closedAt = context.now
          try store.prompts.recordPrompt(record, event: "dropped", detail: reason)
          continue
        }
        try fire(prompt, context: context, into: &pass)
      } else {
        var record = context.record(for: prompt, state: .missed)
        record.closedAt = context.now
        try store.prompts.recordPrompt(
          record, event: "missed", detail: isNewest ? "late" : "superseded")
        pass.missed.append(prompt.identifier)
      }
    }
    // The latest due nag of each open parent.
    var latestNag: [String: PlannedPrompt] = [:]
    for nag in due where nag.source == .nag {
      guard let parent = nag.parentIdentifier else { continue }
      latestNag[parent] = nag
    }
    for (parentID, nag) in latestNag.sorted(by: { $0.value.date < $1.value.date }) {
      // A nag reminds of a prompt already shown: never one fired in this pass (a late prompt
      // after a suspend), nor one whose nag time came before it was shown.
      guard !pass.fired.contains(parentID),
        try store.prompts.promptRecord(nag.identifier) == nil,
        let parent = try store.prompts.promptRecord(parentID), parent.state == .fired,
        parent.due > context.lastActed, parent.firedAt.map({ nag.date > $0 }) ?? false
      else { continue }
      try fire(nag, context: context, into: &pass)
    }
  }

  /// Why a random prompt must not fire after a change of zone or settings, or nil: in private
  /// mode the minimum gap holds from the last main prompt fired, whatever zone it was planned
  /// in, and no local day gets more random prompts than it is due (property 16 of
  /// docs/schedule.md#planner-properties). Dropped, never shifted.
  private func travelConflict(_ prompt: PlannedPrompt, context: PassContext) throws -> String? {
    guard prompt.source == .random, context.settings.seeding == .private else { return nil }
    let gap = Int64(context.settings.minimumGapMinutes) * 60_000
    let recent = try store.prompts.promptRecords(
      from: prompt.date.adding(seconds: -2 * 86_400), to: prompt.date)
    let fired = recent.filter {
      $0.firedAt != nil && ($0.source == "random" || $0.source == "fixed")
    }
    if let last = fired.last, prompt.date.milliseconds - last.due.milliseconds < gap {
      return "within the minimum gap of \(last.identifier)"
    }
    // Counted per local date, which only matches a schedule day when the window stays within
    // one date.
    guard !context.settings.window.crossesMidnight else { return nil }
    let date = LocalDate(prompt.date, in: context.zone)
    let sameDay = fired.filter {
      $0.source == "random" && LocalDate($0.due, in: context.zone) == date
    }
    if sameDay.count >= context.settings.randomPromptCount {
      return "the day already had \(sameDay.count) random prompts"
    }
    return nil
  }

  /// Snoozes and delayed event prompts whose time has come.
  private func firePending(context: PassContext, into pass: inout Pass) throws {
    for var record in try store.prompts.openPromptRecords()
    where record.state == .pending && record.due <= context.now {
      if context.now.milliseconds - record.due.milliseconds > context.lateLimitMs {
        record.state = .missed
        record.closedAt = context.now
        try store.prompts.recordPrompt(record, event: "missed", detail: "late")
        pass.missed.append(record.identifier)
        continue
      }
      let source = PlannedPrompt.Source(rawValue: record.source) ?? .snooze
      let parentSource = try record.parentIdentifier.flatMap { try store.prompts.promptRecord($0) }
        .flatMap { PlannedPrompt.Source(rawValue: $0.source) }
      let notification = context.content.notification(
        identifier: record.identifier, source: source, groupID: record.promptGroupID,
        parent: record.parentIdentifier.map { ($0, parentSource ?? .random) })
      try deliver(notification, record: record, context: context, into: &pass)
    }
  }

  private func fire(_ prompt: PlannedPrompt, context: PassContext, into pass: inout Pass) throws {
    var parent: (String, PlannedPrompt.Source)?
    var nagNumber: Int?
    if let parentID = prompt.parentIdentifier {
      let parentSource = try store.prompts.promptRecord(parentID).flatMap {
        PlannedPrompt.Source(rawValue: $0.source)
      }
      parent = (parentID, parentSource ?? (prompt.promptGroupID == nil ? .random : .group))
      nagNumber = prompt.identifier.split(separator: "-").last.flatMap { Int($0) }
    }
    let notification = context.content.notification(
      identifier: prompt.identifier, source: prompt.source, groupID: prompt.promptGroupID,
      parent: parent, nagNumber: nagNumber)
    try deliver(
      notification, record: context.record(for: prompt, state: .fired), context: context,
      into: &pass)
  }

  /// Delivers and logs: fired, or missed with the reason when delivery failed. A new main or
  /// group prompt closes the open prompts before it (they expire, superseded).
  private func deliver(
    _ notification: PromptNotification, record: PromptRecord, context: PassContext,
    into pass: inout Pass
  ) throws {
    var record = record
    do {
      let how = try deliverer.deliver(notification)
      if record.source != PlannedPrompt.Source.nag.rawValue {
        try supersede(before: record, context: context, into: &pass)
      }
      record.state = .fired
      record.firedAt = context.now
      record.delivery = how
      try store.prompts.recordPrompt(record, event: "fired", detail: how)
      pass.fired.append(record.identifier)
    } catch {
      record.state = .missed
      record.closedAt = context.now
      record.delivery = "failed"
      try store.prompts.recordPrompt(record, event: "missed", detail: "delivery failed: \(error)")
      pass.missed.append(record.identifier)
    }
  }

  private func supersede(before record: PromptRecord, context: PassContext, into pass: inout Pass)
    throws
  {
    for var open in try store.prompts.openPromptRecords()
    where open.state == .fired && open.identifier != record.identifier
      && open.source != PlannedPrompt.Source.nag.rawValue
    {
      open.state = .expired
      open.closedAt = context.now
      try store.prompts.recordPrompt(
        open, event: "expired", detail: "superseded by \(record.identifier)")
      pass.expired.append(open.identifier)
    }
  }

  /// Fired prompts nobody acted on within the expiry.
  private func expireStale(context: PassContext, into pass: inout Pass) throws {
    for var record in try store.prompts.openPromptRecords() where record.state == .fired {
      guard let fired = record.firedAt,
        context.now.milliseconds - fired.milliseconds >= context.lateLimitMs
      else { continue }
      record.state = .expired
      record.closedAt = context.now
      try store.prompts.recordPrompt(record, event: "expired", detail: "no answer")
      pass.expired.append(record.identifier)
    }
  }
}
