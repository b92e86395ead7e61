/// A strict fixed-width ISO-8601 date-time parser.
struct ISO8601Scanner {
  private let bytes: [UInt8]
  private var index = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  mutating func parse() -> (instant: Instant, offsetSeconds: Int)? {
    guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2),
      expect(UInt8(ascii: "-")), let day = digits(2), expect(UInt8(ascii: "T")),
      let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2),
      expect(UInt8(ascii: ":")), let second = digits(2)
    else { return nil }
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var fractionMs = 0.0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 100.0
      let start = index
      while index < bytes.count, let digit = digitValue(bytes[index]) {
        fractionMs += Double(digit) * scale
        scale /= 10
        index += 1
      }
      guard index > start else { return nil }
    }
    guard let offset = zone(), index == bytes.count else { return nil }
    let days = CivilTime.days(year: year, month: month, day: day)
    // Day 31 passes the range check in every month; a date that does not round-trip, such as
    // 2026-02-30, would otherwise roll over into the next month.
    let civil = CivilTime.civil(fromDays: days)
    guard civil.month == month, civil.day == day else { return nil }
    let localSeconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    let ms = (localSeconds - Int64(offset)) * 1000 + Int64(fractionMs.rounded())
    return (Instant(milliseconds: ms), offset)
  }

  private mutating func zone() -> Int? {
    guard index < bytes.count else { return nil }
    let sign = bytes[index]
    if sign == UInt8(ascii: "Z") {
      index += 1
      return 0
    }
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
    index += 1
    guard let hours = digits(2) else { return nil }
    if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
    guard let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
    let seconds = hours * 3600 + minutes * 60
    return sign == UInt8(ascii: "-") ? -seconds : seconds
  }

  private mutating func expect(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func digits(_ count: Int) -> Int? {
    guard index + count <= bytes.count else { return nil }
    var value = 0
    for offset in 0..<count {
      guard let digit = digitValue(bytes[index + offset]) else { return nil }
      value = value * 10 + digit
    }
    index += count
    return value
  }

  private func digitValue(_ byte: UInt8) -> Int? {
    byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
  }
}
