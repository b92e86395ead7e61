import DispatchKit
import Foundation

/// Hands out `ID-0001`, `ID-0002`, … so tests can name the records a store creates.
final class SequentialIDGenerator: IDGenerator, @unchecked Sendable {
  // @unchecked: the counter is only touched under `lock`.
  private let lock = NSLock()
  private var next = 1
  private let prefix: String

  init(prefix: String = "ID") {
    self.prefix = prefix
  }

  func makeID() -> String {
    lock.lock()
    defer { lock.unlock() }
    let number = next
    next += 1
    let digits = String(number)
    return prefix + "-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
