import DispatchCore
import Foundation

/// Turns local dates and wall times in one zone into instants, the way Foundation does.
///
/// Everything goes through `Calendar.date(from:)` with a Gregorian calendar set to the zone: a
/// wall time the clock skips (a DST gap) resolves forward and days are never 86,400 s, so a
/// weekly 09:00 meeting stays at 09:00 across clock changes.
struct ICalZoneClock {
  let calendar: Calendar

  init(_ zone: TimeZone) {
    calendar = .gregorian(in: zone)
  }

  var timeZone: TimeZone { calendar.timeZone }

  /// The instant of `time` on `date`; nil only if Foundation cannot build it.
  func instant(_ date: ICalDate, _ time: ICalTime) -> Instant? {
    let components = DateComponents(
      year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute,
      second: time.second)
    return calendar.date(from: components).flatMap(Instant.init(checked:))
  }

  /// The local date an instant falls on in this zone.
  /// Instants beyond ±300,000 years are clamped first so the arithmetic cannot overflow.
  func date(of instant: Instant) -> ICalDate {
    let limit: Int64 = 10_000_000_000_000_000
    let clamped = Instant(milliseconds: min(max(instant.milliseconds, -limit), limit))
    let offset = Int64(timeZone.secondsFromGMT(for: clamped.date))
    let days = (clamped.milliseconds + offset * 1_000).floorDivided(by: 86_400_000).quotient
    return ICalDate(dayNumber: Int(days))
  }

  /// The end of an event that starts at `time` on `date` and lasts `length`: nominal days move
  /// the date, then the exact part is added. Never before the start.
  func end(from date: ICalDate, _ time: ICalTime, start: Instant, length: ICalLength) -> Instant {
    var end = start
    if length.days != 0, let moved = instant(date.adding(days: length.days), time) {
      end = moved
    }
    end = Instant(milliseconds: end.milliseconds + length.milliseconds)
    return max(end, start)
  }
}

extension Instant {
  /// An instant from a Foundation date, or nil when the date is not finite or is too far from
  /// the epoch for whole milliseconds in 64 bits (which would trap).
  init?(checked date: Date) {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite, abs(seconds) < 1e13 else { return nil }
    self.init(secondsSince1970: seconds)
  }
}

/// Resolves a parsed value's zone: `TZID` via `TimeZone(identifier:)`, floating and `DATE`
/// values in the caller's default zone, `Z` in UTC. Remembers unknown identifiers so each is
/// reported once per file.
struct ICalZones {
  let defaultZone: TimeZone
  private var known: [String: TimeZone?] = [:]
  /// Unknown `TZID`s in the order first seen.
  private(set) var unknown: [String] = []

  init(defaultZone: TimeZone) {
    self.defaultZone = defaultZone
  }

  /// The zone a value's wall time is read in.
  mutating func zone(of value: ICalDateValue) -> TimeZone {
    switch value.zone {
    case .utc: return TimeZone(identifier: "UTC") ?? defaultZone
    case .floating: return defaultZone
    case .identifier(let tzid):
      if let cached = known[tzid] { return cached ?? defaultZone }
      // Some exporters write globally unique ids as `/Area/City`.
      let trimmed = tzid.hasPrefix("/") ? String(tzid.dropFirst()) : tzid
      // Only plausible tz database names reach Foundation, never arbitrary file text.
      let plausible =
        trimmed.utf8.count <= 64 && !trimmed.contains("..")
        && trimmed.unicodeScalars.allSatisfy { $0.isASCII && Self.nameCharacters.contains($0) }
      let zone = plausible ? TimeZone(identifier: trimmed) : nil
      known[tzid] = .some(zone)
      if zone == nil { unknown.append(tzid) }
      return zone ?? defaultZone
    }
  }

  private static let nameCharacters = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_+-".unicodeScalars)
}
