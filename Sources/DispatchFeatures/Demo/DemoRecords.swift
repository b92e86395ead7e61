import DispatchCore
import DispatchStorage
import DispatchSupport

/// How many direct records the demo history holds, for the summary `dispatch demo` prints.
public struct DemoRecordCounts: Sendable, Equatable {
  public var moods = 0
  public var fatigue = 0
  public var activities = 0
  public var medications = 0
  public var doses = 0
  /// Daily doses of the regular medication that were not taken.
  public var missedDoses = 0
  public var stressCheckIns = 0
  public var lostItems = 0
  public var metricContext = 0

  /// No records.
  public init() {}
}

/// The demo's direct records (docs/records.md#direct-records): moods, fatigue, activities,
/// medications and doses, stress check-ins, lost items and metric context, following each day's
/// plan so they agree with the reports: moods drop after short nights and on sick days and rise on
/// free days and the trip; fatigue rises after short nights; the gym is on the plan's gym days;
/// keys and glasses go missing more often after short nights.
///
/// Drawn from their own ``SplitMix64`` stream after the reports, so the reports are the same
/// with or without them (as ``DemoPromptLog`` does for the prompt log).
struct DemoRecords {
  static let streamIndex: UInt64 = 0x5245_434F_5244  // "RECORD"
  /// The stressors of the demo person's check-ins.
  static let stressors = ["Work", "Sleep", "Family"]

  let seed: UInt64
  var definitions: [ActivityDefinition] = []
  var medications: [Medication] = []
  var ratings: [RatingRecord] = []
  var activities: [ActivityRecord] = []
  var doses: [MedicationDose] = []
  var stressCheckIns: [StressCheckIn] = []
  var lostItems: [LostItemEvent] = []
  var metricContext: [MetricContextEntry] = []
  var missedDoses = 0
  private var serial = 0

  /// The records of the history `generator` writes.
  init(generator: DemoGenerator) {
    seed = generator.configuration.seed
    var random = SplitMix64.stream(seed: seed, index: Self.streamIndex)
    makeDefinitions(home: generator.planner.home.identifier, firstDay: generator.first)
    var previous: DemoDayPlan?
    for plan in generator.plans() {
      let day = DemoRecordDay(plan: plan, previous: previous)
      addRatings(day, random: &random)
      addActivities(day, random: &random)
      addDoses(day, random: &random)
      addLostItem(day, random: &random)
      addStress(day, random: &random)
      addContext(day, trip: generator.planner.trip)
      previous = plan
    }
  }

  /// A deterministic ID for the next record of `kind`.
  mutating func nextID(_ kind: String) -> String {
    serial += 1
    return DeterministicUUID.make(
      namespace: DeterministicUUID.importNamespace, name: "demo|\(seed)|\(kind)|\(serial)")
  }

  /// Writes every record; the caller holds the transaction.
  func write(in tx: StoreTransaction) throws {
    try tx.setStressors(Self.stressors)
    for definition in definitions { try tx.saveActivityDefinition(definition) }
    for medication in medications { try tx.saveMedication(medication) }
    for rating in ratings { try tx.saveRating(rating) }
    for activity in activities { try tx.saveActivity(activity) }
    for dose in doses { try tx.saveDose(dose) }
    for checkIn in stressCheckIns { try tx.saveStressCheckIn(checkIn) }
    for event in lostItems { try tx.saveLostItem(event) }
    for entry in metricContext { try tx.saveMetricContext(entry) }
  }

  var counts: DemoRecordCounts {
    var counts = DemoRecordCounts()
    counts.moods = ratings.filter { $0.kind == .mood }.count
    counts.fatigue = ratings.filter { $0.kind == .fatigue }.count
    counts.activities = activities.count
    counts.medications = medications.count
    counts.doses = doses.count
    counts.missedDoses = missedDoses
    counts.stressCheckIns = stressCheckIns.count
    counts.lostItems = lostItems.count
    counts.metricContext = metricContext.count
    return counts
  }
}

/// One day of the plan with what the records need from it: the night before and the zone
/// and instant of a minute.
struct DemoRecordDay {
  let plan: DemoDayPlan
  /// Hours slept the night before (8 for the first day, whose night is not planned).
  let sleepHours: Double

  init(plan: DemoDayPlan, previous: DemoDayPlan?) {
    self.plan = plan
    if let previous {
      let slept = previous.axis.instant(on: previous.date, minute: previous.sleepMinute)
      let woke = plan.axis.instant(on: plan.date, minute: plan.wakeMinute)
      sleepHours = Double(woke.milliseconds - slept.milliseconds) / 3_600_000
    } else {
      sleepHours = 8
    }
  }

  /// How much shorter than the person's usual 8.2 hours the night was, in hours (0 for a
  /// long night); the records' effects scale with it.
  var sleepDebt: Double { max(0, 8.2 - sleepHours) }

  /// The record time at `minute` of the day's clock, in the zone the person was in then.
  func time(_ minute: Int, second: Int = 0, precision: TimestampPrecision = .exact) -> RecordTime {
    let zone = plan.segment(at: minute)?.zoneIdentifier ?? plan.axis.identifier
    return RecordTime.at(
      plan.axis.instant(on: plan.date, minute: minute, second: second), zone: zone,
      precision: precision)
  }
}

extension DemoGenerator {
  /// Every day's plan, exactly as ``reports()`` draws it: the plan is the first draw of each
  /// day's stream, so drawing it again changes nothing.
  func plans() -> [DemoDayPlan] {
    (first.dayNumber...last.dayNumber).map { dayNumber in
      var random = SplitMix64.stream(
        seed: configuration.seed, index: UInt64(bitPattern: Int64(dayNumber)))
      return planner.plan(DemoDate(dayNumber: dayNumber), random: &random)
    }
  }
}
