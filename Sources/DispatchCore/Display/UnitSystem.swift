/// How measures are shown to a person: metric (°C, km, kg) or imperial (°F, mi, lb). Stored
/// values never change — weather stays in °C, Health samples in the unit they were exported
/// in — only what human output prints converts (JSON keeps the stored numbers and units).
public enum UnitSystem: String, CaseIterable, Sendable {
  case metric, imperial

  /// The regions whose people read imperial measures: the United States, Liberia, Myanmar.
  private static let imperialRegions: Set<String> = ["US", "LR", "MM"]

  /// The system of the POSIX locale in `environment`: `LC_ALL`, then `LC_MEASUREMENT`, then
  /// `LANG`, as the C library resolves them; imperial for `en_US.UTF-8` and the other imperial
  /// regions, metric for every other locale and for `C`/`POSIX` or none.
  public init(localeEnvironment environment: [String: String]) {
    let locale = ["LC_ALL", "LC_MEASUREMENT", "LANG"]
      .lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    self =
      locale.flatMap(Self.region).map(Self.imperialRegions.contains) == true
      ? .imperial : .metric
  }

  /// `US` from `en_US.UTF-8@euro`: the part after `_`, before `.` or `@`.
  private static func region(of locale: String) -> String? {
    guard let underscore = locale.firstIndex(of: "_") else { return nil }
    let rest = locale[locale.index(after: underscore)...]
    return String(rest.prefix { $0 != "." && $0 != "@" }).uppercased()
  }
}

/// A measure converted for display: value and the unit to print after it.
public struct DisplayMeasure: Sendable, Equatable {
  public let value: Double
  public let unit: String

  public init(value: Double, unit: String) {
    self.value = value
    self.unit = unit
  }

  /// `value` in `unit` (as Apple Health or a sensor wrote it) in the units of `system`;
  /// a unit with no counterpart (counts, bpm, kcal, mg, %) is kept as it is.
  public init(_ value: Double, unit: String, in system: UnitSystem) {
    let table = system == .imperial ? Self.toImperial : Self.toMetric
    if let conversion = table[unit] {
      self.init(value: conversion.convert(value), unit: conversion.unit)
    } else {
      self.init(value: value, unit: unit)
    }
  }

  /// A weather temperature, stored in °C: `21.5°C` or `71°F` (Fahrenheit degrees are small
  /// enough that a tenth says nothing).
  public static func temperature(celsius: Double, in system: UnitSystem) -> String {
    switch system {
    case .metric: return "\(tenths(celsius))°C"
    case .imperial: return "\(DisplayNumber.grouped(celsius * 1.8 + 32))°F"
    }
  }

  /// A wind speed stored in km/h: `14.4 km/h` or `9 mph`.
  public static func speed(kilometresPerHour: Double, in system: UnitSystem) -> String {
    switch system {
    case .metric: return "\(tenths(kilometresPerHour)) km/h"
    case .imperial: return "\(DisplayNumber.grouped(kilometresPerHour * 1000 / metresPerMile)) mph"
    }
  }

  /// The value as text: grouped when whole, else to a tenth; then the unit.
  public var text: String {
    let number = Self.tenths(value)
    return unit.isEmpty ? number : "\(number) \(unit)"
  }

  /// `12,780`, `5.3`, `-0.5`: whole numbers grouped, others to one decimal.
  public static func tenths(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    guard rounded.isFinite else { return "0" }
    if rounded == rounded.rounded() { return DisplayNumber.grouped(rounded) }
    let whole = DisplayNumber.grouped(rounded.magnitude.rounded(.down))
    let tenth = Int(((rounded.magnitude * 10).rounded()).truncatingRemainder(dividingBy: 10))
    return (rounded < 0 ? "-" : "") + whole + ".\(tenth)"
  }

  private struct Conversion: Sendable {
    let unit: String
    let convert: @Sendable (Double) -> Double
  }

  private static let metresPerMile = 1_609.344
  private static let kilogramsPerPound = 0.453_592_37

  /// Health's unit strings (docs/health.md) to their imperial counterparts.
  private static let toImperial: [String: Conversion] = [
    "km": Conversion(unit: "mi") { $0 * 1000 / Self.metresPerMile },
    "m": Conversion(unit: "yd") { $0 / 0.9144 },
    "cm": Conversion(unit: "in") { $0 / 2.54 },
    "kg": Conversion(unit: "lb") { $0 / Self.kilogramsPerPound },
    "degC": Conversion(unit: "°F") { $0 * 1.8 + 32 },
    "°C": Conversion(unit: "°F") { $0 * 1.8 + 32 },
    "degF": Conversion(unit: "°F") { $0 },
  ]

  /// Health's unit strings to their metric counterparts.
  private static let toMetric: [String: Conversion] = [
    "mi": Conversion(unit: "km") { $0 * Self.metresPerMile / 1000 },
    "yd": Conversion(unit: "m") { $0 * 0.9144 },
    "ft": Conversion(unit: "m") { $0 * 0.3048 },
    "in": Conversion(unit: "cm") { $0 * 2.54 },
    "lb": Conversion(unit: "kg") { $0 * Self.kilogramsPerPound },
    "degF": Conversion(unit: "°C") { ($0 - 32) / 1.8 },
    "°F": Conversion(unit: "°C") { ($0 - 32) / 1.8 },
    "degC": Conversion(unit: "°C") { $0 },
  ]
}
