import DispatchSupport

/// Lays out the segments of one day: where the demo person is, doing what, with whom.
struct DemoTimeline {
  let plan: DemoDayPlan
  /// Minutes the day's clock runs ahead of home (homecoming day only).
  let lead: Int
  private var built: [DemoSegment] = []
  private var cursor = 0

  init(plan: DemoDayPlan, lead: Int) {
    self.plan = plan
    self.lead = lead
  }

  /// The day's segments, back to back from waking to bedtime.
  mutating func segments(random: inout SplitMix64) -> [DemoSegment] {
    built = []
    cursor = plan.wakeMinute
    switch plan.travel {
    case .departure: departureDay()
    case .arrival: arrivalDay(random: &random)
    case .abroad: abroadDay(random: &random)
    case .homecoming: homecomingDay()
    case .none:
      switch plan.kind {
      case .workday: workday(random: &random)
      case .sick: sickDay()
      case .weekend, .holiday, .vacation: freeDay(random: &random)
      }
    }
    if let last = built.indices.last { built[last].end = plan.sleepMinute }
    return built
  }

  /// Appends a segment from the end of the previous one to `end` (bedtime at the latest).
  private mutating func add(
    until end: Int, _ place: DemoPlace?, _ activity: DemoActivity, with companions: [String] = [],
    zone: String = DemoConfiguration.homeTimeZone
  ) {
    let end = min(end, plan.sleepMinute)
    guard end > cursor else { return }
    built.append(
      DemoSegment(
        start: cursor, end: end, place: place, activity: activity, companions: companions,
        zoneIdentifier: place?.city.zoneIdentifier ?? zone))
    cursor = end
  }

  private func some(_ people: [String], _ chance: Double, _ random: inout SplitMix64)
    -> [String]
  {
    people.filter { _ in random.chance(chance) }
  }

  private func coworkers(_ random: inout SplitMix64) -> [String] {
    random.subset(DemoVocabulary.coworkers, count: random.weightedIndex([0.25, 0.4, 0.35]))
  }

  private mutating func workday(random: inout SplitMix64) {
    let partner = [DemoVocabulary.partner]
    add(until: 505, DemoPlaces.home, .morning, with: some(partner, 0.75, &random))
    let remote = random.chance(plan.date.isoWeekday == 5 ? 0.7 : 0.05)
    if remote {
      let desk = random.chance(0.35) ? DemoPlaces.cafe : DemoPlaces.home
      add(until: 750, desk, .work)
      add(until: 810, DemoPlaces.home, .lunch, with: some(partner, 0.3, &random))
      add(until: 1060, DemoPlaces.home, .work)
    } else {
      add(until: 545, DemoPlaces.subway, .commute)
      add(until: 750, DemoPlaces.office, .work, with: coworkers(&random))
      add(until: 810, DemoPlaces.office, .lunch, with: coworkers(&random))
      add(until: 1060, DemoPlaces.office, .work, with: coworkers(&random))
      add(until: 1095, DemoPlaces.subway, .commute)
    }
    if plan.isGymDay {
      add(
        until: cursor + 75, DemoPlaces.gym, .gym,
        with: some([DemoVocabulary.gymBuddy], 0.25, &random))
    }
    if plan.date.isoWeekday == 5 && random.chance(0.55) {
      dinnerWithFriends(random: &random)
    } else {
      add(
        until: plan.sleepMinute, DemoPlaces.home, .eveningHome, with: some(partner, 0.85, &random))
    }
  }

  private mutating func sickDay() {
    add(until: 1080, DemoPlaces.home, .sick)
    add(until: plan.sleepMinute, DemoPlaces.home, .sick, with: [DemoVocabulary.partner])
  }

