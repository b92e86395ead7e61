import DispatchCore

/// The direct records the day-level engine reads besides reports
/// (docs/insights.md#day-level-rules): mood and fatigue ratings, activities, medication doses and
/// stress check-ins, each counted on its own local day.
public struct DayLevelRecords: Sendable {
  /// Mood and fatigue ratings; each kind becomes its own outcome and numeric exposure.
  public var ratings: [RatingRecord]
  public var activityDefinitions: [ActivityDefinition]
  /// Activities, on the day they started.
  public var activities: [ActivityRecord]
  public var medications: [Medication]
  public var doses: [MedicationDose]
  /// The overall answer of each check-in (its stressors are not compared).
  public var stressCheckIns: [StressCheckIn]
  /// Steps and hours asleep per local day, as the store's day figures give them (Apple Health
  /// where it has samples, else the reports' readings); a figure missing here is made from the
  /// reports' readings alone.
  public var dayFigures: [DayFigure: [Int: Double]]

  /// Records for the engine; every list defaults to empty.
  public init(
    ratings: [RatingRecord] = [], activityDefinitions: [ActivityDefinition] = [],
    activities: [ActivityRecord] = [], medications: [Medication] = [],
    doses: [MedicationDose] = [], stressCheckIns: [StressCheckIn] = [],
    dayFigures: [DayFigure: [Int: Double]] = [:]
  ) {
    self.ratings = ratings
    self.activityDefinitions = activityDefinitions
    self.activities = activities
    self.medications = medications
    self.doses = doses
    self.stressCheckIns = stressCheckIns
    self.dayFigures = dayFigures
  }

  /// The local day of every record, repeated per record.
  var days: [Int] {
    ratings.map { Self.day($0.time) } + activities.map { Self.day($0.start) }
      + doses.map { Self.day($0.time) } + stressCheckIns.map { Self.day($0.time) }
  }

  /// Days since 1970-01-01 of the record's wall-clock date where it was made.
  static func day(_ time: RecordTime) -> Int {
    time.instant.localDay(offsetSeconds: time.utcOffsetSeconds)
  }
}
