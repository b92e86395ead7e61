import DispatchCommandLine
import DispatchKit
import Foundation

extension Invocation {
  /// The instant a day option names: noon of a `YYYY-MM-DD`, `today`, `yesterday` or `Nd` day
  /// in `zone`, or an ISO-8601 instant; `now` when the option is absent.
  func dayInstant(_ name: String, zone: TimeZone, now: Instant) throws -> Instant {
    guard let text = value(name) else { return now }
    switch DateArgument.parse(text, zone: zone, now: now, endOfDay: false) {
    case .instant(let instant):
      return instant
    case .localDay(let day):
      let noon = Int64(day) * 86_400 + 43_200
      let offset = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(noon))))
      return Instant(milliseconds: (noon - offset) * 1000)
    case nil:
      throw usage(
        "'\(text)' is not a date for --\(name): use YYYY-MM-DD, today, yesterday or Nd")
    }
  }
}

extension Invocation {
  /// A date bound option (`--from`, `--to`): a day each record reads in its own local time, or
  /// an instant; nil when absent. `endOfDay` makes a day include itself (for `--to`).
  func dateBound(_ name: String, endOfDay: Bool, zone: TimeZone, now: Instant) throws(CLIError)
    -> DateBound?
  {
    guard let text = value(name) else { return nil }
    guard let bound = DateArgument.parse(text, zone: zone, now: now, endOfDay: endOfDay) else {
      throw usage(
        "'\(text)' is not a date for --\(name): use YYYY-MM-DD, today, yesterday, Nd or an ISO-8601 instant"
      )
    }
    return bound
  }
}
