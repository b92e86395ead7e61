import Foundation

/// An amount of a medication with a free-text unit, e.g. `50 mg`
/// (docs/formats/introspective.md#dosage).
///
/// Dosages compare by their **base-unit amount**: a metric prefix recognised in the unit scales
/// the amount (20 dg == 2 g), anything else counts as a base unit. `==` and `<` never check the
/// dimension, so 1 g == 1 L == 1 pill, as in Introspective (imports match its records that
/// way); the query language compares a ``measure`` only within its ``Dimension``.
public struct Dosage: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The amount in `unit`.
  public var amount: Double
  /// The unit as written, e.g. `mg`, `mL`, `milligrams` or `pill`; may be empty.
  public var unit: String

  /// A dosage of `amount` in `unit`.
  public init(amount: Double, unit: String) {
    self.amount = amount
    self.unit = unit
  }

  /// Reads text such as `50mg`, `12.5 mg` or `.1milligrams` (docs/formats/introspective.md#dosage).
  ///
  /// The text must start with `[0-9]*\.?[0-9]+` (ASCII digits, no sign, no exponent); the unit
  /// is the rest of the text with that number removed and whitespace trimmed. Introspective
  /// removes *every* occurrence of the number text, so `5mg per 5` reads as 5 `mg per`; that
  /// quirk is kept so imported records match. Returns nil when the text does not start with a
  /// number, or when the number is too large to be finite.
  public init?(parsing text: String) {
    guard let number = PlainNumber.leadingNumber(of: text),
      let amount = Double(number), amount.isFinite
    else { return nil }
    self.amount = amount
    self.unit = text.replacingOccurrences(of: number, with: "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `50 mg`, `12.5 mg`, `3 L`: the amount without a trailing `.0`, a space, the unit; just the
  /// amount when the unit is empty.
  public var description: String {
    unit.isEmpty ? amount.introspectiveText : amount.introspectiveText + " " + unit
  }

  /// The amount in the unit with its metric prefix removed: 250 mg → 0.25.
  public var baseAmount: Double {
    amount / Self.factor(of: unit)
  }

  /// The same quantity expressed in `newUnit`, converted with the same prefix rules.
  ///
  /// `Dosage(amount: 2, unit: "g").inUnits("mg")` is 2000 mg; with no recognised prefix on
  /// either side the amount is unchanged (there is no dimension checking).
  public func inUnits(_ newUnit: String) -> Dosage {
    Dosage(amount: baseAmount * Self.factor(of: newUnit), unit: newUnit)
  }

  /// The mean of `dosages` expressed in the first dosage's unit; nil for an empty list.
  ///
  /// The "Average" aggregation over doses (docs/charts.md#graph-grouping-and-aggregation,
  /// docs/formats/introspective.md#reference-vectors): 1 L, 20 dl, 300 cl, 4000 mL and 5,000,000 µL
  /// average to 3 L.
  public static func average(_ dosages: [Dosage]) -> Dosage? {
    guard let first = dosages.first else { return nil }
    let total = dosages.reduce(0) { $0 + $1.baseAmount }
    return Dosage(amount: total / Double(dosages.count), unit: "").inUnits(first.unit)
  }

  /// Equal when the base-unit amounts are equal (docs/formats/introspective.md#dosage), whatever
  /// the units say.
  public static func == (lhs: Dosage, rhs: Dosage) -> Bool {
    lhs.baseAmount == rhs.baseAmount
  }

  /// Ordered by base-unit amount (docs/formats/introspective.md#dosage): 2 mg < 2 dg.
  public static func < (lhs: Dosage, rhs: Dosage) -> Bool {
    lhs.baseAmount < rhs.baseAmount
  }

  /// Hashes the base-unit amount so that equal dosages (20 dg, 2 g) hash alike.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(baseAmount)
  }

  /// How many of `unit` make one base unit, from its metric prefix
  /// (docs/formats/introspective.md#dosage).
  ///
  /// The checks run deci, centi, milli, micro, like Introspective's, and mix exact
  /// case-sensitive symbols (`dL`, `mcg`) with lower-cased prefixes (`milli…`, the common
  /// misspelling `mili…`, `micro…`). Both the micro sign U+00B5 and the Greek mu U+03BC count
  /// as `µ`, since keyboards produce either.
  static func factor(of unit: String) -> Double {
    let lower = unit.lowercased()
    if unit == "dg" || unit == "dl" || unit == "dL" || lower.hasPrefix("deci") { return 10 }
    if unit == "cg" || unit == "cl" || unit == "cL" || lower.hasPrefix("centi") { return 100 }
    if unit == "mg" || unit == "ml" || unit == "mL" || lower.hasPrefix("milli")
      || lower.hasPrefix("mili")
    {
      return 1000
    }
    if unit == "mcg" || lower == "ug" || lower == "mcl" || lower == "ul"
      || lower.hasPrefix("\u{00B5}") || lower.hasPrefix("\u{03BC}") || lower.hasPrefix("micro")
    {
      return 1_000_000
    }
    return 1
  }
}

