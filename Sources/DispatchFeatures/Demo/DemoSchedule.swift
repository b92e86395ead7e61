import DispatchCore
import DispatchSupport

/// One report to write: when, and in which survey.
struct DemoMoment: Sendable {
  /// Which survey the report answers.
  enum Role: Int, Sendable {
    case wake
    case regular
    case workout
    case evening
    case sleep
  }

  let role: Role
  /// Minute on the day's clock (see ``DemoDayPlan/axis``).
  let minute: Int
  let instant: Instant
  let trigger: ReportTrigger
  /// The last regular report of the day, the one that most often answers "What did you
  /// learn today?".
  var isLastRegular = false

  /// The report kind of the survey.
  var kind: ReportKind {
    switch role {
    case .wake: return .wake
    case .sleep: return .sleep
    case .regular, .workout, .evening: return .regular
    }
  }

  /// The prompt group whose survey this is, if any.
  var group: PromptGroup? {
    switch role {
    case .evening: return DemoPromptGroups.evening
    case .workout: return DemoPromptGroups.workout
    case .wake, .regular, .sleep: return nil
    }
  }

  /// The questions the report answers, in survey order.
  var questions: [DemoQuestion] {
    group.map(DemoPromptGroups.questions(of:)) ?? DemoQuestion.asked(in: kind)
  }
}

/// When a day's reports are filed: a wake report, three to six prompted reports spread over the
/// waking day (semi-random, as Dispatch's default distribution), prompt-group reports, and a
/// sleep report.
enum DemoSchedule {
  /// The day's moments, oldest first.
  static func moments(for plan: DemoDayPlan, random: inout SplitMix64) -> [DemoMoment] {
    func moment(_ role: DemoMoment.Role, _ minute: Int, _ trigger: ReportTrigger) -> DemoMoment {
      let instant = plan.axis.instant(
        on: plan.date, minute: minute, second: random.int(0...59),
        millisecond: random.int(0...999))
      return DemoMoment(role: role, minute: minute, instant: instant, trigger: trigger)
    }
    var moments = [moment(.wake, plan.wakeMinute, .wake)]
    for minute in regularMinutes(plan, random: &random) {
      moments.append(moment(.regular, minute, random.chance(0.85) ? .notification : .manual))
    }
    if let gym = plan.gymSegment {
      moments.append(moment(.workout, gym.end - random.int(1...5), .workoutEnd))
    }
    if plan.travel == .none && plan.sleepMinute >= 1290 && random.chance(0.45) {
      moments.append(moment(.evening, 1260 + random.int(0...25), .groupTrigger))
    }
    moments.append(moment(.sleep, plan.sleepMinute, .manual))
    moments.sort { ($0.instant, $0.role.rawValue) < ($1.instant, $1.role.rawValue) }
    if let last = moments.lastIndex(where: { $0.role == .regular }) {
      moments[last].isLastRegular = true
    }
    return moments
  }

  /// Three to six minutes, one drawn in each equal slot of the time the person can answer:
  /// awake for 40 minutes, not yet winding down, and not in flight.
  private static func regularMinutes(_ plan: DemoDayPlan, random: inout SplitMix64) -> [Int] {
    let first = plan.wakeMinute + 40
    let last = plan.sleepMinute - 30
    let windows = plan.segments.compactMap { segment -> ClosedRange<Int>? in
      guard segment.place != nil else { return nil }
      let start = max(segment.start, first)
      let end = min(segment.end, last)
      return start < end ? start...(end - 1) : nil
    }
    let total = windows.reduce(0) { $0 + $1.count }
    guard total > 0 else { return [] }
    let count = 3 + random.weightedIndex([0.2, 0.35, 0.3, 0.15])
    var minutes: [Int] = []
    for slot in 0..<count {
      var offset = Int((Double(slot) + random.unit()) * Double(total) / Double(count))
      for window in windows {
        if offset < window.count {
          minutes.append(window.lowerBound + offset)
          break
        }
        offset -= window.count
      }
    }
    return minutes
  }
}
