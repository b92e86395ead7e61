import DispatchCore
import DispatchSupport
import Foundation

/// One city's weather for one day, drawn from its climate with some day-to-day persistence;
/// reports read observations from it at their local time.
struct DemoWeather: Sendable {
  let city: DemoCity
  let month: Int
  /// The day's mean temperature, °C.
  let meanC: Double
  let condition: String
  let isWet: Bool
  let humidity: Double
  let windKPH: Double
  let windDegrees: Double
  let pressureMb: Double
  let precipitationMM: Double

  /// Draws the day's weather; `anomaly` carries the city's departure from normal across days,
  /// so warm and cold spells last a few days.
  init(city: DemoCity, date: DemoDate, anomaly: inout Double, random: inout SplitMix64) {
    self.city = city
    month = date.month
    anomaly = 0.65 * anomaly + 2.2 * random.normal()
    meanC = Self.normal(city: city, date: date) + anomaly
    isWet = random.chance(city.monthlyWetChance[date.month - 1])
    if isWet {
      condition = meanC < 0.5 ? "Snow" : (random.chance(0.25) ? "Drizzle" : "Rain")
      humidity = random.double(80, 97)
      precipitationMM = random.double(2, 18)
    } else {
      let sky = ["Clear", "Mostly Clear", "Partly Cloudy", "Mostly Cloudy", "Cloudy", "Foggy"]
      condition = sky[random.weightedIndex([0.33, 0.2, 0.25, 0.12, 0.07, 0.03])]
      humidity = random.double(42, 72)
      precipitationMM = 0
    }
    windKPH = random.double(4, 22) + (isWet ? 8 : 0)
    windDegrees = Double(random.int(0...359))
    pressureMb = 1016 + 6 * random.normal() - (isWet ? 9 : 0)
  }

  /// The climate normal of `date`, interpolated between mid-month values.
  private static func normal(city: DemoCity, date: DemoDate) -> Double {
    let means = city.monthlyMeanC
    let index = date.month - 1
    let neighbour = date.day >= 15 ? (index + 1) % 12 : (index + 11) % 12
    let weight = Double(abs(date.day - 15)) / 30
    return means[index] * (1 - weight) + means[neighbour] * weight
  }

  /// Whether the sky is clear enough to lift the mood.
  var isSunny: Bool { condition == "Clear" || condition == "Mostly Clear" }

  /// The observation at local `minute` of the day (0…1439), with both unit systems filled in as
  /// Dispatch's `WeatherObservation` has them.
  func observation(atLocalMinute minute: Int) -> WeatherObservation {
    let hour = Double(minute) / 60
    // Warmest around 15:00, coldest around 03:00.
    let daily = cos(2 * Double.pi * (hour - 15) / 24)
    let tempC = meanC + (isWet ? 2.5 : 4.5) * daily
    let relative = min(max(humidity - 10 * daily, 20), 100)
    let wind = max(windKPH + 3 * sin(hour), 0)
    var observation = WeatherObservation()
    observation.tempC = demoRounded(tempC, places: 1)
    observation.tempF = demoRounded(tempC * 1.8 + 32, places: 1)
    let feels = tempC < 10 ? tempC - wind * 0.12 : tempC + max(relative - 60, 0) * 0.05
    observation.feelslikeC = demoRounded(feels, places: 1)
    observation.feelslikeF = demoRounded(feels * 1.8 + 32, places: 1)
    observation.dewpointC = demoRounded(tempC - (100 - relative) / 5, places: 1)
    observation.condition = condition
    observation.relativeHumidity = "\(Int(relative.rounded()))%"
    observation.windKPH = demoRounded(wind, places: 1)
    observation.windMPH = demoRounded(wind / 1.609344, places: 1)
    observation.windGustKPH = demoRounded(wind * 1.5, places: 1)
    observation.windGustMPH = demoRounded(wind * 1.5 / 1.609344, places: 1)
    observation.windDegrees = windDegrees
    let points =
      ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE"]
      + ["S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
    observation.windDirection = points[Int((windDegrees / 22.5).rounded()) % 16]
    observation.pressureMb = demoRounded(pressureMb, places: 1)
    observation.pressureIn = demoRounded(pressureMb * 0.02953, places: 2)
    let visibility = condition == "Foggy" ? 1.5 : (isWet ? 6.0 : 16.0)
    observation.visibilityKM = visibility
    observation.visibilityMi = demoRounded(visibility * 0.621371, places: 1)
    let precipitation = precipitationMM * min(Double(minute) / 1080, 1)
    observation.precipTodayMetric = demoRounded(precipitation, places: 1)
    observation.precipTodayIn = demoRounded(precipitation / 25.4, places: 2)
    observation.uv = uvIndex(hour: hour)
    observation.stationID = city.stationID
    return observation
  }

  private func uvIndex(hour: Double) -> Double {
    guard hour > 7 && hour < 19 else { return 0 }
    let peak: [Double] =
      city == .newYork
      ? [2, 3, 4, 6, 7, 8, 8, 7, 6, 4, 2, 1] : [2, 3, 5, 6, 8, 9, 10, 9, 7, 4, 2, 2]
    let cloud = isWet ? 0.35 : (isSunny ? 1 : 0.7)
    return (peak[month - 1] * cloud * sin(Double.pi * (hour - 7) / 12)).rounded()
  }
}