extension Dosage {
  /// What a dosage measures. The query language compares dosages of one dimension only
  /// (docs/query-language.md#attribute-kinds-and-their-operators): 1 kg and 1000 IU are not comparable.
  public enum Dimension: Hashable, Sendable, CustomStringConvertible {
    case mass, volume, internationalUnits, count
    /// A unit Dispatch does not know (`spoonful`), comparable only with itself.
    case other(String)

    /// `mass`, `volume`, `IU`, `count`, or `other:spoonful`: the key SQL compares.
    public var key: String {
      switch self {
      case .mass: return "mass"
      case .volume: return "volume"
      case .internationalUnits: return "IU"
      case .count: return "count"
      case .other(let unit): return "other:" + unit
      }
    }

    /// `masses`, `volumes`, `IU amounts`, `counts`, `'spoonful' amounts`, for messages.
    public var description: String {
      switch self {
      case .mass: return "masses"
      case .volume: return "volumes"
      case .internationalUnits: return "IU amounts"
      case .count: return "counts (tablets, pills, drops …)"
      case .other(let unit): return "amounts in '\(unit)'"
      }
    }
  }

  private static let countWords: Set<String> = [
    "", "pill", "tablet", "tab", "capsule", "cap", "drop", "puff", "dose", "spray", "lozenge",
    "sachet", "patch", "piece", "softgel", "gummy", "gummie", "chewable", "unit", "x",
  ]

  /// The unit's dimension and how many base units (g, L, IU, one) one of it is, kilo included.
  private var unitMeasure: (dimension: Dimension, factor: Double) {
    var word = unit.lowercased().trimmingCharacters(in: .whitespaces)
    if word.hasSuffix(".") { word.removeLast() }
    if word.count > 1, word.hasSuffix("s") { word.removeLast() }
    switch word {
    case "iu", "i.u", "international unit": return (.internationalUnits, 1)
    case "kg", "kilogram", "kilogramme": return (.mass, 1000)
    case "kl", "kiloliter", "kilolitre": return (.volume, 1000)
    default: break
    }
    let grams = ["g", "gram", "gramme"]
    let litres = ["l", "liter", "litre"]
    let prefixes = [
      "", "d", "c", "m", "mc", "u", "\u{00B5}", "\u{03BC}", "deci", "centi", "milli",
      "mili", "micro",
    ]
    for prefix in prefixes {
      if grams.contains(where: { prefix + $0 == word }) {
        return (.mass, 1 / Self.factor(of: word))
      }
      if litres.contains(where: { prefix + $0 == word }) {
        return (.volume, 1 / Self.factor(of: word))
      }
    }
    if Self.countWords.contains(word) { return (.count, 1) }
    return (.other(word), 1)
  }

  /// What the dosage measures.
  public var dimension: Dimension { unitMeasure.dimension }

  /// The amount in its dimension's base unit (grams, litres, IU, a count), kilograms and
  /// kilolitres included: what the query language compares and charts.
  public var measure: Double {
    let (_, factor) = unitMeasure
    return amount * factor
  }
}
