/// Numbers as people read them in Dispatch's human output (JSON keeps plain numbers): one
/// style everywhere, so "1,338 reports" never sits beside "1338".
public enum DisplayNumber {
  /// A whole number with `,` between groups of three digits: `1,338`, `-12,000`.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var text = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  /// `value` rounded to a whole number, grouped; non-finite or huge values read 0.
  public static func grouped(_ value: Double) -> String {
    let rounded = value.rounded()
    guard rounded.isFinite, abs(rounded) < 9e15 else { return "0" }
    return grouped(Int(rounded))
  }

  /// A duration in seconds as `3 h 25 min`, `47 min` or `35 s`: whole minutes from a minute
  /// up, whole hours and minutes from an hour up.
  public static func duration(seconds: Double) -> String {
    guard seconds.isFinite, seconds >= 0 else { return "0 s" }
    let total = Int(seconds.rounded())
    if total < 60 { return "\(total) s" }
    let minutes = (total + 30) / 60
    if minutes < 60 { return "\(minutes) min" }
    let hours = minutes / 60
    return minutes % 60 == 0 ? "\(hours) h" : "\(hours) h \(minutes % 60) min"
  }
}
