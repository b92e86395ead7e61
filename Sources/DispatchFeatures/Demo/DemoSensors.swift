import DispatchCore
import DispatchSupport
import Foundation

/// The sensor context a report would have captured (docs/sensors.md#the-sensors): battery,
/// connection, location, weather, microphone level, photos, health readings, focus, media and
/// device state.
struct DemoSensors {
  let plan: DemoDayPlan
  let moment: DemoMoment
  let segment: DemoSegment?
  /// Seconds east of UTC where the report was filed.
  let offset: Int
  let weather: DemoWeather?
  /// Charge when the day started (the phone charges overnight).
  let batteryAtWake: Double
  /// When the person went to sleep the night before, for the wake report's sleep readings.
  let lastSleep: Instant?
  /// The minute of the day's previous report, nil for the first: step readings count from
  /// there (or from midnight), as Reporter's and Dispatch's do.
  let previousMinute: Int?
  let key: DemoReportKey

  /// The report's wall-clock time where it was filed.
  var local: CivilTime {
    CivilTime(milliseconds: moment.instant.milliseconds, offsetSeconds: offset)
  }

  /// The captured context.
  func context(random: inout SplitMix64) -> SensorContext {
    let place = segment?.place
    let activity = segment?.activity ?? .flight
    var context = SensorContext()
    context.battery = battery(random: &random)
    if let place {
      let usual = place.connections.first ?? ConnectionType.wifi.rawValue
      context.connection = random.chance(0.8) ? usual : random.pick(place.connections)
      context.altitudeMeters = demoRounded(place.altitude + 2 * random.normal(), places: 1)
      context.location = DemoSensors.snapshot(of: place, at: moment.instant, random: &random)
    } else {
      context.connection = ConnectionType.none.rawValue
    }
    let quiet = moment.role == .sleep || moment.role == .wake
    let ambient = quiet ? -58 : (place?.ambientDBFS ?? -33)
    let average = min(ambient + 4 * random.normal(), -3)
    context.audio = AudioLevel(
      average: demoRounded(average, places: 1),
      peak: demoRounded(min(average + random.double(6, 20), -1), places: 1))
    if let weather, place != nil {
      context.weather = weather.observation(atLocalMinute: local.hour * 60 + local.minute)
    }
    context.photos = photos(place: place, random: &random)
    context.health = health(activity: activity, random: &random)
    if activity.isWork && place == DemoPlaces.office && random.chance(0.45) {
      context.focus = FocusState(label: "Work", isFocused: true)
    } else if moment.role == .sleep && random.chance(0.5) {
      context.focus = FocusState(label: "Sleep", isFocused: true)
    }
    let listening: Set<DemoActivity> = [.commute, .gym, .eveningHome, .cafe, .chores, .flight]
    if listening.contains(activity) && random.chance(0.25) {
      let track = random.pick(DemoVocabulary.tracks)
      context.media = MediaInfo(
        source: "spotify", title: track.0, artist: track.1, album: track.2, playbackState: 1)
    }
    let battery = context.battery ?? 1
    context.deviceState = DeviceState(
      isLowPowerMode: battery < 0.2,
      screenBrightness: demoRounded(random.double(0.25, 0.95), places: 2),
      interfaceStyle: local.hour >= 19 || local.hour < 7 ? "dark" : "light",
      audioOutputRoute: [.commute, .gym, .flight].contains(activity) ? "Headphones" : "Speaker")
    let moving: String
    switch activity {
    case .outdoors, .sightseeing, .errands: moving = "walking"
    case .commute, .flight: moving = "automotive"
    case .gym: moving = "running"
    default: moving = "stationary"
    }
    context.motion = MotionState(
      activity: moving,
      barometricPressureKPa: weather.map { demoRounded($0.pressureMb / 10, places: 2) })
    return context
  }

  /// Drains through the day; charging at the office desk and at home late in the evening.
  private func battery(random: inout SplitMix64) -> Double {
    let hours = Double(moment.minute - plan.wakeMinute) / 60
    var level = batteryAtWake - 0.055 * hours + 0.02 * random.normal()
    if segment?.place == DemoPlaces.office && local.hour >= 10 {
      level = 0.8 + 0.15 * random.unit()
    } else if segment?.place == DemoPlaces.home && local.hour >= 22 {
      level = max(level, 0.6 + 0.3 * random.unit())
    }
    return demoRounded(min(max(level, 0.05), 1), places: 2)
  }

