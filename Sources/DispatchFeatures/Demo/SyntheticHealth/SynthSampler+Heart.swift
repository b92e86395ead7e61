import DispatchSupport

/// Heart: rate, variability, daily averages, events and VO2 max.
extension SynthSampler {
  /// Point samples every 4–7 minutes, every 4–6 seconds during workouts; most carry a motion
  /// context (0 not set, 1 sedentary, 2 active; docs/formats/apple-health.md#metadata-entries).
  func heartRate(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    let era = self.era(.watch, plan)
    var time = plan.midnight + Int64(random.int(0...240))
    var bout = 0
    var next = 0
    func append(_ at: Int64, _ value: Int, context: Int32, delay: Int) {
      var sample = SynthSample.quantity(
        .watch, era: era, start: at, end: at, value: Double(value), decimals: 0,
        creationDelay: delay, seed: random.next())
      sample.detail = context
      out.append(sample)
    }
    while time < plan.nextMidnight {
      if next < plan.workouts.count && time >= plan.workouts[next].start - 60 {
        let workout = plan.workouts[next]
        let range = workout.activity.heartRate
        var beat = workout.start + Int64(random.int(2...6))
        while beat < workout.end {
          let progress = Double(beat - workout.start) / Double(workout.end - workout.start)
          let level = Double(range.lowerBound) + Double(range.count) * min(1, progress * 3)
          append(
            beat, Int(level * random.double(0.95, 1.04)), context: random.chance(0.95) ? 2 : -1,
            delay: random.int(10...300))
          beat += Int64(random.int(4...6))
        }
        time = workout.end + Int64(random.int(60...240))
        next += 1
        continue
      }
      while bout < plan.bouts.count && plan.bouts[bout].end <= time { bout += 1 }
      let walking = bout < plan.bouts.count && plan.bouts[bout].start <= time
      let asleep = time < plan.wake || time >= plan.bed
      let value =
        asleep ? random.int(47...60) : walking ? random.int(88...116) : random.int(60...86)
      let draw = random.unit()
      let context: Int32 =
        draw < 0.1 ? -1 : draw < 0.18 ? 0 : (walking && draw < 0.9 ? 2 : 1)
      append(time, value, context: context, delay: random.int(0...600))
      time += Int64(random.int(240...420))
    }
  }

  /// RestingHeartRate and WalkingHeartRateAverage: one long-span sample a day.
  func dailyHeartRate(
    _ kind: SynthKind, _ plan: SynthDayPlan, _ random: inout SplitMix64,
    _ out: inout [SynthSample]
  ) {
    let resting = kind == .restingHeartRate
    let start =
      resting
      ? plan.midnight + Int64(random.int(60...1200)) : plan.wake + Int64(random.int(600...3600))
    let end =
      resting
      ? plan.wake + Int64(random.int(36_000...50_000)) : start + Int64(random.int(36_000...46_000))
    let value = resting ? random.int(52...61) : random.int(96...114)
    out.append(
      .quantity(
        .watch, era: era(.watch, plan), start: start, end: end, value: Double(value), decimals: 0,
        creationDelay: random.int(600...3600), seed: random.next()))
  }

  /// 4–8 SDNN samples a day, each with 30–60 instantaneous beats; every third day one is taken
  /// just before midnight on the export's clock so its beat list crosses midnight.
  func heartRateVariability(
    _ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]
  ) {
    let era = self.era(.watch, plan)
    let count = random.int(4...8)
    for index in 0..<count {
      var start = plan.midnight + Int64(random.int(0...86_000))
      if index == count - 1 && plan.day % 3 == 2 {
        // 23:59:40–23:59:50 on the export's wall clock, which is what the beat times show.
        start = Int64(plan.localDay + 1) * 86_400 - Int64(random.int(10...20)) - exportOffsetSeconds
      }
      var sample = SynthSample.quantity(
        .watch, era: era, start: start, end: start + 60, value: random.double(18, 85), decimals: 4,
        creationDelay: random.int(60...480), seed: random.next())
      sample.detail = Int32(random.int(30...60))
      out.append(sample)
    }
  }

  /// A LowHeartRateEvent (no `value`) every ten days, at night.
  func lowHeartRateEvent(
    _ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]
  ) {
    guard plan.day % 10 == 1 else { return }
    let start = plan.midnight + Int64(random.int(7200...16_200))
    out.append(
      .category(
        .watch, era: era(.watch, plan), start: start, end: start + 600, value: nil,
        creationDelay: random.int(30...600), seed: random.next()))
  }

  /// Weekly VO2Max; every other week (`detail` 1) the unit has a literal middle dot instead of
  /// `&#183;`.
  func vo2Max(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    guard plan.day % 7 == 5 else { return }
    let start = plan.bed - Int64(random.int(3600...10_800))
    var sample = SynthSample.quantity(
      .watch, era: era(.watch, plan), start: start, end: start, value: random.double(38.5, 42.5),
      decimals: 4, creationDelay: random.int(60...900), seed: random.next())
    sample.detail = Int32(plan.day / 7 % 2)
    out.append(sample)
  }
}
