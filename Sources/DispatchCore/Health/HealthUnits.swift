/// Converting between the units exports write (docs/formats/apple-health.md#types-and-units): the
/// same type arrives in the user's preferred units, which change over the years (`lb` then `kg`).
public enum HealthUnits {
  /// Each unit as a factor of its dimension's base unit (temperatures are not linear and are
  /// handled apart).
  private static let factors: [String: (dimension: String, factor: Double)] = [
    "kcal": ("energy", 1), "Cal": ("energy", 1), "cal": ("energy", 0.001),
    "kJ": ("energy", 1 / 4.184),
    "J": ("energy", 1 / 4184),
    "m": ("length", 1), "km": ("length", 1000), "cm": ("length", 0.01), "mm": ("length", 0.001),
    "mi": ("length", 1609.344), "ft": ("length", 0.3048), "in": ("length", 0.0254),
    "yd": ("length", 0.9144),
    "kg": ("mass", 1), "g": ("mass", 0.001), "mg": ("mass", 1e-6), "mcg": ("mass", 1e-9),
    "lb": ("mass", 0.453_592_37), "oz": ("mass", 0.028_349_523_125), "st": ("mass", 6.350_293_18),
    "L": ("volume", 1), "mL": ("volume", 0.001), "fl_oz_us": ("volume", 0.029_573_529_562_5),
    "cup_us": ("volume", 0.236_588_236_5),
    "s": ("time", 1), "min": ("time", 60), "hr": ("time", 3600), "ms": ("time", 0.001),
    "d": ("time", 86_400),
    "m/s": ("speed", 1), "km/hr": ("speed", 1 / 3.6), "mi/hr": ("speed", 0.447_04),
  ]

  /// `value` in `unit` expressed in `target`; nil when the two do not measure the same thing.
  public static func convert(_ value: Double, from unit: String, to target: String) -> Double? {
    if unit == target { return value }
    if let celsius = celsius(value, unit), target == "degC" || target == "degF" {
      return target == "degC" ? celsius : celsius * 9 / 5 + 32
    }
    guard let source = factors[unit], let goal = factors[target], source.dimension == goal.dimension
    else { return nil }
    return value * source.factor / goal.factor
  }

  private static func celsius(_ value: Double, _ unit: String) -> Double? {
    switch unit {
    case "degC": value
    case "degF": (value - 32) * 5 / 9
    default: nil
    }
  }
}
