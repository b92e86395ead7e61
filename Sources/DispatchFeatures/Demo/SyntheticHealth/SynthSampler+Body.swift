import DispatchSupport

/// One meal logged in Forkful: a Food correlation whose member Records also stand at top level.
struct SynthMeal {
  var start: Int64
  var creationDelay: Int
  /// 0 breakfast, 1 lunch, 2 dinner.
  var meal: Int
  var items: [(kind: SynthKind, sample: SynthSample)]

  static let names = ["Breakfast", "Lunch", "Dinner"]
  /// Escaped as they are written; one carries an `&amp;`.
  static let foods = [
    "Oatmeal with berries", "Greek yogurt &amp; granola", "Turkey sandwich", "Chicken salad",
    "Salmon with rice", "Veggie stir fry", "Pasta primavera", "Bagel with cream cheese",
  ]
}

/// A CuffMate blood-pressure reading: a correlation and its two members.
struct SynthBloodPressure {
  var systolic: SynthSample
  var diastolic: SynthSample
  var externalID: Int
}

/// Third-party apps: the scale, caffeine, food and blood pressure.
extension SynthSampler {
  static let drinks: [(name: String, milligrams: Double)] = [
    ("Flat white", 95), ("Green tea", 63), ("Cold brew", 120), ("Cortado", 75),
    ("Oat latte", 150), ("Espresso", 64), ("Black tea", 47),
  ]

  /// A weekly ScaleSync weigh-in: BodyMass, BodyFatPercentage and BodyMassIndex at one instant.
  func scale(
    _ kind: SynthKind, _ plan: SynthDayPlan, _ random: inout SplitMix64,
    _ out: inout [SynthSample]
  ) {
    guard plan.day % 7 == 1 else { return }
    var shared = stream(synthSalt("scale"), day: plan.day)
    let start = plan.wake + Int64(shared.int(300...1500))
    let kilograms = 62.5 + 1.2 * SynthRoute.sine(Double(plan.day) / 60) + shared.double(-0.4, 0.4)
    let fat = 0.245 + 0.01 * SynthRoute.sine(Double(plan.day) / 45) + shared.double(-0.004, 0.004)
    let delay = shared.int(60...600)
    let value: Double
    let decimals: Int
    switch kind {
    case .bodyMass: (value, decimals) = (units == .us ? kilograms * 2.204_62 : kilograms, 1)
    case .bodyFatPercentage: (value, decimals) = (fat, 3)
    default: (value, decimals) = (kilograms / (1.68 * 1.68), 2)
    }
    var sample = SynthSample.quantity(
      .scaleSync, era: era(.scaleSync, plan), start: start, end: start, value: value,
      decimals: decimals, creationDelay: delay, seed: random.next())
    sample.detail = Int32(8000 + plan.day)
    out.append(sample)
  }

  /// 1–3 BrewTally drinks; `detail` indexes ``drinks``.
  func caffeine(_ plan: SynthDayPlan, _ random: inout SplitMix64, _ out: inout [SynthSample]) {
    let era = self.era(.brewTally, plan)
    let windows = [(8 * 3600, 5400), (13 * 3600, 9000), (16 * 3600, 3600)]
    for window in windows.prefix(random.int(1...3)) {
      let second = window.0 + random.int(0...window.1)
      let start = max(
        plan.wake + 300, SynthNewYorkTime.utc(localDay: plan.localDay, second: second))
      let drink = random.int(0...(Self.drinks.count - 1))
      var sample = SynthSample.quantity(
        .brewTally, era: era, start: start, end: start, value: Self.drinks[drink].milligrams,
        decimals: 0, creationDelay: random.int(60...360), seed: random.next())
      sample.hasDevice = false
      sample.detail = Int32(drink)
      out.append(sample)
    }
  }

  /// The day's meals, drawn from their own stream so the correlation block and each Dietary
  /// type's block see the same members.
  func meals(_ plan: SynthDayPlan) -> [SynthMeal] {
    var random = stream(synthSalt("food"), day: plan.day)
    let era = self.era(.forkful, plan)
    var meals: [SynthMeal] = []
    let times = [
      (0.7, Int(plan.wake - plan.midnight) + 1800, 1800), (0.9, 12 * 3600, 5400),
      (0.8, 18 * 3600 + 1800, 5400),
    ]
    for (index, time) in times.enumerated() where random.chance(time.0) {
      let start = SynthNewYorkTime.utc(
        localDay: plan.localDay, second: time.1 + random.int(0...time.2))
      let delay = random.int(30...1800)
      let food = random.int(0...(SynthMeal.foods.count - 1))
      var items: [(kind: SynthKind, sample: SynthSample)] = []
      for kind in SynthKind.foodMembers {
        let range: ClosedRange<Double>
        switch kind {
        case .dietaryEnergyConsumed: range = 250...900
        case .dietaryProtein: range = 8...45
        case .dietaryCarbohydrates: range = 20...110
        case .dietaryFatTotal: range = 5...40
        case .dietarySugar: if !random.chance(0.5) { continue } else { range = 2...40 }
        case .dietaryFiber: if !random.chance(0.5) { continue } else { range = 1...14 }
        default: if !random.chance(0.4) { continue } else { range = 150...1400 }
        }
        var sample = SynthSample.quantity(
          .forkful, era: era, start: start, end: start,
          value: random.double(range.lowerBound, range.upperBound),
          decimals: kind == .dietarySodium ? 0 : 1, creationDelay: delay, seed: random.next())
        sample.hasDevice = false
        sample.detail = Int32(food)
        items.append((kind, sample))
      }
      meals.append(SynthMeal(start: start, creationDelay: delay, meal: index, items: items))
    }
    return meals
  }

  /// The weekly blood-pressure reading, if the plan's day has one.
  func bloodPressure(_ plan: SynthDayPlan) -> SynthBloodPressure? {
    guard plan.day % 7 == 4 else { return nil }
    var random = stream(synthSalt("bloodPressure"), day: plan.day)
    let start = plan.wake + Int64(random.int(1200...3000))
    let delay = random.int(30...90)
    let era = self.era(.cuffMate, plan)
    func reading(_ value: Int) -> SynthSample {
      var sample = SynthSample.quantity(
        .cuffMate, era: era, start: start, end: start, value: Double(value), decimals: 0,
        creationDelay: delay, seed: random.next())
      sample.hasDevice = false
      return sample
    }
    return SynthBloodPressure(
      systolic: reading(random.int(110...130)), diastolic: reading(random.int(70...85)),
      externalID: random.int(1000...9999))
  }
}
