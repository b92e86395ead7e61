import DispatchSupport

/// Draws the Records of one type on one simulated day.
///
/// Each (type, day) pair has its own ``SplitMix64`` stream derived from the seed, the type and
/// the day, so the writer can stream the file type by type, and a count-only pass can size it,
/// without holding the whole export in memory.
struct SynthSampler {
  let seed: UInt64
  let style: SyntheticHealthOptions.Style
  let units: SyntheticHealthOptions.Units
  let plans: SynthPlanBook
  let exportOffsetSeconds: Int64
  private let versionCounts: [Int]
  private let salts: [UInt64]

  init(options: SyntheticHealthOptions, plans: SynthPlanBook, exportOffsetSeconds: Int64) {
    seed = options.seed
    style = options.style
    units = options.units
    self.plans = plans
    self.exportOffsetSeconds = exportOffsetSeconds
    versionCounts = SynthSource.allCases.map { $0.versions(options.style).count }
    salts = SynthKind.allCases.map(\.salt)
  }

  /// A stream for one purpose on one day.
  func stream(_ salt: UInt64, day: Int) -> SplitMix64 {
    SplitMix64.stream(seed: seed ^ salt, index: UInt64(bitPattern: Int64(day)))
  }

  /// Replaces `out` with the top-level Records of `kind` on `day`, sorted by start with about
  /// 1% of neighbours swapped (real exports are mostly, not strictly, chronological).
  func samples(_ kind: SynthKind, day: Int, into out: inout [SynthSample]) {
    out.removeAll(keepingCapacity: true)
    var random = stream(salts[kind.rawValue], day: day)
    let plan = plans.plan(day)
    switch kind {
    case .heartRate: heartRate(plan, &random, &out)
    case .activeEnergyBurned: activeEnergy(plan, &random, &out)
    case .basalEnergyBurned: basalEnergy(plan, &random, &out)
    case .stepCount: steps(plan, &random, &out)
    case .distanceWalkingRunning: distance(plan, &random, &out)
    case .flightsClimbed: flights(plan, &random, &out)
    case .appleExerciseTime: exerciseTime(plan, &random, &out)
    case .appleStandHour: standHours(plan, &random, &out)
    case .restingHeartRate, .walkingHeartRateAverage: dailyHeartRate(kind, plan, &random, &out)
    case .heartRateVariabilitySDNN: heartRateVariability(plan, &random, &out)
    case .lowHeartRateEvent: lowHeartRateEvent(plan, &random, &out)
    case .vo2Max: vo2Max(plan, &random, &out)
    case .sleepAnalysis: sleep(plan, &random, &out)
    case .respiratoryRate, .oxygenSaturation: nightVitals(kind, plan, &random, &out)
    case .appleSleepingWristTemperature: wristTemperature(plan, &random, &out)
    case .sleepDurationGoal: sleepGoal(plan, &random, &out)
    case .bodyMass, .bodyFatPercentage, .bodyMassIndex: scale(kind, plan, &random, &out)
    case .dietaryCaffeine: caffeine(plan, &random, &out)
    case .bloodPressureSystolic, .bloodPressureDiastolic:
      if let reading = bloodPressure(plan) {
        out.append(kind == .bloodPressureSystolic ? reading.systolic : reading.diastolic)
      }
    case .dietaryFatTotal, .dietaryCarbohydrates, .dietarySugar, .dietaryFiber,
      .dietaryEnergyConsumed, .dietaryProtein, .dietarySodium:
      for meal in meals(plan) {
        for item in meal.items where item.kind == kind { out.append(item.sample) }
      }
    }
    finish(&out, &random)
  }

  private func finish(_ out: inout [SynthSample], _ random: inout SplitMix64) {
    guard out.count > 1 else { return }
    var sorted = true
    for index in out.indices {
      out[index].sequence = Int32(index)
      if index > 0 && out[index - 1].start > out[index].start { sorted = false }
    }
    if !sorted {
      out.sort { ($0.start, $0.sequence) < ($1.start, $1.sequence) }
    }
    var index = 0
    while index < out.count - 1 {
      if random.chance(0.01) {
        out.swapAt(index, index + 1)
        index += 2
      } else {
        index += 1
      }
    }
  }

  /// Top-level and nested Records of one day, for sizing the export before writing it.
  func recordCount(day: Int, scratch: inout [SynthSample]) -> (topLevel: Int, nested: Int) {
    var topLevel = 0
    for kind in SynthKind.allCases {
      samples(kind, day: day, into: &scratch)
      topLevel += scratch.count
    }
    let plan = plans.plan(day)
    let nested =
      meals(plan).reduce(0) { $0 + $1.items.count } + (bloodPressure(plan) == nil ? 0 : 2)
    return (topLevel, nested)
  }

  /// The software version `source` runs on the plan's day.
  func era(_ source: SynthSource, _ plan: SynthDayPlan) -> UInt8 {
    plan.era(versions: versionCounts[source.rawValue])
  }

  /// Seconds from the end of a Watch sample to its creation.
  static func watchDelay(_ random: inout SplitMix64) -> Int { random.int(5...420) }
}
