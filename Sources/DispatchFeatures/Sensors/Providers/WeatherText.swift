import Foundation

/// The words a weather observation carries where Open-Meteo gives numbers: the condition for a
/// WMO weather code and the compass point for a wind direction. Reports store the words, as
/// Reporter's observations did, so they read the same whichever service filled them.
package enum WeatherText {
  /// The condition for a WMO 4677 code as Open-Meteo uses it (its documentation's table), or
  /// nil for a code outside it: an unknown code is better left out than guessed.
  static func condition(wmoCode code: Int) -> String? {
    switch code {
    case 0: return "Clear"
    case 1: return "Mainly clear"
    case 2: return "Partly cloudy"
    case 3: return "Overcast"
    case 45, 48: return "Fog"
    case 51: return "Light drizzle"
    case 53: return "Moderate drizzle"
    case 55: return "Dense drizzle"
    case 56: return "Light freezing drizzle"
    case 57: return "Dense freezing drizzle"
    case 61: return "Slight rain"
    case 63: return "Moderate rain"
    case 65: return "Heavy rain"
    case 66: return "Light freezing rain"
    case 67: return "Heavy freezing rain"
    case 71: return "Slight snow"
    case 73: return "Moderate snow"
    case 75: return "Heavy snow"
    case 77: return "Snow grains"
    case 80: return "Slight rain showers"
    case 81: return "Moderate rain showers"
    case 82: return "Violent rain showers"
    case 85: return "Slight snow showers"
    case 86: return "Heavy snow showers"
    case 95: return "Thunderstorm"
    case 96, 99: return "Thunderstorm with hail"
    default: return nil
    }
  }

  /// The sixteen points, clockwise from north, each covering 22.5°.
  static let compassPoints = [
    "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
    "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
  ]

  /// The compass point nearest `degrees` (any finite angle; 360 and −90 wrap round), or nil
  /// for an angle that is not a number.
  static func compassPoint(degrees: Double) -> String? {
    guard degrees.isFinite else { return nil }
    var angle = degrees.truncatingRemainder(dividingBy: 360)
    if angle < 0 { angle += 360 }
    let index = Int((angle / 22.5).rounded()) % compassPoints.count
    return compassPoints[index]
  }
}
