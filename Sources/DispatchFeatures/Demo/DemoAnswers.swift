import DispatchCore
import DispatchSupport

/// The IDs of one demo report and everything in it: UUIDv5 names under the seed, so the same
/// seed gives the same IDs and different seeds never collide.
struct DemoReportKey: Sendable {
  let seed: UInt64
  /// The report's position in the history, oldest first.
  let number: Int

  /// The report's own ID.
  var reportID: String { id("") }

  /// The ID of a part of the report, named by `suffix`.
  func id(_ suffix: String) -> String {
    DeterministicUUID.make(
      namespace: DeterministicUUID.importNamespace, name: "demo|\(seed)|report|\(number)\(suffix)")
  }
}

/// Writes the responses of one report, one per question of its survey, about 5% of them
/// skipped (and the daily note more often).
struct DemoAnswers {
  let plan: DemoDayPlan
  let moment: DemoMoment
  let segment: DemoSegment?
  let mood: DemoMood
  let sleepQuality: String
  /// Seconds east of UTC where the report is filed; time answers are local wall-clock times.
  let offset: Int
  let lastSleep: Instant?
  let lastDinner: Instant?
  let key: DemoReportKey

  /// The responses, in survey order.
  func responses(random: inout SplitMix64) -> [Response] {
    moment.questions.map { question in
      let definition = question.definition
      var response = Response(
        id: AnswerIdentifiers.response(report: key.reportID, question: definition.id),
        questionID: definition.id, questionPrompt: definition.prompt)
      let answerChance: Double
      switch (question, moment.role) {
      case (.learned, .evening): answerChance = 0.92
      case (.learned, _): answerChance = moment.isLastRegular ? 0.45 : 0.05
      default: answerChance = 0.965
      }
      if random.chance(answerChance) {
        fill(&response, question, random: &random)
      }
      // Derived as a report filed by `dispatch report` has them: sync leaves them out.
      return AnswerIdentifiers.withDerivedValues(response)
    }
  }

  /// Cups of coffee so far today.
  var coffees: Int {
    plan.coffeeMinutes.filter { $0 <= moment.minute }.count
  }

  private func fill(_ response: inout Response, _ question: DemoQuestion, random: inout SplitMix64)
  {
    let activity = segment?.activity ?? .flight
    switch question {
    case .sleepQuality: response.options = [sleepQuality]
    case .working: response.options = [activity.isWork ? "Yes" : "No"]
    case .doing: response.tokens = tokens(activity, random: &random)
    case .place:
      guard let place = segment?.place else { return }
      response.location = LocationAnswer(
        text: place.name,
        location: DemoSensors.snapshot(of: place, at: moment.instant, random: &random))
    case .company:
      let present = (segment?.companions ?? []).filter { _ in random.chance(0.92) }
      // Nobody around: Dispatch files an empty people answer as a skip.
      guard !present.isEmpty else { return }
      response.tokens = present.enumerated().map { index, name in
        TokenValue(id: "", text: name)
      }
    case .coffees: response.number = String(coffees)
    case .learned:
      let notes = DemoVocabulary.learnings
      let text = plan.kind == .vacation ? random.pick(Array(notes.suffix(4))) : random.pick(notes)
      response.notes = [TokenValue(id: "", text: text)]
    case .happiness: response.number = String(mood.happiness)
    case .energy: response.number = String(mood.energy)
    case .stress: response.number = String(mood.stress)
    case .feelings: response.options = mood.feelings
    case .lastMeal:
      let meal = plan.mealMinutes.last { $0 <= moment.minute }
      guard let eaten = meal.map({ plan.axis.instant(on: plan.date, minute: $0) }) ?? lastDinner
      else { return }
      response.time = timeAnswer(at: eaten)
    case .dayKind: response.options = [plan.kind.answer]
    case .fellAsleep:
      guard let lastSleep else { return }
      response.time = timeAnswer(at: lastSleep)
    case .water:
      let extra = (plan.isGymDay ? 3 : 0) + (plan.kind == .vacation ? 1 : 0)
      response.number = String(4 + extra + random.int(0...3))
    case .exercise:
      let outdoors = plan.segments.contains { $0.activity == .outdoors }
      let steps = plan.isGymDay ? 9...18 : (outdoors ? 4...12 : 0...3)
      response.number = String(random.int(steps) * 5)
    }
  }

  /// One to three tokens, the activity's most typical one usually first; gym visits always
  /// say "gym", and a coffee in the last 20 minutes shows up too.
  private func tokens(_ activity: DemoActivity, random: inout SplitMix64) -> [TokenValue] {
    let pool = activity.tokens
    let first = activity == .gym || random.chance(0.6) ? pool[0] : random.pick(pool)
    var texts = [first] + random.subset(pool.filter { $0 != first }, count: random.int(0...2))
    let recentCoffee = plan.coffeeMinutes.contains { (moment.minute - 20)...moment.minute ~= $0 }
    if recentCoffee && !texts.contains("coffee") { texts.append("coffee") }
    return texts.enumerated().map { index, text in
      TokenValue(id: "", text: text)
    }
  }

  /// `instant` as a local time of day where the report is filed, "yesterday" when it fell on
  /// the previous local date.
  private func timeAnswer(at instant: Instant) -> TimeAnswer {
    let now = CivilTime(milliseconds: moment.instant.milliseconds, offsetSeconds: offset)
    let then = CivilTime(milliseconds: instant.milliseconds, offsetSeconds: offset)
    let days =
      CivilTime.days(year: then.year, month: then.month, day: then.day)
      - CivilTime.days(year: now.year, month: now.month, day: now.day)
    return TimeAnswer(minutes: then.hour * 60 + then.minute, dayOffset: days)
  }
}
