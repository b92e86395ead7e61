import DispatchCore
import DispatchStorage
import Foundation

/// A focus: while it is on, only the allowed prompt groups fire and the main schedule may pause
/// (docs/daemon.md#focus-rules). Snoozes always fire.
public struct FocusFilter: Sendable, Equatable {
  /// The name reports record while the focus is on.
  public var name: String
  /// The groups that may fire; nil: every group; empty: none.
  public var allowedGroupIDs: [String]?
  /// Whether the main schedule (random and fixed prompts and their nags) pauses.
  public var pausesMainSchedule: Bool
  public var since: Instant

  public init(
    name: String, allowedGroupIDs: [String]? = nil, pausesMainSchedule: Bool = false,
    since: Instant
  ) {
    self.name = name
    self.allowedGroupIDs = allowedGroupIDs
    self.pausesMainSchedule = pausesMainSchedule
    self.since = since
  }

  /// Whether a planned prompt may fire under this focus.
  public func allows(_ prompt: PlannedPrompt) -> Bool {
    switch prompt.source {
    case .snooze: return true
    case .random, .fixed: return !pausesMainSchedule
    case .group, .event: return allows(groupID: prompt.promptGroupID)
    case .nag:
      return prompt.promptGroupID == nil
        ? !pausesMainSchedule : allows(groupID: prompt.promptGroupID)
    }
  }

  private func allows(groupID: String?) -> Bool {
    guard let allowed = allowedGroupIDs else { return true }
    return groupID.map(allowed.contains) ?? false
  }
}

extension FocusFilter {
  static let key = "focus"

  /// The focus in force, or nil. A value that cannot be read counts as no focus (fail-open, as
  /// Dispatch does), so a damaged setting can never silence every prompt.
  public static func current(in store: DispatchStore) throws -> FocusFilter? {
    guard let text = try store.settings.setting(key), !text.isEmpty,
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
      let name = object["name"] as? String,
      let sinceMs = (object["since"] as? NSNumber)?.int64Value
    else { return nil }
    return FocusFilter(
      name: name, allowedGroupIDs: object["allowedGroupIDs"] as? [String],
      pausesMainSchedule: object["pausesMainSchedule"] as? Bool ?? false,
      since: Instant(milliseconds: sinceMs))
  }

  /// Turns this focus on.
  public func save(in store: DispatchStore) throws {
    var object: [String: Any] = [
      "name": name, "pausesMainSchedule": pausesMainSchedule, "since": since.milliseconds,
    ]
    if let allowedGroupIDs { object["allowedGroupIDs"] = allowedGroupIDs }
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    try store.settings.setSetting(Self.key, String(decoding: data, as: UTF8.self))
  }

  /// Turns any focus off.
  public static func clear(in store: DispatchStore) throws {
    try store.settings.setSetting(key, "")
  }
}
