/// Whether the whole of `text` is one plain non-negative decimal such as `12`, `0.4` or `.1`.
///
/// Introspective's "is a number" test (docs/formats/introspective.md#numbers-in-text), used by
/// Frequency parsing (docs/formats/introspective.md#frequency) and graph axis ordering; see
/// ``PlainNumber`` for the exact grammar.
public func isPlainNumber(_ text: String) -> Bool {
  PlainNumber.isWhole(text)
}

/// Finds numbers written inside free text the way Introspective does.
///
/// A number is the regular expression `[0-9]*\.?[0-9]+`
/// (docs/formats/introspective.md#numbers-in-text): ASCII digits only, at most one dot, no sign, no
/// exponent, no digit grouping, and it must end in a digit (`.5` is a number, `5.` is not). Other
/// scripts' digits (`٣`, `３`) are deliberately not digits here, so every parser built on this type
/// reads the same text the same way on every locale.
///
/// (The type is not called `NumberText`: DispatchCLI already has an internal type of that name.)
enum PlainNumber {
  /// Whether the whole of `text` is one plain number.
  static func isWhole(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return !scalars.isEmpty && matchLength(in: scalars, from: 0) == scalars.count
  }

  /// The plain number at the very start of `text`, if the text starts with one.
  ///
  /// This is the anchored match `^[0-9]*\.?[0-9]+` that Dosage parsing uses
  /// (docs/formats/introspective.md#dosage).
  static func leadingNumber(of text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    let length = matchLength(in: scalars, from: 0)
    return length == 0 ? nil : string(scalars[0..<length])
  }

  /// The leftmost plain number anywhere in `text`, e.g. `2.5` in `every 2.5 hours`.
  ///
  /// EasyPill's "every N hours" texts take N from here
  /// (docs/formats/introspective.md#easypill-medications).
  static func firstNumber(in text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    for start in scalars.indices {
      let length = matchLength(in: scalars, from: start)
      if length > 0 { return string(scalars[start..<(start + length)]) }
    }
    return nil
  }

  /// Length of the longest `[0-9]*\.?[0-9]+` match starting at `start`, 0 when there is none.
  private static func matchLength(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count, isDigit(scalars[index]) { index += 1 }
    let integerEnd = index
    if index < scalars.count, scalars[index] == "." {
      var fractionEnd = index + 1
      while fractionEnd < scalars.count, isDigit(scalars[fractionEnd]) { fractionEnd += 1 }
      // A dot only belongs to the number when at least one digit follows it.
      if fractionEnd > index + 1 { return fractionEnd - start }
    }
    return integerEnd - start
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x30 && scalar.value <= 0x39
  }

  private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }
}

extension Double {
  /// The number as Swift prints it but without a trailing `.0`, as Introspective shows amounts
  /// (docs/formats/introspective.md#dosage, docs/formats/introspective.md#frequency):
  /// `50.0` → `50`, `12.5` → `12.5`.
  var introspectiveText: String {
    let text = String(self)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
