import DispatchCore
import DispatchStorage
import Foundation

/// Arrivals and departures the daemon notices itself (docs/daemon.md#arrivals-and-departures):
/// at each look it compares the named place you are at (``PlaceSighting``: by Wi-Fi, else by
/// GeoClue) with the place it saw before, and fires the arrival and departure groups through
/// ``EventTrigger``.
///
/// Reaching a place is an arrival at once, unless that place had an arrival prompt
/// or was left less than ``cooldownSeconds`` ago (a network that drops and comes back is not
/// a new visit). Losing it is a departure only once it has stayed lost for
/// ``departureAfterSeconds``, so a short drop fires nothing; joining another named place is a
/// departure and an arrival at once. The first look after the daemon starts only remembers
/// where you are.
public enum PlaceWatch {
  static let placeKey = "daemon.place"
  static let leavingKey = "daemon.leaving"
  static let arrivedPrefix = "daemon.arrived."
  static let leftPrefix = "daemon.left."
  /// How long after a place's arrival prompt, or after leaving it, joining it again is no arrival.
  public static let cooldownSeconds: Int64 = 30 * 60
  /// How long a place must stay lost (its network gone, or GeoClue elsewhere) before it counts as
  /// leaving.
  public static let departureAfterSeconds: Int64 = 2 * 60

  /// What one look saw and did.
  public struct Look: Sendable, Equatable {
    /// What happened, for the daemon's log: `arrived at Home`, `left Office`.
    public var events: [String] = []
    /// The prompts the events fired or planned, and the groups they skipped.
    public var outcome = EventTrigger.Outcome()

    public init() {}
  }

  /// Whether any enabled group waits for an arrival or a departure; without one nothing is
  /// watched.
  public static func isNeeded(_ store: DispatchStore) throws -> Bool {
    try store.prompts.promptGroups().contains {
      $0.isEnabled
        && ($0.scheduleKind == "visitArrival" || $0.scheduleKind == "placeTrigger")
    }
  }

  /// Looks once: `here` is the named place you are at, nil when none is.
  public static func look(
    at here: String?, in store: DispatchStore, deliverer: any PromptDeliverer,
    environment: RunEnvironment
  ) throws -> Look {
    let now = environment.now()
    var look = Look()
    guard let stored = try store.settings.setting(placeKey) else {
      try store.settings.setSetting(placeKey, here ?? "")
      return look
    }
    let previous = stored.isEmpty ? nil : stored
    func fire(_ kind: EventTriggerKind, _ place: String) throws {
      let outcome = try EventTrigger.fire(
        kind, place: place, in: store, deliverer: deliverer, environment: environment)
      look.outcome.fired += outcome.fired
      look.outcome.pending += outcome.pending
      look.outcome.skipped += outcome.skipped
      look.outcome.candidates += outcome.candidates
    }
    func seconds(since key: String) throws -> Int64? {
      try store.settings.setting(key).flatMap(Int64.init).map { (now.milliseconds - $0) / 1000 }
    }
    func depart(_ place: String) throws {
      look.events.append("left \(place)")
      try store.settings.setSetting(leftPrefix + place, String(now.milliseconds))
      try fire(.departure, place)
    }
    if here == previous {
      // Back before the departure counted: nothing happened.
      try store.settings.removeSetting(leavingKey)
      return look
    }
    guard let here else {
      // The place is lost: a departure once it has stayed lost.
      guard let previous else { return look }
      let leaving = try store.settings.setting(leavingKey).map { $0.split(separator: "|") }
      guard let leaving, leaving.count == 2, leaving[0] == previous,
        let since = Int64(leaving[1])
      else {
        try store.settings.setSetting(leavingKey, previous + "|" + String(now.milliseconds))
        return look
      }
      guard (now.milliseconds - since) / 1000 >= departureAfterSeconds else { return look }
      try store.settings.removeSetting(leavingKey)
      try store.settings.setSetting(placeKey, "")
      try depart(previous)
      return look
    }
    try store.settings.removeSetting(leavingKey)
    try store.settings.setSetting(placeKey, here)
    if let previous { try depart(previous) }
    let recentArrival = try seconds(since: arrivedPrefix + here).map { $0 < cooldownSeconds }
    let recentlyLeft = try seconds(since: leftPrefix + here).map { $0 < cooldownSeconds }
    if recentArrival == true || recentlyLeft == true {
      look.events.append(
        "back at \(here) within \(cooldownSeconds / 60) minutes: no arrival prompt")
      return look
    }
    look.events.append("arrived at \(here)")
    try store.settings.setSetting(arrivedPrefix + here, String(now.milliseconds))
    try fire(.arrival, here)
    return look
  }
}
