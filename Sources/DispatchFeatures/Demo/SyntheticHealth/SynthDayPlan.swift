import DispatchCore
import DispatchSupport

/// A stretch of walking outside workouts.
struct SynthBout {
  var start: Int64
  var end: Int64
  /// Steps per minute.
  var cadence: Double
}

/// One planned workout; everything written about it is derived from these numbers and `seed`.
struct SynthWorkoutPlan {
  var activity: SynthWorkoutActivity
  var start: Int64
  var end: Int64
  /// A pause (`pauseLength` 0: none); `end - start` includes it, `duration` does not.
  var pauseStart: Int64
  var pauseLength: Int64
  var indoor: Bool
  var mets: Double
  var seed: UInt64

  var activeSeconds: Int64 { end - start - pauseLength }
  var hasRoute: Bool { !indoor }

  /// Whether `instant` is inside the workout and not paused.
  func isMoving(at instant: Int64) -> Bool {
    instant >= start && instant < end
      && !(instant >= pauseStart && instant < pauseStart + pauseLength)
  }
}

/// One simulated America/New_York day: when Ana is awake, walks and works out. Every stream
/// of the day reads it, so steps, energy and heart rate agree with one another.
struct SynthDayPlan {
  var day: Int
  /// Days since the epoch of the local date.
  var localDay: Int
  /// UTC seconds of this local midnight and the next.
  var midnight: Int64
  var nextMidnight: Int64
  var wake: Int64
  /// Lights out this evening (may be after midnight); the night's sleep starts here.
  var bed: Int64
  var bouts: [SynthBout]
  var workouts: [SynthWorkoutPlan]
  /// Index of the software versions in use (they change every 100 days).
  var era: Int

  func era(versions: Int) -> UInt8 { UInt8(min(era, versions - 1)) }

  /// Builds the plan of `day` from streams seeded by `seed`, the day and its week only.
  init(day: Int, firstLocalDay: Int, seed: UInt64) {
    self.day = day
    localDay = firstLocalDay + day
    midnight = SynthNewYorkTime.utc(localDay: localDay, second: 0)
    nextMidnight = SynthNewYorkTime.utc(localDay: localDay + 1, second: 0)
    era = max(day, 0) / 100
    var random = SplitMix64.stream(
      seed: seed ^ synthSalt("plan"), index: UInt64(bitPattern: Int64(day)))
    let weekday = ((localDay % 7) + 7 + 3) % 7  // Monday = 0
    let weekend = weekday >= 5
    let wakeSecond = (weekend ? 7 * 3600 : 6 * 3600) + random.int(0...(weekend ? 6600 : 5400))
    let bedSecond = 22 * 3600 + 900 + random.int(0...7200)
    wake = SynthNewYorkTime.utc(localDay: localDay, second: wakeSecond)
    bed = SynthNewYorkTime.utc(localDay: localDay, second: bedSecond)
    workouts = Self.workouts(
      day: day, localDay: localDay, wakeSecond: wakeSecond, seed: seed)
    // Empty first so the walk planner, an instance method, can read wake, bed and workouts.
    bouts = []
    bouts = walkingBouts(&random)
  }

  /// 4–6 workouts a week on distinct days, the first of each week outdoors so every week has a
  /// route.
  private static func workouts(day: Int, localDay: Int, wakeSecond: Int, seed: UInt64)
    -> [SynthWorkoutPlan]
  {
    let week = Int64(day).floorDivided(by: 7)
    var weekly = SplitMix64.stream(
      seed: seed ^ synthSalt("week"), index: UInt64(bitPattern: week.quotient))
    let count = weekly.int(4...6)
    var weekdays = Array(0..<7)
    for index in 0..<6 { weekdays.swapAt(index, weekly.int(index...6)) }
    let chosen = weekdays.prefix(count).sorted()
    guard let rank = chosen.firstIndex(of: Int(week.remainder)) else { return [] }
    var random = SplitMix64.stream(
      seed: seed ^ synthSalt("workout"), index: UInt64(bitPattern: Int64(day)))
    var activity = SynthWorkoutActivity.allCases[
      random.weightedIndex(SynthWorkoutActivity.weights)]
    let forcedOutdoor = rank == 0
    if forcedOutdoor && activity.outdoorChance == 0 { activity = .walking }
    let morning = random.chance(0.45)
    let startSecond =
      morning ? wakeSecond + random.int(1200...3600) : 17 * 3600 + 900 + random.int(0...7200)
    let start = SynthNewYorkTime.utc(localDay: localDay, second: startSecond)
    let active = Int64(
      random.int(activity.minutes.lowerBound * 60...activity.minutes.upperBound * 60))
    var pauseStart = start
    var pauseLength: Int64 = 0
    if random.chance(0.3) {
      pauseStart = start + Int64(Double(active) * random.double(0.3, 0.7))
      pauseLength = Int64(random.int(60...300))
    }
    let indoor = forcedOutdoor ? false : !random.chance(activity.outdoorChance)
    let mets = random.double(activity.mets.lowerBound, activity.mets.upperBound)
    return [
      SynthWorkoutPlan(
        activity: activity, start: start, end: start + active + pauseLength,
        pauseStart: pauseStart, pauseLength: pauseLength, indoor: indoor, mets: mets,
        seed: random.next())
    ]
  }

  /// Walks of 2–8 minutes (now and then a 15–30 minute commute) between wake and bed, kept
  /// clear of workouts.
  private func walkingBouts(_ random: inout SplitMix64) -> [SynthBout] {
    var bouts: [SynthBout] = []
    var cursor = wake + Int64(random.int(600...2400))
    while cursor < bed - 1800 {
      let length = Int64(random.chance(0.08) ? random.int(900...1800) : random.int(120...480))
      var start = cursor
      if let workout = workouts.first(where: {
        start + length > $0.start - 300 && start < $0.end + 300
      }) {
        start = workout.end + Int64(random.int(300...1200))
      }
      guard start + length < bed else { break }
      bouts.append(SynthBout(start: start, end: start + length, cadence: random.double(88, 118)))
      cursor = start + length + Int64(random.int(1200...6000))
    }
    return bouts
  }
}

/// The day plans of one export, built on first use and kept (about a kilobyte a day).
final class SynthPlanBook {
  let seed: UInt64
  let firstLocalDay: Int
  /// `plans[day + 1]`, so the night before day 0 has a plan too.
  private var plans: [SynthDayPlan] = []

  init(seed: UInt64, startDate: (year: Int, month: Int, day: Int)) {
    self.seed = seed
    firstLocalDay = CivilTime.days(year: startDate.year, month: startDate.month, day: startDate.day)
  }

  func plan(_ day: Int) -> SynthDayPlan {
    precondition(day >= -1, "no plan before the night of the first day")
    while plans.count <= day + 1 {
      plans.append(SynthDayPlan(day: plans.count - 1, firstLocalDay: firstLocalDay, seed: seed))
    }
    return plans[day + 1]
  }
}

@available(*, unavailable, message: "caches plans without locking")
extension SynthPlanBook: Sendable {}
