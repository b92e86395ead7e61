import DispatchSupport

/// A stretch of steps one device counted; StepCount and DistanceWalkingRunning Records are both
/// made from the same segments, so each device's distance follows its steps.
struct SynthStepSegment {
  var source: SynthSource
  var start: Int64
  var end: Int64
  var steps: Int
  var meters: Double
}

/// Movement: energy, steps, distance, flights, exercise minutes and stand hours.
extension SynthSampler {
  /// Watch ActiveEnergyBurned: about one 60–61 s sample a minute while awake, more while moving.
  func activeEnergy(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    let era = self.era(.watch, plan)
    var time = plan.wake + Int64(random.int(0...59))
    var bout = 0
    var workout = 0
    while time < plan.bed {
      while bout < plan.bouts.count && plan.bouts[bout].end <= time { bout += 1 }
      while workout < plan.workouts.count && plan.workouts[workout].end <= time { workout += 1 }
      let length: Int64 = random.chance(0.2) ? 61 : 60
      var probability = 0.76
      var range = 0.05...0.45
      if workout < plan.workouts.count && plan.workouts[workout].isMoving(at: time) {
        let perMinute = (plan.workouts[workout].mets - 1) * 62 / 60
        probability = 1
        range = perMinute * 0.8...perMinute * 1.2
      } else if bout < plan.bouts.count && plan.bouts[bout].start <= time {
        probability = 0.98
        range = 2.2...4.6
      }
      if random.unit() < probability {
        out.append(
          .quantity(
            .watch, era: era, start: time, end: time + length,
            value: random.double(range.lowerBound, range.upperBound), decimals: 3,
            creationDelay: Self.watchDelay(&random), seed: random.next()))
      }
      time += length + (random.chance(0.1) ? Int64(random.int(1...5)) : 0)
    }
  }

  /// Watch BasalEnergyBurned over the whole day: short samples awake, long ones asleep.
  func basalEnergy(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    let era = self.era(.watch, plan)
    var time = plan.midnight + Int64(random.int(0...120))
    while time < plan.nextMidnight {
      let asleep = time < plan.wake || time >= plan.bed
      let end = min(
        plan.nextMidnight, time + Int64(asleep ? random.int(900...2400) : random.int(60...360)))
      let value = Double(end - time) * 0.016_78 * random.double(0.93, 1.07)
      out.append(
        .quantity(
          .watch, era: era, start: time, end: end, value: value, decimals: 3,
          creationDelay: Self.watchDelay(&random), seed: random.next()))
      time = end + (random.chance(0.15) ? Int64(random.int(1...40)) : 0)
    }
  }

  /// The day's step segments of every device, drawn from a stream of their own.
  func stepSegments(_ plan: SynthDayPlan) -> [SynthStepSegment] {
    var random = stream(synthSalt("steps"), day: plan.day)
    var segments: [SynthStepSegment] = []
    func add(_ source: SynthSource, _ start: Int64, _ end: Int64, cadence: Double, stride: Double) {
      let steps = max(1, Int((cadence * Double(end - start) / 60).rounded()))
      segments.append(
        SynthStepSegment(
          source: source, start: start, end: end, steps: steps, meters: Double(steps) * stride))
    }
    func split(
      _ source: SynthSource, from: Int64, to: Int64, lengths: ClosedRange<Int>, cadence: Double,
      stride: Double
    ) {
      var time = from
      while time < to - 20 {
        let end = min(to, time + Int64(random.int(lengths)))
        add(source, time, end, cadence: cadence * random.double(0.9, 1.08), stride: stride)
        time = end
      }
    }
    for bout in plan.bouts {
      let stride = random.double(0.7, 0.8)
      split(
        .watch, from: bout.start, to: bout.end, lengths: 45...300, cadence: bout.cadence,
        stride: stride)
      if random.chance(0.7) {
        // The phone's pedometer runs behind the Watch and in longer pieces.
        split(
          .phone, from: bout.start + Int64(random.int(5...40)),
          to: bout.end + Int64(random.int(0...30)),
          lengths: 300...600, cadence: bout.cadence * 0.95, stride: stride)
      }
    }
    for workout in plan.workouts where workout.activity.isOnFoot {
      let cadence = random.double(
        workout.activity.cadence.lowerBound, workout.activity.cadence.upperBound)
      let stride = workout.activity == .running ? 1.1 : 0.76
      split(
        .watch, from: workout.start, to: workout.end, lengths: 60...300, cadence: cadence,
        stride: stride)
      if random.chance(0.5) {
        split(
          .phone, from: workout.start + 9, to: workout.end, lengths: 300...600, cadence: cadence,
          stride: stride)
      }
    }
    let awake = Int(plan.bed - plan.wake) - 200
    for (source, count) in [
      (SynthSource.watch, random.int(20...35)), (.phone, random.int(6...14)),
    ] {
      for _ in 0..<count {
        let start = plan.wake + Int64(random.int(0...awake))
        let end = start + Int64(random.int(15...120))
        add(source, start, end, cadence: random.double(20, 40), stride: 0.7)
      }
    }
    if random.chance(0.3) {
      // Pacer writes hourly totals, every other hour from nine.
      for index in 0..<random.int(2...6) {
        let start = SynthNewYorkTime.utc(
          localDay: plan.localDay, second: (9 + 2 * index) * 3600 + random.int(0...600))
        add(
          .pacer, start, start + Int64(random.int(1800...3500)), cadence: random.double(3, 15),
          stride: 0.7)
      }
    }
    return segments
  }

