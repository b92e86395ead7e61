import DispatchCore

/// The times of heart-rate-variability beats: a time of day written in the phone's locale,
/// with no date and no offset (`11:26:02.34 PM`, `08:33:44,67`, a narrow no-break space before
/// the AM/PM on newer systems; docs/formats/apple-health.md#hrv-beat-lists). The date comes from
/// the parent sample's start; a list that runs past midnight moves to the next day.
package enum HealthBeatTime {
  /// The instant of a beat written `text`, given the previous beat's instant and the parent
  /// sample's start and offset; nil when the text is no time of day.
  static func instant(_ text: String, after previous: Int64?, parentStart: Int64, offset: Int32)
    -> Int64?
  {
    guard let milliseconds = millisecondsOfDay(text) else { return nil }
    let localStart = parentStart + Int64(offset) * 1000
    let day = localStart.floorDivided(by: 86_400_000).quotient
    // The candidate nearest the parent's start (beats begin with the measurement), then
    // forward from the previous beat: times never go back within a list.
    var candidate = (day * 86_400_000 + milliseconds) - Int64(offset) * 1000
    let halfDay: Int64 = 43_200_000
    if candidate - parentStart > halfDay { candidate -= 86_400_000 }
    if parentStart - candidate > halfDay { candidate += 86_400_000 }
    if let previous, candidate < previous - 60_000 { candidate += 86_400_000 }
    return candidate
  }

  /// Milliseconds since midnight of `h:mm:ss[.ff] [AM|PM]`, `.` or `,` before the fraction.
  static func millisecondsOfDay(_ text: String) -> Int64? {
    var hours = 0
    var minutes = 0
    var seconds = 0
    var fraction = 0
    var fractionDigits = 0
    var field = 0
    var digits = 0
    var meridiem: Character?
    for character in text {
      if let digit = character.wholeNumberValue, character.isASCII {
        digits += 1
        switch field {
        case 0: hours = hours * 10 + digit
        case 1: minutes = minutes * 10 + digit
        case 2: seconds = seconds * 10 + digit
        default:
          if fractionDigits < 3 {
            fraction = fraction * 10 + digit
            fractionDigits += 1
          }
        }
      } else if character == ":" && field < 2 && digits > 0 {
        field += 1
        digits = 0
      } else if (character == "." || character == ",") && field == 2 && digits > 0 {
        field = 3
        digits = 0
      } else if character == " " || character == "\u{202F}" || character == "\u{A0}" {
        continue
      } else if meridiem == nil, "AaPp".contains(character) {
        meridiem = character
      } else if meridiem != nil, "Mm".contains(character) {
        continue
      } else {
        return nil
      }
    }
    guard field >= 2, minutes < 60, seconds < 61 else { return nil }
    if let meridiem {
      guard (1...12).contains(hours) else { return nil }
      hours %= 12
      if meridiem == "P" || meridiem == "p" { hours += 12 }
    }
    guard hours < 24 else { return nil }
    while fractionDigits > 0 && fractionDigits < 3 {
      fraction *= 10
      fractionDigits += 1
    }
    return Int64(((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction)
  }
}
