import DispatchKit
import Foundation

/// How human output names a logged prompt: by its group's name, or what kind of prompt it is,
/// and its local time (docs/daemon.md#the-daemons-log). JSON keeps the identifiers.
struct PromptLabel {
  let store: DispatchStore
  let zone: TimeZone
  private let groupNames: [String: String]

  init(store: DispatchStore) throws {
    self.store = store
    zone = try ScheduleSettings.load(from: store).zone
    groupNames = Dictionary(
      try store.prompts.promptGroups().map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
  }

  /// `'Evening reflection'`, `a random prompt`, `a reminder of 'Evening reflection'`.
  func name(_ record: PromptRecord) -> String {
    name(source: PlannedPrompt.Source(rawValue: record.source), group: record.promptGroupID)
  }

  /// A planned prompt's name and local time: `a random prompt at 15:26`.
  func text(_ prompt: PlannedPrompt) -> String {
    name(source: prompt.source, group: prompt.promptGroupID) + " at "
      + prompt.date.localTimeText(in: zone)
  }

  private func name(source: PlannedPrompt.Source?, group groupID: String?) -> String {
    let group = groupID.map { "'\(groupNames[$0] ?? $0)'" }
    switch source {
    case .random?: return "a random prompt"
    case .fixed?: return "a fixed-time prompt"
    case .nag?: return "a reminder of " + (group ?? "a prompt")
    case .snooze?: return "a snoozed " + (group.map { "prompt " + $0 } ?? "prompt")
    case .group?, .event?, nil: return group ?? "a prompt"
    }
  }

  /// `10 min`, `2 h 5 min`: a wait until a prompt.
  static func span(minutes: Int) -> String {
    guard minutes >= 60 else { return "\(minutes) min" }
    let rest = minutes % 60
    return "\(minutes / 60) h" + (rest == 0 ? "" : " \(rest) min")
  }

  /// `'Evening reflection' due 21:00`, or the identifier when the log has no such prompt.
  func text(_ identifier: String) -> String {
    guard let record = try? store.prompts.promptRecord(identifier) else { return identifier }
    return name(record) + " due " + record.due.localTimeText(in: zone)
  }
}