  /// A GPS fix near the place: a few metres of scatter, a plausible accuracy.
  static func snapshot(of place: DemoPlace, at instant: Instant, random: inout SplitMix64)
    -> LocationSnapshot
  {
    LocationSnapshot(
      latitude: demoRounded(place.latitude + random.double(-0.0004, 0.0004), places: 6),
      longitude: demoRounded(place.longitude + random.double(-0.0004, 0.0004), places: 6),
      altitude: demoRounded(place.altitude + 3 * random.normal(), places: 1),
      horizontalAccuracy: Double(random.int(5...65)), verticalAccuracy: Double(random.int(3...12)),
      speed: place.isOutdoors ? demoRounded(random.double(0.8, 1.6), places: 1) : 0,
      timestamp: instant.adding(seconds: -Int64(random.int(2...40))), placemark: place.placemark)
  }

  private func health(activity: DemoActivity, random: inout SplitMix64) -> [HealthReading] {
    let now = moment.instant
    var readings = [
      HealthReading(
        type: "steps",
        value: (plan.steps(at: moment.minute) - plan.steps(at: previousMinute ?? 0)).rounded(),
        unit: "count", startDate: plan.axis.instant(on: plan.date, minute: previousMinute ?? 0),
        endDate: now)
    ]
    let exercising = moment.role == .workout || activity == .gym
    if exercising || random.chance(0.45) {
      let walking = segment?.place?.isOutdoors ?? false
      let rate =
        exercising
        ? random.double(118, 150) : (walking ? random.double(88, 104) : random.double(62, 82))
      readings.append(
        HealthReading(
          type: "heartRateAvg", value: rate.rounded(), unit: "bpm",
          startDate: now.adding(seconds: -600), endDate: now))
    }
    if moment.role == .wake, let lastSleep {
      let asleep =
        Double(now.milliseconds - lastSleep.milliseconds) / 1000
        - random.double(600, 1500)
      if asleep > 3600 {
        let deep = (asleep * random.double(0.12, 0.2)).rounded()
        let rem = (asleep * random.double(0.18, 0.25)).rounded()
        for (type, value) in [
          ("sleepDeep", deep), ("sleepREM", rem), ("sleepCore", asleep.rounded() - deep - rem),
        ] {
          readings.append(
            HealthReading(type: type, value: value, unit: "s", startDate: lastSleep, endDate: now))
        }
      }
    }
    if moment.role == .workout, let gym = plan.gymSegment {
      let seconds = Double((gym.end - gym.start - 10) * 60)
      let running = random.chance(0.4)
      let start = now.adding(seconds: -Int64(seconds))
      readings += [
        HealthReading(
          type: "workout.trigger.type", value: running ? 37 : 50, unit: "raw", startDate: start,
          endDate: now),
        HealthReading(
          type: "workout.trigger.duration", value: seconds, unit: "s", startDate: start,
          endDate: now),
        HealthReading(
          type: "workout.trigger.energy", value: (seconds / 60 * random.double(6, 9)).rounded(),
          unit: "kcal", startDate: start, endDate: now),
      ]
    }
    // Dispatch's report builder files readings sorted by type.
    return readings.sorted { $0.type < $1.type }
  }

  private func photos(place: DemoPlace?, random: inout SplitMix64) -> [Photo] {
    guard let place, moment.role == .regular else { return [] }
    let chance = plan.kind == .vacation ? 0.5 : (plan.kind.isFree ? 0.15 : 0.05)
    guard random.chance(chance) else { return [] }
    let count = random.int(1...(plan.kind == .vacation ? 6 : 3))
    return (0..<count).map { index in
      let taken = moment.instant.adding(seconds: -Int64(random.int(60...3600)))
      let stamp = CivilTime(milliseconds: taken.milliseconds, offsetSeconds: offset)
      let name =
        stamp.dateText.replacingOccurrences(of: "-", with: "")
        + "_" + stamp.clockText.replacingOccurrences(of: ":", with: "") + String(index)
      let portrait = random.chance(0.3)
      return Photo(
        id: key.id("|photo|\(index)"),
        assetURL: "file:///home/demo/Pictures/\(stamp.dateText.prefix(7))/IMG_\(name).jpg",
        pixelWidth: portrait ? 3024 : 4032, pixelHeight: portrait ? 4032 : 3024,
        dateTime: taken,
        latitude: demoRounded(place.latitude + random.double(-0.001, 0.001), places: 6),
        longitude: demoRounded(place.longitude + random.double(-0.001, 0.001), places: 6))
    }
  }
}
