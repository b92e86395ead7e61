import Foundation

/// The units Open-Meteo may answer in, each converted to the metric unit it defaults to (°C,
/// km/h, hPa, m, mm). Its defaults need nothing, but a mirror or self-hosted instance may be
/// set to `temperature_unit=fahrenheit`, `wind_speed_unit=mph` or `precipitation_unit=inch`,
/// and a number read in the wrong unit would be recorded as plausible nonsense — so a unit
/// not in these tables fails the reading instead.
package enum WeatherUnits {
  typealias Conversion = @Sendable (Double) -> Double

  static let kilometresPerMile = 1.609344
  static let metresPerMile = 1_609.344
  static let millimetresPerInch = 25.4
  static let inchesOfMercuryPerHectopascal = 0.029_529_983_071_4

  /// To °C.
  static let temperature: [String: Conversion] = [
    "°c": { $0 }, "c": { $0 }, "celsius": { $0 },
    "°f": { ($0 - 32) / 1.8 }, "f": { ($0 - 32) / 1.8 }, "fahrenheit": { ($0 - 32) / 1.8 },
  ]
  /// To km/h.
  static let speed: [String: Conversion] = [
    "km/h": { $0 }, "kmh": { $0 },
    "mph": { $0 * kilometresPerMile },
    "m/s": { $0 * 3.6 }, "ms": { $0 * 3.6 },
    "kn": { $0 * 1.852 }, "knots": { $0 * 1.852 },
  ]
  /// To hPa.
  static let pressure: [String: Conversion] = [
    "hpa": { $0 }, "mb": { $0 }, "mbar": { $0 }, "kpa": { $0 * 10 },
    "inhg": { $0 / inchesOfMercuryPerHectopascal },
  ]
  /// To metres.
  static let distance: [String: Conversion] = [
    "m": { $0 }, "km": { $0 * 1000 }, "ft": { $0 * 0.3048 }, "mi": { $0 * metresPerMile },
  ]
  /// To millimetres.
  static let precipitation: [String: Conversion] = [
    "mm": { $0 }, "cm": { $0 * 10 }, "inch": { $0 * millimetresPerInch },
    "in": { $0 * millimetresPerInch },
  ]

  /// The conversion for `unit` from `table`; none needed when the answer names no unit.
  ///
  /// - Throws: ``SensorFailure`` naming the field and the unit it cannot convert.
  static func conversion(_ unit: String?, in table: [String: Conversion], for field: String)
    throws -> Conversion
  {
    guard let unit = unit?.trimmingCharacters(in: .whitespaces), !unit.isEmpty else {
      return { $0 }
    }
    guard let conversion = table[unit.lowercased()] else {
      throw SensorFailure("Open-Meteo gave \(field) in '\(unit)', which Dispatch cannot convert")
    }
    return conversion
  }

  static func fahrenheit(celsius: Double) -> Double {
    celsius * 1.8 + 32
  }

  /// `value` rounded to `places` decimals, or nil when it is not a finite number, so an
  /// overflowing conversion is dropped rather than recorded as infinity.
  static func rounded(_ value: Double, _ places: Int) -> Double? {
    let scale = pow(10, Double(places))
    let result = (value * scale).rounded() / scale
    return result.isFinite ? result : nil
  }
}
