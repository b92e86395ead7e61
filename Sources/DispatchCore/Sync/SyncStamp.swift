/// When a change happened, as a hybrid logical clock stamps it (docs/sync.md#clocks): the
/// device's wall time in milliseconds, a counter for changes within one millisecond or while
/// the wall clock lags a time already seen, and the device's ID, which breaks the last ties.
/// Stamps order by all three, so every device puts every change in the same order, and a
/// change made after another was seen always stamps later, whatever the devices' clocks say.
public struct SyncStamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let milliseconds: Int64
  public let counter: Int
  public let device: String

  public init(milliseconds: Int64, counter: Int, device: String) {
    self.milliseconds = milliseconds
    self.counter = counter
    self.device = device
  }

  public static func < (left: SyncStamp, right: SyncStamp) -> Bool {
    (left.milliseconds, left.counter, left.device)
      < (right.milliseconds, right.counter, right.device)
  }

  /// `0001764950400000-00000003-laptop`: fixed-width numbers, so the texts sort as the stamps.
  public var description: String {
    Self.padded(milliseconds, 16) + "-" + Self.padded(Int64(counter), 8) + "-" + device
  }

  /// The stamp `text` writes (``description``); nil for anything else.
  public init?(text: String) {
    let parts = text.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 16, parts[1].count == 8, !parts[2].isEmpty,
      parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit),
      let milliseconds = Int64(parts[0]), let counter = Int(parts[1])
    else { return nil }
    self.init(milliseconds: milliseconds, counter: counter, device: String(parts[2]))
  }

  private static func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// A device's hybrid logical clock: each local change takes a stamp later than every stamp the
/// device made or has seen, and as close to its wall clock as that allows.
public struct HybridClock: Sendable, Equatable {
  public let device: String
  /// The latest stamp made or seen.
  public private(set) var latest: SyncStamp

  /// A clock for `device` that has seen `latest` (the newest stamp in its store), or nothing.
  public init(device: String, latest: SyncStamp? = nil) {
    self.device = device
    self.latest = latest ?? SyncStamp(milliseconds: 0, counter: 0, device: device)
  }

  /// The stamp of a change made now (`now`: the wall clock in milliseconds).
  public mutating func stamp(now: Int64) -> SyncStamp {
    let milliseconds = max(latest.milliseconds, now)
    let counter = milliseconds == latest.milliseconds ? latest.counter + 1 : 0
    latest = SyncStamp(milliseconds: milliseconds, counter: counter, device: device)
    return latest
  }

  /// Takes in a stamp from another device, so later local changes stamp after it.
  public mutating func observe(_ remote: SyncStamp, now: Int64) {
    let milliseconds = max(latest.milliseconds, remote.milliseconds, now)
    let counter: Int
    if milliseconds == latest.milliseconds && milliseconds == remote.milliseconds {
      counter = max(latest.counter, remote.counter) + 1
    } else if milliseconds == latest.milliseconds {
      counter = latest.counter + 1
    } else if milliseconds == remote.milliseconds {
      counter = remote.counter + 1
    } else {
      counter = 0
    }
    latest = SyncStamp(milliseconds: milliseconds, counter: counter, device: device)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
