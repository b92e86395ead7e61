import DispatchSupport

/// The night that ends on the plan's morning: sleep, breathing, oxygen, wrist temperature.
extension SynthSampler {
  /// When the night before `plan`'s day started and ended.
  private func night(_ plan: SynthDayPlan) -> (start: Int64, end: Int64) {
    (plans.plan(plan.day - 1).bed, plan.wake)
  }

  /// One iPhone InBed record and 15–40 contiguous Watch stage records, each with `HKTimeZone`
  /// (the writer adds it). Legacy style writes `…Asleep` and leaves awake stretches out, as
  /// Watches did before sleep stages.
  func sleep(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    let (bedtime, wake) = night(plan)
    var inBed = SynthSample.category(
      .phone, era: era(.phone, plan), start: bedtime - Int64(random.int(300...1200)),
      end: wake + Int64(random.int(120...900)), value: .inBed,
      creationDelay: random.int(30...300), seed: random.next())
    inBed.hasDevice = false
    out.append(inBed)
    let era = self.era(.watch, plan)
    let first = bedtime + Int64(random.int(300...1500))
    let last = wake - Int64(random.int(0...600))
    let count = random.int(15...40)
    let weights = (0..<count).map { _ in random.double(0.4, 1.6) }
    let total = weights.reduce(0, +)
    var cumulative = 0.0
    var start = first
    for (index, weight) in weights.enumerated() {
      cumulative += weight
      let end = index == count - 1 ? last : first + Int64(Double(last - first) * cumulative / total)
      var stage: SynthCategoryValue
      switch index % 4 {
      case 1: stage = index < count / 2 ? .asleepDeep : .asleepCore
      case 3: stage = .asleepREM
      default: stage = .asleepCore
      }
      if index > 0 && random.chance(0.12) { stage = .awake }
      let delay = random.int(10...300)
      let seed = random.next()
      defer { start = end }
      if style == .legacy {
        if stage == .awake { continue }
        stage = .asleep
      }
      out.append(
        .category(
          .watch, era: era, start: start, end: end, value: stage, creationDelay: delay, seed: seed))
    }
  }

  /// RespiratoryRate (20–60 a night) and OxygenSaturation (5–10, fractions with unit `%`).
  func nightVitals(
    _ kind: SynthKind, _ plan: SynthDayPlan, _ random: inout SplitMix64,
    _ out: inout [SynthSample]
  ) {
    let (bedtime, wake) = night(plan)
    let breathing = kind == .respiratoryRate
    let count = breathing ? random.int(20...60) : random.int(5...10)
    let first = bedtime + 600
    let slot = max(1, (wake - 300 - first) / Int64(count))
    let era = self.era(.watch, plan)
    for index in 0..<count {
      let time = first + Int64(index) * slot + Int64(random.int(0...Int(slot / 2)))
      out.append(
        breathing
          ? .quantity(
            .watch, era: era, start: time, end: time, value: random.double(12.5, 17.5), decimals: 1,
            creationDelay: random.int(300...1800), seed: random.next())
          : .quantity(
            .watch, era: era, start: time, end: time, value: Double(random.int(93...99)) / 100,
            decimals: 2, creationDelay: random.int(300...1800), seed: random.next()))
    }
  }

  /// One AppleSleepingWristTemperature a night (modern style: the Watch learnt it with iOS 16).
  func wristTemperature(
    _ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]
  ) {
    guard style == .modern else { return }
    let (bedtime, wake) = night(plan)
    let celsius = random.double(35.3, 36.4)
    out.append(
      .quantity(
        .watch, era: era(.watch, plan), start: bedtime + 1800, end: wake - 600,
        value: units == .us ? celsius * 9 / 5 + 32 : celsius, decimals: 2,
        creationDelay: random.int(300...1800), seed: random.next()))
  }

  /// HKDataTypeSleepDurationGoal (unit `hr`), set on the first day and every 90 days.
  func sleepGoal(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    guard plan.day % 90 == 0 else { return }
    let start = SynthNewYorkTime.utc(localDay: plan.localDay, second: 36_000 + random.int(0...1800))
    var sample = SynthSample.quantity(
      .phone, era: era(.phone, plan), start: start, end: start, value: random.chance(0.5) ? 8 : 7.5,
      decimals: 1, creationDelay: random.int(20...90), seed: random.next())
    sample.hasDevice = false
    out.append(sample)
  }
}
