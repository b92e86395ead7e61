/// The workout types the synthetic person does, with the numbers that shape each workout.
enum SynthWorkoutActivity: Int, CaseIterable {
  case walking, traditionalStrengthTraining, running, cycling, swimming
  case highIntensityIntervalTraining, yoga

  /// `HKWorkoutActivityType…`.
  var identifier: String {
    let name = String(describing: self)
    return "HKWorkoutActivityType" + name.prefix(1).uppercased() + name.dropFirst()
  }

  /// Share of workouts (docs/formats/apple-health.md#synthetic-exports: walking about half,
  /// strength a fifth).
  static let weights: [Double] = [0.5, 0.2, 0.09, 0.07, 0.05, 0.05, 0.04]

  var minutes: ClosedRange<Int> {
    switch self {
    case .walking: 20...65
    case .traditionalStrengthTraining: 30...60
    case .running: 20...50
    case .cycling: 30...90
    case .swimming: 20...45
    case .highIntensityIntervalTraining: 15...30
    case .yoga: 20...60
    }
  }

  /// Metabolic equivalents, kcal/hr·kg.
  var mets: ClosedRange<Double> {
    switch self {
    case .walking: 3.2...4.6
    case .traditionalStrengthTraining: 3.5...6.0
    case .running: 8.5...11.5
    case .cycling: 6.0...9.5
    case .swimming: 6.0...9.0
    case .highIntensityIntervalTraining: 7.0...10.0
    case .yoga: 2.3...3.2
    }
  }

  var heartRate: ClosedRange<Int> {
    switch self {
    case .walking: 95...125
    case .traditionalStrengthTraining: 95...135
    case .running: 140...172
    case .cycling: 118...152
    case .swimming: 115...145
    case .highIntensityIntervalTraining: 130...178
    case .yoga: 78...100
    }
  }

  /// Chance of being outdoors, which gives the workout weather metadata and a route.
  var outdoorChance: Double {
    switch self {
    case .walking: 0.8
    case .running: 0.85
    case .cycling: 0.7
    default: 0
    }
  }

  /// Typical speed in m/s, for distance, segments and route points.
  var speed: Double {
    switch self {
    case .walking: 1.4
    case .running: 2.9
    case .cycling: 6.2
    case .swimming: 0.6
    default: 0
    }
  }

  /// Steps per minute while the workout moves the feet (0 for the others).
  var cadence: ClosedRange<Double> {
    switch self {
    case .walking: 105...125
    case .running: 155...178
    default: 0...0
    }
  }

  /// Whether it counts walking/running distance and steps.
  var isOnFoot: Bool { self == .walking || self == .running }
}