  func steps(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    for segment in stepSegments(plan) {
      var sample = SynthSample.quantity(
        segment.source, era: era(segment.source, plan), start: segment.start, end: segment.end,
        value: Double(segment.steps), decimals: 0,
        creationDelay: segment.source == .phone ? random.int(30...900) : Self.watchDelay(&random),
        seed: random.next())
      if segment.source == .pacer {
        // Third-party rows miss attributes now and then
        // (docs/formats/apple-health.md#synthetic-exports).
        sample.hasDevice = random.chance(0.6)
        sample.hasVersion = random.chance(0.85)
        if random.chance(0.3) { sample.creationDelay = -1 }
      }
      out.append(sample)
    }
  }

  func distance(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    let metersPerUnit = units == .us ? 1609.344 : 1000
    func append(_ source: SynthSource, _ start: Int64, _ end: Int64, meters: Double) {
      let value = meters / metersPerUnit
      let era = self.era(source, plan)
      let delay = source == .phone ? random.int(30...900) : Self.watchDelay(&random)
      out.append(
        value < 0.000_1
          ? .tiny(
            source, era: era, start: start, end: end, value: value, creationDelay: delay,
            seed: random.next())
          : .quantity(
            source, era: era, start: start, end: end, value: value, decimals: 5,
            creationDelay: delay,
            seed: random.next()))
    }
    for segment in stepSegments(plan) where segment.source != .pacer {
      append(
        segment.source, segment.start, segment.end,
        meters: segment.meters * random.double(0.97, 1.03))
    }
    // The Watch also logs tiny shuffles without steps, which exports write as `8.38e-05`.
    let awake = Int(plan.bed - plan.wake) - 100
    for _ in 0..<random.int(3...10) {
      let start = plan.wake + Int64(random.int(0...awake))
      append(.watch, start, start + Int64(random.int(10...30)), meters: random.double(0.03, 0.3))
    }
  }

  func flights(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    for (source, count) in [(SynthSource.watch, random.int(2...8)), (.phone, random.int(1...4))] {
      for _ in 0..<count {
        var start = plan.wake + Int64(random.int(1800...Int(plan.bed - plan.wake) - 1800))
        if !plan.bouts.isEmpty {
          let bout = plan.bouts[random.int(0...(plan.bouts.count - 1))]
          start = bout.start + Int64(random.int(0...max(0, Int(bout.end - bout.start) - 60)))
        }
        out.append(
          .quantity(
            source, era: era(source, plan), start: start, end: start + Int64(random.int(10...60)),
            value: Double(random.int(1...3)), decimals: 0,
            creationDelay: source == .phone ? random.int(30...900) : Self.watchDelay(&random),
            seed: random.next()))
      }
    }
  }

  /// One-minute AppleExerciseTime bins during workouts and brisk, long walks.
  func exerciseTime(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    let era = self.era(.watch, plan)
    func minutes(from start: Int64, to end: Int64, moving: (Int64) -> Bool) {
      var time = start
      while time + 60 <= end {
        if moving(time) {
          out.append(
            .quantity(
              .watch, era: era, start: time, end: time + 60, value: 1, decimals: 0,
              creationDelay: Self.watchDelay(&random), seed: random.next()))
        }
        time += 60
      }
    }
    for workout in plan.workouts {
      minutes(from: workout.start, to: workout.end) { workout.isMoving(at: $0) }
    }
    for bout in plan.bouts where bout.cadence >= 110 && bout.end - bout.start >= 600 {
      minutes(from: bout.start, to: bout.end) { _ in true }
    }
  }

  /// AppleStandHour `Stood`/`Idle` for each waking hour.
  func standHours(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    let era = self.era(.watch, plan)
    let first = Int(plan.wake - plan.midnight) / 3600
    let last = min(24, Int(plan.bed - plan.midnight) / 3600)
    for hour in first..<max(first, last) {
      let start = SynthNewYorkTime.utc(localDay: plan.localDay, second: hour * 3600)
      out.append(
        .category(
          .watch, era: era, start: start, end: start + 3600,
          value: random.chance(0.78) ? .stood : .idle,
          creationDelay: random.int(60...900), seed: random.next()))
    }
  }
}
