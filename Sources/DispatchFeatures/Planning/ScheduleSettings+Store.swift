import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

extension ScheduleSettings {
  /// The settings stored in `store`; a missing or unreadable value keeps its default.
  public static func load(from store: DispatchStore) throws -> ScheduleSettings {
    var settings = ScheduleSettings()
    for field in ScheduleSettingField.all {
      if let text = try store.settings.setting(field.key) {
        try? field.apply(&settings, text)
      }
    }
    return settings
  }

  /// Why these settings cannot be met, or nil when they can (docs/schedule.md#settings: refused,
  /// never silently reduced).
  public func problem() -> String? {
    if window.nominalMinutes == 0 {
      return "the window \(window) has no length; use different start and end times"
    }
    if seeding == .compatible && distribution == .refractory {
      return "the refractory distribution needs private seeding; Dispatch has no such sampler"
    }
    for time in fixedTimes where !Self.contains(window, time) {
      return "the fixed time \(time) is outside the window \(window)"
    }
    if randomPromptsEnabled && promptsPerDay > maximumPromptsPerDay {
      let maximum = maximumPromptsPerDay
      return maximum == 0
        ? "no random prompt fits the window \(window) with a \(minimumGapMinutes)-minute gap"
          + " around the fixed times; shorten the gap or widen the window"
        : "\(promptsPerDay) prompts a day do not fit the window \(window) with a "
          + "\(minimumGapMinutes)-minute gap\(fixedTimes.isEmpty ? "" : " and the fixed times");"
          + " the maximum is \(maximum)"
    }
    return nil
  }

  private static func contains(_ window: AwakeWindow, _ time: WallClockTime) -> Bool {
    var minutes = time.minutes - window.start.minutes
    if minutes < 0 { minutes += 1440 }
    return minutes < window.nominalMinutes
  }

  /// Sets one field from text and stores it, refusing values that make the schedule
  /// impossible. Returns the value as stored (clamped where Dispatch clamps).
  @discardableResult
  public static func set(_ name: String, to text: String, in store: DispatchStore) throws
    -> String
  {
    guard let field = ScheduleSettingField.named(name) else {
      let names = ScheduleSettingField.all.map(\.name)
      let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
      throw DispatchError(
        .unknownReference, "no setting named '\(name)'" + (hint ?? "; see 'dispatch settings get'"))
    }
    var settings = try load(from: store)
    try field.apply(&settings, text)
    if let problem = settings.problem() { throw DispatchError(.invalidValue, problem) }
    let value = field.format(settings)
    try store.settings.setSetting(field.key, value)
    return value
  }

  /// The zone plans use: the setting, else the machine's.
  public var zone: TimeZone {
    timeZoneIdentifier.flatMap(ZoneLookup.zone) ?? ZoneLookup.zone(ZoneLookup.currentIdentifier)
      ?? TimeZone.current
  }

  /// The store's planning secret, made on first use from the system's random source (32 bytes,
  /// kept in the store, which only its owner can read).
  public static func planSecret(in store: DispatchStore) throws -> [UInt8] {
    if let hex = try store.settings.setting(secretKey), let bytes = bytes(fromHex: hex),
      bytes.count == 32
    {
      return bytes
    }
    guard let bytes = try? SecureRandom.bytes(32) else {
      throw DispatchError(.conflict, "the system has no random bytes for the planning secret")
    }
    try store.settings.setSetting(secretKey, bytes.map { String(format: "%02x", $0) }.joined())
    return bytes
  }

  package static let secretKey = "schedule.secret"

  private static func bytes(fromHex hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(byte)
    }
    return bytes
  }
}

extension ScheduleSettings {
  /// Every setting's value as `dispatch settings get` prints it, by command-line name. A URL's
  /// credentials and query values are shown as `***` (a catalog URL may carry a token); the
  /// store keeps them.
  public static func values(in store: DispatchStore) throws -> [String: String] {
    let settings = try load(from: store)
    return Dictionary(
      uniqueKeysWithValues: ScheduleSettingField.all.map {
        ($0.name, URLRedaction.redacted($0.format(settings)))
      })
  }
}
