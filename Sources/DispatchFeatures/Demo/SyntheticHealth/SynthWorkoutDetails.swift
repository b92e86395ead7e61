import DispatchSupport

/// One `WorkoutStatistics` element: a cumulative `sum` or discrete `average`/`minimum`/`maximum`.
struct SynthWorkoutStatistic {
  var type: String
  var unit: String
  var sum: Double? = nil
  var range: (average: Double, minimum: Double, maximum: Double)? = nil
  var decimals: Int
}

/// One `WorkoutEvent`.
struct SynthWorkoutEvent {
  var type: String
  var date: Int64
  /// Seconds, written in minutes; nil writes no duration.
  var duration: Int64?
}

/// Everything written about one workout beyond its plan, drawn once so the `WorkoutActivity`
/// repeats exactly what its parent says (docs/formats/apple-health.md#workouts).
struct SynthWorkoutDetails {
  var energy: Double
  var basal: Double
  var meters: Double
  var statistics: [SynthWorkoutStatistic] = []
  var events: [SynthWorkoutEvent] = []
  var temperature: Int
  var humidity: Int
  var elevation: Int
  var literalDot: Bool
  var uuids: (activity: String, route: String)

  /// New York's mean temperature per month, °F.
  static let monthlyFahrenheit = [33, 35, 42, 53, 63, 72, 77, 76, 69, 58, 48, 38]

  init(_ workout: SynthWorkoutPlan, units: SyntheticHealthOptions.Units, month: Int) {
    var random = SplitMix64(seed: workout.seed ^ synthSalt("details"))
    let hours = Double(workout.activeSeconds) / 3600
    energy = (workout.mets - 1) * 62 * hours * random.double(0.95, 1.05)
    basal = 62 * 1.05 * Double(workout.end - workout.start) / 3600
    meters = workout.activity.speed * Double(workout.activeSeconds) * random.double(0.93, 1.07)
    temperature = Self.monthlyFahrenheit[month - 1] + random.int(-6...6)
    humidity = random.int(40...95)
    elevation = random.int(300...4000)
    literalDot = random.chance(0.5)
    uuids = (Self.uuid(&random), Self.uuid(&random))
    statistics = Self.statistics(workout, self, units: units, &random)
    events = Self.events(workout, meters: meters, units: units, &random)
  }

  static func uuid(_ random: inout SplitMix64) -> String {
    let high = random.next()
    let low = random.next()
    let hex = String(high, radix: 16, uppercase: true) + String(low, radix: 16, uppercase: true)
    let digits = Array(String(repeating: "0", count: max(0, 32 - hex.count)) + hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }
      .joined(separator: "-")
  }

  private static func statistics(
    _ workout: SynthWorkoutPlan, _ details: SynthWorkoutDetails,
    units: SyntheticHealthOptions.Units, _ random: inout SplitMix64
  ) -> [SynthWorkoutStatistic] {
    let us = units == .us
    let energyUnit = us ? "Cal" : "kcal"
    let prefix = "HKQuantityTypeIdentifier"
    let heart = workout.activity.heartRate
    let average = random.double(Double(heart.lowerBound) + 5, Double(heart.upperBound) - 5)
    var list = [
      SynthWorkoutStatistic(
        type: prefix + "ActiveEnergyBurned", unit: energyUnit, sum: details.energy, decimals: 3),
      SynthWorkoutStatistic(
        type: prefix + "BasalEnergyBurned", unit: energyUnit, sum: details.basal, decimals: 3),
      SynthWorkoutStatistic(
        type: prefix + "HeartRate", unit: "count/min",
        range: (
          average, Double(heart.lowerBound - random.int(5...15)),
          Double(heart.upperBound + random.int(0...8))
        ),
        decimals: 4),
    ]
    let distanceUnit = us ? "mi" : "km"
    let perUnit = us ? 1609.344 : 1000
    switch workout.activity {
    case .walking, .running:
      list.append(
        SynthWorkoutStatistic(
          type: prefix + "DistanceWalkingRunning", unit: distanceUnit,
          sum: details.meters / perUnit,
          decimals: 5))
      list.append(
        SynthWorkoutStatistic(
          type: prefix + "StepCount", unit: "count",
          sum: (details.meters / (workout.activity == .running ? 1.1 : 0.76)).rounded(), decimals: 0
        ))
      if workout.activity == .running {
        let watts = random.double(215, 260)
        list.append(
          SynthWorkoutStatistic(
            type: prefix + "RunningPower", unit: "W", range: (watts, watts - 60, watts + 55),
            decimals: 1))
        let speed = details.meters / Double(workout.activeSeconds) * 3600 / perUnit
        list.append(
          SynthWorkoutStatistic(
            type: prefix + "RunningSpeed", unit: us ? "mi/hr" : "km/hr",
            range: (speed, speed * 0.65, speed * 1.25), decimals: 4))
      }
    case .cycling:
      list.append(
        SynthWorkoutStatistic(
          type: prefix + "DistanceCycling", unit: distanceUnit, sum: details.meters / perUnit,
          decimals: 5))
    case .swimming:
      list.append(
        SynthWorkoutStatistic(
          type: prefix + "DistanceSwimming", unit: us ? "yd" : "m",
          sum: (details.meters / (us ? 0.9144 : 1)).rounded(), decimals: 0))
      list.append(
        SynthWorkoutStatistic(
          type: prefix + "SwimmingStrokeCount", unit: "count",
          sum: (details.meters / 1.8).rounded(),
          decimals: 0))
    default: break
    }
    return list
  }

  /// Pause/Resume around the pause, a Segment per mile or kilometre on foot outdoors, a Lap
  /// every few minutes in the pool; in date order.
  private static func events(
    _ workout: SynthWorkoutPlan, meters: Double, units: SyntheticHealthOptions.Units,
    _ random: inout SplitMix64
  ) -> [SynthWorkoutEvent] {
    var events: [SynthWorkoutEvent] = []
    let prefix = "HKWorkoutEventType"
    if workout.activity.isOnFoot && !workout.indoor {
      let perSegment = Double(workout.activeSeconds) * (units == .us ? 1609.344 : 1000) / meters
      var start = workout.start
      while start + Int64(perSegment) <= workout.end {
        let length = Int64(perSegment * random.double(0.96, 1.04))
        events.append(SynthWorkoutEvent(type: prefix + "Segment", date: start, duration: length))
        start += length
      }
    }
    if workout.activity == .swimming {
      var start = workout.start + Int64(random.int(100...200))
      while start < workout.end - 60 {
        let length = Int64(random.int(100...200))
        events.append(SynthWorkoutEvent(type: prefix + "Lap", date: start, duration: length))
        start += length
      }
    }
    if workout.pauseLength > 0 {
      events.append(
        SynthWorkoutEvent(type: prefix + "Pause", date: workout.pauseStart, duration: nil))
      events.append(
        SynthWorkoutEvent(
          type: prefix + "Resume", date: workout.pauseStart + workout.pauseLength, duration: nil))
    }
    return events.enumerated().sorted {
      ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
    }
    .map(\.element)
  }
}
