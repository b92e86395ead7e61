import DispatchCore
import DispatchSupport

/// Moods, fatigue, activities, doses and lost items of one demo day.
extension DemoRecords {
  /// The activity kinds and medications; Vitamin D was started about two months before the
  /// history begins.
  mutating func makeDefinitions(home: String, firstDay: DemoDate) {
    let kinds: [(String, String, [String])] = [
      ("Deep work", "Focused work, notifications off", ["work"]),
      ("Gym", "Weights and a run", ["exercise"]),
      ("Reading", "A book before bed", ["leisure"]),
      ("Commute", "Subway to the office and back", ["travel"]),
    ]
    for (index, kind) in kinds.enumerated() {
      definitions.append(
        ActivityDefinition(
          id: nextID("activity-definition"), name: kind.0, description: kind.1, tags: kind.2,
          sortOrder: index))
    }
    medications = [
      Medication(
        id: nextID("medication"), name: "Vitamin D", defaultDosage: "1000 IU",
        frequency: "1 time per day", startedOn: firstDay.adding(days: -65).text,
        startedOnTimeZone: home,
        notes: "With breakfast", sortOrder: 0),
      Medication(
        id: nextID("medication"), name: "Ibuprofen", defaultDosage: "200 mg",
        notes: "As needed", sortOrder: 1),
    ]
  }

  /// A mood in the morning and the evening, at midday now and then; fatigue each morning.
  mutating func addRatings(_ day: DemoRecordDay, random: inout SplitMix64) {
    let plan = day.plan
    var lift = 0.0
    switch plan.kind {
    case .sick: lift = -2
    case .weekend, .holiday: lift = 0.8
    case .vacation: lift = 1.2
    case .workday: lift = plan.hasDeadline ? -0.6 : 0
    }
    var minutes = [plan.wakeMinute + random.int(30...90), plan.sleepMinute - random.int(30...90)]
    if random.chance(0.3) { minutes.insert(760 + random.int(0...60), at: 1) }
    for (index, minute) in minutes.enumerated() {
      // Sleep debt weighs on the morning most; the day's kind on the later moods.
      let debt = day.sleepDebt * (index == 0 ? 1.6 : 1.1)
      let value = 6.6 + lift - debt + 0.9 * random.normal()
      let rating = min(10, max(1, value.rounded()))
      var note: String?
      if rating <= 3 && random.chance(0.5) { note = random.pick(["tired", "rough day", "low"]) }
      if rating >= 9 && random.chance(0.4) { note = random.pick(["great day", "felt good"]) }
      ratings.append(
        RatingRecord(
          id: nextID("mood"), kind: .mood, time: day.time(minute, second: random.int(0...59)),
          rating: rating, scale: .mood, note: note))
    }
    let tiredness = 1.6 + 1.4 * day.sleepDebt + (plan.kind == .sick ? 2.5 : 0) + random.normal()
    ratings.append(
      RatingRecord(
        id: nextID("fatigue"), kind: .fatigue,
        time: day.time(plan.wakeMinute + random.int(20...60), second: random.int(0...59)),
        rating: min(6, max(0, tiredness.rounded())), scale: .fatigue))
  }

  /// Deep work inside the work segments, the gym visit, commutes, reading in the evening.
  mutating func addActivities(_ day: DemoRecordDay, random: inout SplitMix64) {
    let plan = day.plan
    for segment in plan.segments {
      switch segment.activity {
      case .work where segment.end - segment.start >= 60:
        let start = segment.start + random.int(5...20)
        let end = min(segment.end - 5, start + random.int(70...150))
        addActivity(definitions[0], day, start: start, end: end, random: &random)
      case .gym:
        addActivity(definitions[1], day, start: segment.start, end: segment.end, random: &random)
      case .commute:
        addActivity(definitions[3], day, start: segment.start, end: segment.end, random: &random)
      default: break
      }
    }
    let evening = plan.kind == .vacation ? 0.35 : 0.6
    if plan.travel != .departure, random.chance(evening) {
      let start = plan.sleepMinute - random.int(50...80)
      addActivity(
        definitions[2], day, start: start, end: start + random.int(20...45), random: &random)
    }
  }

  private mutating func addActivity(
    _ definition: ActivityDefinition, _ day: DemoRecordDay, start: Int, end: Int,
    random: inout SplitMix64
  ) {
    guard end > start else { return }
    let startTime = day.time(start, second: random.int(0...59))
    let endTime = day.time(end, second: random.int(0...59))
    // Mostly started and stopped live; now and then started late, "--ago 15m" style.
    let late = random.chance(0.15) ? Int64(random.int(5...20)) * 60 : Int64(random.int(0...30))
    activities.append(
      ActivityRecord(
        id: nextID("activity"), definitionID: definition.id, start: startTime,
        startSetAt: startTime.instant.adding(seconds: late), end: endTime,
        endSetAt: endTime.instant.adding(seconds: Int64(random.int(0...40)))))
  }

  /// Vitamin D with breakfast (missed now and then, more often away), ibuprofen on sick days
  /// and after some workouts.
  mutating func addDoses(_ day: DemoRecordDay, random: inout SplitMix64) {
    let plan = day.plan
    let breakfast = plan.mealMinutes.first ?? plan.wakeMinute + 20
    if random.chance(plan.kind == .vacation ? 0.75 : 0.93) {
      doses.append(
        MedicationDose(
          id: nextID("dose"), medicationID: medications[0].id,
          time: day.time(breakfast + random.int(0...15), second: random.int(0...59)),
          dosage: "1000 IU"))
    } else {
      missedDoses += 1
    }
    var painMinutes: [Int] = []
    if plan.kind == .sick {
      painMinutes = [
        plan.wakeMinute + random.int(40...90), plan.wakeMinute + random.int(380...460),
      ]
    } else if let gym = plan.gymSegment, random.chance(0.12) {
      painMinutes = [gym.end + random.int(30...90)]
    }
    for minute in painMinutes where minute < plan.sleepMinute {
      doses.append(
        MedicationDose(
          id: nextID("dose"), medicationID: medications[1].id,
          time: day.time(minute, second: random.int(0...59)), dosage: "200 mg"))
    }
  }

  /// Keys, glasses and the like, noticed missing when leaving; more likely after a short
  /// night and on sick days.
  mutating func addLostItem(_ day: DemoRecordDay, random: inout SplitMix64) {
    let plan = day.plan
    let chance = 0.012 + 0.22 * min(day.sleepDebt, 1.5) + (plan.kind == .sick ? 0.1 : 0)
    guard random.chance(chance) else { return }
    let minute = plan.wakeMinute + random.int(35...80)
    let noticed = day.time(minute, second: random.int(0...59))
    let item = random.pick(["keys", "keys", "glasses", "glasses", "phone", "wallet", "headphones"])
    let found = random.chance(0.88)
    lostItems.append(
      LostItemEvent(
        id: nextID("lost"), item: item, noticed: noticed,
        place: found ? random.pick(["coat pocket", "kitchen counter", "desk", "bag", "car"]) : nil,
        foundAt: found ? noticed.instant.adding(seconds: Int64(random.int(3...90)) * 60) : nil,
        note: found ? nil : "still missing"))
  }
}
