import DispatchCore
import DispatchSupport

/// Stress check-ins and metric context of the demo history.
extension DemoRecords {
  /// Tuesday and Friday evenings: overall stress and Work, Sleep and Family, with the odd
  /// skip and "not applicable" (Work on days off, Family now and then).
  mutating func addStress(_ day: DemoRecordDay, random: inout SplitMix64) {
    let plan = day.plan
    guard plan.date.isoWeekday == 2 || plan.date.isoWeekday == 5 else { return }
    guard plan.travel != .departure, random.chance(0.93) else { return }
    func rated(_ value: Double) -> StressAnswer {
      .rated(min(StressScale.maximum, max(StressScale.minimum, Int(value.rounded()))))
    }
    let free = plan.kind.isFree
    let deadline = plan.hasDeadline ? 2.5 : 0
    let work: StressAnswer =
      free && random.chance(0.7)
      ? .notApplicable : rated((free ? 2 : 5) + deadline + 1.2 * random.normal())
    let sleep: StressAnswer =
      random.chance(0.08) ? .skipped : rated(2.5 + 2.2 * day.sleepDebt + random.normal())
    let family: StressAnswer =
      random.chance(0.12)
      ? .notApplicable : (random.chance(0.1) ? .skipped : rated(2.5 + 1.2 * random.normal()))
    let overallBase =
      3.2 + deadline * 0.8 + 1.5 * day.sleepDebt + (plan.kind == .sick ? 1 : 0)
      - (plan.kind == .vacation ? 2 : 0)
    let overall: StressAnswer =
      random.chance(0.04) ? .skipped : rated(overallBase + random.normal())
    var note: String?
    if plan.hasDeadline && random.chance(0.6) { note = "deadline this week" }
    if plan.kind == .sick { note = "sick, behind on work" }
    let minute = plan.sleepMinute - random.int(60...120)
    stressCheckIns.append(
      StressCheckIn(
        id: nextID("stress"), time: day.time(minute, second: random.int(0...59)),
        overall: overall,
        stressors: [("Work", work), ("Sleep", sleep), ("Family", family)], note: note))
  }

  /// A note for every sick day (no metric is comparable) and one for the trip's steps.
  mutating func addContext(_ day: DemoRecordDay, trip: DemoTrip?) {
    let plan = day.plan
    if plan.kind == .sick {
      metricContext.append(
        MetricContextEntry(
          id: nextID("context"), metric: nil, from: day.time(plan.wakeMinute, precision: .day),
          note: "sick day: readings not comparable"))
    }
    if let trip, plan.date == trip.departure {
      let back = trip.homecoming
      metricContext.append(
        MetricContextEntry(
          id: nextID("context"), metric: "steps", from: day.time(0, precision: .day),
          to: DemoZone(identifier: DemoConfiguration.homeTimeZone)?.instant(on: back, minute: 1439),
          note: "travel: steps not comparable"))
    }
  }
}
