import DispatchSupport

/// How the demo person feels at one report, from which the happiness, energy, stress and
/// feelings answers follow.
///
/// The effects are deliberately plain, so the insights engine has real correlations to find:
/// happier with friends, on free days, on sunny days, after the gym and after a good night;
/// more stressed at work and before deadlines; less energetic late in the day and after a poor
/// night; livelier after coffee.
struct DemoMood: Sendable {
  /// 1…10.
  var happiness: Int
  /// 1…5.
  var energy: Int
  /// 0…10.
  var stress: Int
  /// Chosen options of "How do you feel right now?", in choice order.
  var feelings: [String]

  /// What the person feels at `minute` of `plan`'s day, during `segment`.
  init(
    plan: DemoDayPlan, segment: DemoSegment?, minute: Int, companions: [String],
    sleepQuality: String, weather: DemoWeather?, coffees: Int, random: inout SplitMix64
  ) {
    let activity = segment?.activity ?? .flight
    let friends = companions.contains {
      DemoVocabulary.friends.contains($0) || $0 == DemoVocabulary.lisbonFriend
    }
    let afterGym = plan.gymSegment.map { minute >= $0.start } ?? false
    let hour = Double(minute % 1440) / 60

    var happy = 6.0 + activity.happinessEffect
    switch plan.kind {
    case .weekend, .holiday: happy += 0.7
    case .vacation: happy += 1.2
    case .sick: happy -= 1.2
    case .workday: break
    }
    if friends { happy += 1.5 }
    if companions.contains(DemoVocabulary.mother) { happy += 0.6 }
    if companions.contains(DemoVocabulary.partner) { happy += 0.4 }
    if afterGym { happy += 0.6 }
    if sleepQuality == "Great" { happy += 0.6 }
    if sleepQuality == "Poorly" { happy -= 0.9 }
    if let weather, weather.isSunny { happy += 0.4 }
    if let weather, weather.isWet { happy -= 0.5 }
    if plan.hasDeadline { happy -= 0.8 }

    var tense = 1.5 + activity.stressEffect + (plan.hasDeadline && activity.isWork ? 2 : 0)
    if sleepQuality == "Poorly" { tense += 0.8 }
    if friends { tense -= 0.5 }

    var lively = 3.2 + Double(min(coffees, 2)) * 0.25 + (afterGym ? 0.3 : 0)
    if sleepQuality == "Great" { lively += 0.7 }
    if sleepQuality == "Poorly" { lively -= 0.9 }
    if plan.kind == .sick { lively -= 1.2 }
    lively -= hour >= 21 ? 1 : (hour >= 15 ? 0.4 : 0)

    happiness = Self.clamp(happy - 0.15 * tense + 0.9 * random.normal(), 1, 10)
    stress = Self.clamp(tense + random.normal(), 0, 10)
    energy = Self.clamp(lively + 0.6 * random.normal(), 1, 5)

    var chosen: Set<String> = []
    if activity.isWork && stress < 7 && random.chance(0.7) { chosen.insert("Focused") }
    if stress >= 7 { chosen.insert("Stressed") }
    if energy <= 2 { chosen.insert("Tired") }
    if !companions.isEmpty && random.chance(0.7) { chosen.insert("Social") }
    if stress <= 3 && random.chance(0.6) { chosen.insert("Calm") }
    if random.chance(0.05) { chosen.insert("Restless") }
    if chosen.isEmpty { chosen.insert(stress < 5 ? "Calm" : "Restless") }
    feelings = DemoQuestion.feelingChoices.filter { chosen.contains($0) }
  }

  private static func clamp(_ value: Double, _ lower: Int, _ upper: Int) -> Int {
    min(max(Int(value.rounded()), lower), upper)
  }
}
