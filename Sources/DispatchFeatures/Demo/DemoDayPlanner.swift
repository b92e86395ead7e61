import DispatchSupport

/// Decides the shape of each day: its kind, when the person wakes and sleeps, where they go,
/// when they drink coffee and eat, and how much they walk.
///
/// The habits are what later analyses should find: weekdays start at 07:xx local time, whatever
/// the DST state; workdays are spent at the office and bring more coffee; gym days bring more
/// steps; weekends are spent with friends and family.
struct DemoDayPlanner {
  let home: DemoZone
  let abroad: DemoZone
  let trip: DemoTrip?

  /// The plan of `date`, drawing from `random`.
  func plan(_ date: DemoDate, random: inout SplitMix64) -> DemoDayPlan {
    let travel = trip?.stage(of: date) ?? .none
    let kind: DemoDayKind
    if travel != .none {
      kind = .vacation
    } else if date.isUSHoliday {
      kind = .holiday
    } else if date.isWeekend {
      kind = .weekend
    } else {
      kind = random.chance(0.03) ? .sick : .workday
    }
    let gymChance: Double
    switch (kind, date.isoWeekday) {
    case (.workday, 1), (.workday, 3): gymChance = 0.8
    case (.workday, 5): gymChance = 0.4
    case (.weekend, 6), (.holiday, _): gymChance = 0.35
    default: gymChance = 0
    }
    let axis = travel == .none || travel == .departure ? home : abroad
    var plan = DemoDayPlan(
      date: date, kind: kind, travel: travel, axis: axis,
      wakeMinute: wakeMinute(kind: kind, travel: travel, random: &random),
      sleepMinute: 0, isGymDay: random.chance(gymChance),
      hasDeadline: kind == .workday && random.chance(0.12))
    plan.sleepMinute = sleepMinute(plan, random: &random)
    var timeline = DemoTimeline(plan: plan, lead: travel == .homecoming ? axisLead(date) : 0)
    plan.segments = timeline.segments(random: &random)
    plan.coffeeMinutes = coffeeMinutes(plan, random: &random)
    plan.mealMinutes = mealMinutes(plan, random: &random)
    plan.baseSteps = baseSteps(plan, random: &random)
    plan.workoutSteps = plan.gymSegment == nil ? 0 : 4500 + 800 * random.normal()
    return plan
  }

  /// Workdays (sick ones too) start at 07:00–07:44, so the wake hour is the same before and
  /// after a DST change; free days start later.
  private func wakeMinute(kind: DemoDayKind, travel: DemoTravelStage, random: inout SplitMix64)
    -> Int
  {
    switch (kind, travel) {
    case (_, .arrival): return 400 + random.int(0...30)
    case (.workday, _), (.sick, _): return 420 + random.int(0...44)
    case (.vacation, _): return 480 + random.int(0...59)
    default: return 480 + random.int(0...89)
    }
  }

  private func sleepMinute(_ plan: DemoDayPlan, random: inout SplitMix64) -> Int {
    switch plan.travel {
    case .departure:
      return 1275 + random.int(0...30)  // on the plane
    case .homecoming:
      // Bedtime at home, 23:00–23:40 there, counted on the foreign clock of the morning.
      return 1380 + random.int(0...40) + axisLead(plan.date)
    case .arrival, .abroad:
      return 1380 + random.int(0...58)
    case .none:
      break
    }
    switch (plan.kind, plan.date.isoWeekday) {
    case (.sick, _): return 1290 + random.int(0...60)
    case (_, 5), (_, 6): return 1380 + random.int(0...58)
    default: return 1350 + random.int(0...70)
    }
  }

  /// How many minutes the foreign clock runs ahead of home on `date` (240 or 300 for Lisbon).
  func axisLead(_ date: DemoDate) -> Int {
    let noon = home.instant(on: date, minute: 720)
    return (abroad.offset(at: noon) - home.offset(at: noon)) / 60
  }

  private func coffeeMinutes(_ plan: DemoDayPlan, random: inout SplitMix64) -> [Int] {
    let wake = plan.wakeMinute
    var minutes: [Int] = []
    func maybe(_ chance: Double, _ minute: Int) {
      if random.chance(chance) { minutes.append(minute) }
    }
    switch plan.kind {
    case .workday:
      minutes.append(wake + 25)
      maybe(0.65, 620 + random.int(0...30))
      maybe(0.5, 870 + random.int(0...40))
      maybe(plan.hasDeadline ? 0.6 : 0.15, 960 + random.int(0...20))
    case .weekend, .holiday:
      maybe(0.8, wake + 30)
      maybe(0.4, 900 + random.int(0...60))
    case .sick:
      maybe(0.4, wake + 60)
    case .vacation:
      minutes.append(wake + 20)
      maybe(0.7, 660 + random.int(0...20))
      maybe(0.5, 960 + random.int(0...30))
    }
    return minutes.filter { $0 < plan.sleepMinute }.sorted()
  }

  private func mealMinutes(_ plan: DemoDayPlan, random: inout SplitMix64) -> [Int] {
    let breakfast = plan.wakeMinute + 15 + random.int(0...25)
    let lunch = 740 + random.int(0...50)
    let dinnerStart = plan.segments.first { $0.activity == .friendsDinner || $0.activity == .fado }
    let dinner = (dinnerStart.map { $0.start + 20 } ?? 1155) + random.int(0...60)
    // The homecoming dinner is eaten on the plane, on the foreign clock.
    let dinnerTime = plan.travel == .homecoming ? 1080 + random.int(0...40) : dinner
    return [breakfast, lunch, dinnerTime].filter { $0 < plan.sleepMinute }
  }

  private func baseSteps(_ plan: DemoDayPlan, random: inout SplitMix64) -> Double {
    let noise = random.normal()
    switch plan.kind {
    case .workday: return 6500 + 1400 * noise
    case .weekend, .holiday: return 8500 + 2500 * noise
    case .sick: return 1200 + 300 * noise
    case .vacation:
      return plan.travel == .abroad ? 16000 + 3000 * noise : 7000 + 1500 * noise
    }
  }
}
