import DispatchCore
import Foundation

/// Failed sign-ins per client address: after `limit` failures within `window`, the address is
/// refused (429) until the oldest failure leaves the window, so a token cannot be guessed.
final class LoginThrottle: @unchecked Sendable {
  // @unchecked: `failures` is read and changed only under `lock`.
  private let lock = NSLock()
  private var failures: [String: [Instant]] = [:]
  let limit: Int
  let windowSeconds: Int64

  init(limit: Int = 10, windowSeconds: Int64 = 60) {
    self.limit = limit
    self.windowSeconds = windowSeconds
  }

  /// Whether `client` may try again at `now`.
  func allows(_ client: String, at now: Instant) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    let recent = (failures[client] ?? []).filter {
      now.milliseconds - $0.milliseconds < windowSeconds * 1000
    }
    failures[client] = recent.isEmpty ? nil : recent
    return recent.count < limit
  }

  /// Notes a failed attempt by `client`.
  func recordFailure(_ client: String, at now: Instant) {
    lock.lock()
    defer { lock.unlock() }
    failures[client, default: []].append(now)
    // A flood from many addresses must not grow without bound.
    if failures.count > 10_000 { failures.removeAll() }
  }
}
