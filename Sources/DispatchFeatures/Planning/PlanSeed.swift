import DispatchCore
import DispatchSupport
import Foundation

/// Private mode's day seeds: HMAC-SHA-256 of the day's description under the store's secret
/// (docs/schedule.md#random-numbers).
///
/// Without the secret nobody can guess a day's times, two stores with the same settings get
/// different ones, and the same store gets the same times for the same day and settings after
/// any number of restarts. Changing a setting that shapes the day gives it new times.
struct PlanSeed {
  /// 32 random bytes kept in the store (settings key `schedule.secret`, hex).
  let secret: [UInt8]

  /// The seed for one day of one schedule (`main`, or a group's ID) in one zone, under the
  /// settings that shape it.
  func seed(day: LocalDate, zone: String, scope: String, shape: String) -> UInt64 {
    let message = Array(
      ["dispatch-plan-1", day.description, zone, scope, shape].joined(
        separator: "\u{1F}"
      ).utf8)
    let digest = SecureHash.hmacSHA256(key: secret, message: message)
    return digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
  }
}
