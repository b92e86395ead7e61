import DispatchKit
import Foundation

/// A clock tests move forward by hand.
final class SteppingClock: WallClock, @unchecked Sendable {
  // @unchecked: `instant` is only touched under `lock`.
  private let lock = NSLock()
  private var instant: Instant

  init(_ start: Instant) {
    instant = start
  }

  func now() -> Instant {
    lock.lock()
    defer { lock.unlock() }
    return instant
  }

  func advance(seconds: Int64) {
    lock.lock()
    defer { lock.unlock() }
    instant = instant.adding(seconds: seconds)
  }
}
