import DispatchCore
import DispatchSupport

/// Walks the configured range day by day and writes every report of the demo history.
///
/// Each day draws from its own generator, seeded from the configuration's seed and the date, so
/// the history is a pure function of the configuration.
struct DemoGenerator {
  let configuration: DemoConfiguration
  let first: DemoDate
  let last: DemoDate
  let planner: DemoDayPlanner

  /// The longest history generated, about ten years: enough for any demo, small enough to
  /// stay quick.
  static let maximumDays = 3660

  /// Checks the configuration and prepares the zones.
  init(configuration: DemoConfiguration) throws {
    guard let first = DemoDate(text: configuration.startDay) else {
      throw DispatchError(
        .invalidValue, "demo start day '\(configuration.startDay)' is not a date (YYYY-MM-DD)")
    }
    guard let last = DemoDate(text: configuration.endDay) else {
      throw DispatchError(
        .invalidValue, "demo end day '\(configuration.endDay)' is not a date (YYYY-MM-DD)")
    }
    guard first <= last else {
      throw DispatchError(
        .invalidValue,
        "demo end day '\(configuration.endDay)' is before start day '\(configuration.startDay)'")
    }
    guard last.dayNumber - first.dayNumber < Self.maximumDays else {
      throw DispatchError(
        .invalidValue, "a demo history covers at most \(Self.maximumDays) days; shorten the range")
    }
    guard let home = DemoZone(identifier: DemoConfiguration.homeTimeZone),
      let abroad = DemoZone(identifier: DemoConfiguration.travelTimeZone)
    else {
      throw DispatchError(
        .invalidValue,
        "the time zone database lacks '\(DemoConfiguration.homeTimeZone)' or "
          + "'\(DemoConfiguration.travelTimeZone)'; install tzdata")
    }
    self.configuration = configuration
    self.first = first
    self.last = last
    planner = DemoDayPlanner(home: home, abroad: abroad, trip: DemoTrip(first: first, last: last))
  }

  /// Local days in the range, first and last included.
  var dayCount: Int { last.dayNumber - first.dayNumber + 1 }

  /// Every report, oldest first.
  func reports() -> [Report] {
    var reports: [Report] = []
    reports.reserveCapacity(dayCount * 8)
    var newYorkAnomaly = 0.0
    var lisbonAnomaly = 0.0
    var lastSleep: Instant?
    var lastDinner: Instant?
    for dayNumber in first.dayNumber...last.dayNumber {
      let date = DemoDate(dayNumber: dayNumber)
      var random = SplitMix64.stream(
        seed: configuration.seed, index: UInt64(bitPattern: Int64(dayNumber)))
      let plan = planner.plan(date, random: &random)
      let newYork = DemoWeather(
        city: .newYork, date: date, anomaly: &newYorkAnomaly, random: &random)
      let lisbon = DemoWeather(city: .lisbon, date: date, anomaly: &lisbonAnomaly, random: &random)
      let moments = DemoSchedule.moments(for: plan, random: &random)
      // The night before the first day is imagined, so the first wake report is complete.
      let slept =
        lastSleep
        ?? planner.home.instant(on: date.adding(days: -1), minute: 1380 + random.int(0...40))
      let quality = sleepQuality(plan, from: slept, random: &random)
      let batteryAtWake = random.double(0.9, 1)
      var previousMinute: Int?
      for moment in moments {
        let key = DemoReportKey(seed: configuration.seed, number: reports.count + 1)
        let segment = plan.segment(at: moment.minute)
        let zone =
          segment?.zoneIdentifier == planner.abroad.identifier ? planner.abroad : planner.home
        let offset = zone.offset(at: moment.instant)
        let weather = segment?.place.map { $0.city == .newYork ? newYork : lisbon }
        let mood = DemoMood(
          plan: plan, segment: segment, minute: moment.minute,
          companions: segment?.companions ?? [], sleepQuality: quality, weather: weather,
          coffees: plan.coffeeMinutes.filter { $0 <= moment.minute }.count, random: &random)
        let sensors = DemoSensors(
          plan: plan, moment: moment, segment: segment, offset: offset, weather: weather,
          batteryAtWake: batteryAtWake, lastSleep: slept, previousMinute: previousMinute,
          key: key)
        let answers = DemoAnswers(
          plan: plan, moment: moment, segment: segment, mood: mood, sleepQuality: quality,
          offset: offset, lastSleep: slept, lastDinner: lastDinner, key: key)
        reports.append(
          Report(
            id: key.reportID, date: moment.instant, timeZoneIdentifier: zone.identifier,
            utcOffsetSeconds: offset, kind: moment.kind, trigger: moment.trigger,
            promptGroupID: moment.group?.id, context: sensors.context(random: &random),
            responses: answers.responses(random: &random)))
        if moment.role == .sleep { lastSleep = moment.instant }
        previousMinute = moment.minute
      }
      lastDinner = plan.mealMinutes.last.map { plan.axis.instant(on: date, minute: $0) }
    }
    return reports
  }

  /// How the night went: long nights are mostly good, short ones (the red-eye flight, late
  /// Fridays) mostly poor, and sick days start badly.
  private func sleepQuality(_ plan: DemoDayPlan, from slept: Instant, random: inout SplitMix64)
    -> String
  {
    let wake = plan.axis.instant(on: plan.date, minute: plan.wakeMinute)
    let hours = Double(wake.milliseconds - slept.milliseconds) / 3_600_000
    let weights: [Double]
    if plan.kind == .sick || hours < 7 {
      weights = [0.08, 0.4, 0.52]
    } else if hours < 8 {
      weights = [0.25, 0.55, 0.2]
    } else {
      weights = [0.5, 0.42, 0.08]
    }
    return ["Great", "OK", "Poorly"][random.weightedIndex(weights)]
  }
}