  private mutating func freeDay(random: inout SplitMix64) {
    let partner = [DemoVocabulary.partner]
    add(until: cursor + 90, DemoPlaces.home, .morning, with: some(partner, 0.9, &random))
    if plan.isGymDay {
      add(
        until: cursor + 75, DemoPlaces.gym, .gym,
        with: some([DemoVocabulary.gymBuddy], 0.2, &random))
      add(until: 750, DemoPlaces.home, .chores, with: partner)
    } else {
      switch random.weightedIndex([0.45, 0.3, 0.25]) {
      case 0: add(until: 750, DemoPlaces.park, .outdoors, with: some(partner, 0.6, &random))
      case 1: add(until: 750, DemoPlaces.home, .chores, with: partner)
      default: add(until: 750, DemoPlaces.grocery, .errands)
      }
    }
    if plan.date.isoWeekday == 7 && random.chance(0.35) {
      add(until: 1050, DemoPlaces.moms, .family, with: [DemoVocabulary.mother] + partner)
    } else {
      switch random.weightedIndex([0.4, 0.25, 0.2, 0.15]) {
      case 0:
        let friend = some([random.pick(DemoVocabulary.friends)], 0.3, &random)
        add(until: 1050, DemoPlaces.cafe, .cafe, with: friend)
      case 1: add(until: 1050, DemoPlaces.park, .outdoors, with: some(partner, 0.5, &random))
      case 2: add(until: 1050, DemoPlaces.home, .chores, with: partner)
      default: add(until: 1050, DemoPlaces.grocery, .errands)
      }
    }
    let dinnerOut: Double
    switch (plan.kind, plan.date.isoWeekday) {
    case (.weekend, 6): dinnerOut = 0.6
    case (.holiday, _): dinnerOut = 0.3
    default: dinnerOut = 0.15
    }
    if random.chance(dinnerOut) {
      dinnerWithFriends(random: &random)
    } else {
      add(until: plan.sleepMinute, DemoPlaces.home, .eveningHome, with: some(partner, 0.9, &random))
    }
  }

  private mutating func dinnerWithFriends(random: inout SplitMix64) {
    let partner = [DemoVocabulary.partner]
    add(until: 1110, DemoPlaces.home, .eveningHome, with: partner)
    let friends = random.subset(DemoVocabulary.friends, count: random.int(1...3))
    add(
      until: 1290, DemoPlaces.restaurant, .friendsDinner,
      with: friends + some(partner, 0.7, &random))
    add(until: plan.sleepMinute, DemoPlaces.home, .eveningHome, with: partner)
  }

  private mutating func departureDay() {
    let partner = [DemoVocabulary.partner]
    add(until: 720, DemoPlaces.home, .packing, with: partner)
    add(until: 960, DemoPlaces.cafe, .cafe, with: partner)
    add(until: 1050, DemoPlaces.home, .packing, with: partner)
    add(until: 1170, DemoPlaces.jfk, .airport, with: partner)
    add(until: plan.sleepMinute, nil, .flight, with: partner)
  }

  private mutating func arrivalDay(random: inout SplitMix64) {
    let partner = [DemoVocabulary.partner]
    add(until: cursor + 70, DemoPlaces.lisbonAirport, .airport, with: partner)
    add(until: 780, DemoPlaces.hotel, .hotelEvening, with: partner)
    abroadAfternoon(withFriend: false, random: &random)
  }

  private mutating func abroadDay(random: inout SplitMix64) {
    let withFriend = random.chance(0.3)
    let company = [DemoVocabulary.partner] + (withFriend ? [DemoVocabulary.lisbonFriend] : [])
    add(until: cursor + 75, DemoPlaces.hotel, .hotelMorning, with: [DemoVocabulary.partner])
    add(until: 780, random.pick(DemoPlaces.sights), .sightseeing, with: company)
    abroadAfternoon(withFriend: withFriend, random: &random)
  }

  private mutating func abroadAfternoon(withFriend: Bool, random: inout SplitMix64) {
    let partner = [DemoVocabulary.partner]
    let company = partner + (withFriend ? [DemoVocabulary.lisbonFriend] : [])
    add(until: 870, DemoPlaces.market, .marketLunch, with: company)
    add(until: 1140, random.pick(DemoPlaces.sights), .sightseeing, with: partner)
    add(until: 1320, DemoPlaces.fadoHouse, .fado, with: company)
    add(until: plan.sleepMinute, DemoPlaces.hotel, .hotelEvening, with: partner)
  }

  /// Abroad in the morning, a flight, then the evening at home: the segments after landing
  /// carry the home zone while their minutes still count on the foreign clock.
  private mutating func homecomingDay() {
    let partner = [DemoVocabulary.partner]
    add(until: cursor + 90, DemoPlaces.hotel, .packing, with: partner)
    add(until: 800, DemoPlaces.lisbonAirport, .airport, with: partner)
    let landing = 1005 + lead  // 16:45 at home
    add(until: landing, nil, .flight, with: partner, zone: DemoConfiguration.travelTimeZone)
    add(until: landing + 75, DemoPlaces.jfk, .airport, with: partner)
    add(until: plan.sleepMinute, DemoPlaces.home, .eveningHome, with: partner)
  }
}
