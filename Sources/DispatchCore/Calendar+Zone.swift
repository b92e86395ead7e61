import Foundation

extension Calendar {
  /// The Gregorian calendar in `zone`: what every wall-clock computation here uses, never the
  /// user's locale calendar.
  package static func gregorian(in zone: TimeZone) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    return calendar
  }
}
