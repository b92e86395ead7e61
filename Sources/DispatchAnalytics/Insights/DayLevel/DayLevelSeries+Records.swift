import DispatchCore

/// The direct records and the calendar as day-level variables (docs/insights.md#day-level-rules):
/// mood and fatigue ratings and stress check-ins as outcomes and numeric exposures, each activity
/// and medication as a yes/no exposure, each day of the week as a same-day exposure.
extension DayLevelSeries {
  static let weekdayNames = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  mutating func addRecords(_ records: DayLevelRecords, position: [Int: Int]) {
    for kind in RatingKind.allCases {
      addRatings(records.ratings.filter { $0.kind == kind }, kind: kind, position: position)
    }
    addStress(records.stressCheckIns, position: position)
    addActivities(records, position: position)
    addDoses(records, position: position)
  }

  /// The day's mean rating on the kind's most used scale (others rescaled onto it), as an outcome
  /// and as a numeric exposure. A mood rating never pairs with the mood of report answers: both
  /// measure the same thing.
  private mutating func addRatings(
    _ ratings: [RatingRecord], kind: RatingKind, position: [Int: Int]
  ) {
    guard let scale = Self.mostUsedScale(ratings.map(\.scale)) else { return }
    var values = DayAccumulator(days: days.count)
    for rating in ratings where rating.rating.isFinite {
      guard let day = position[DayLevelRecords.day(rating.time)] else { continue }
      values.add(rating.scale.rescale(rating.rating, to: scale), on: day)
    }
    let means = values.means
    guard means.contains(where: { $0 != nil }) else { return }
    let id = "rating:\(kind.rawValue)"
    let word = kind == .mood ? "mood" : "fatigue"
    outcomes.append(
      DayOutcome(
        id: id, sourceKey: id, name: "your \(word) ratings", format: .oneDecimal,
        scaleNote: "on the \(scale) scale", values: means))
    exposures.append(
      DayExposure(
        id: id, sources: kind == .mood ? [id, "mood"] : [id],
        phrase: "higher \(word) ratings", name: "\(word) ratings", values: .numeric(means)))
  }

  /// The day's mean overall stress (0–10) over rated check-ins.
  private mutating func addStress(_ checkIns: [StressCheckIn], position: [Int: Int]) {
    var values = DayAccumulator(days: days.count)
    for checkIn in checkIns {
      guard let value = checkIn.overall.value,
        let day = position[DayLevelRecords.day(checkIn.time)]
      else { continue }
      values.add(Double(value), on: day)
    }
    let means = values.means
    guard means.contains(where: { $0 != nil }) else { return }
    outcomes.append(
      DayOutcome(
        id: "stress", sourceKey: "stress", name: "your stress check-ins", format: .oneDecimal,
        scaleNote: "on the 0–10 scale", values: means))
    exposures.append(
      DayExposure(
        id: "stress", sources: ["stress"], phrase: "higher stress check-ins",
        name: "stress check-ins", values: .numeric(means)))
  }

  /// One yes/no exposure per activity, on the days an instance of it started; known on every day
  /// from the first to the last day any activity was logged.
  private mutating func addActivities(_ records: DayLevelRecords, position: [Int: Int]) {
    var started: [String: Set<Int>] = [:]
    for activity in records.activities {
      guard let day = position[DayLevelRecords.day(activity.start)] else { continue }
      started[activity.definitionID, default: []].insert(day)
    }
    let definitions = records.activityDefinitions.filter { started[$0.id] != nil }
      .sorted { ($0.sortOrder, $0.name, $0.id) < ($1.sortOrder, $1.name, $1.id) }
    let span = Self.span(of: started.values)
    for definition in definitions {
      let present = started[definition.id] ?? []
      exposures.append(
        DayExposure(
          id: "activity:\(definition.id)", sources: ["activity:\(definition.id)"],
          phrase: "you logged the activity “\(definition.name)”",
          name: "the activity “\(definition.name)”",
          values: .binary(days.indices.map { span.contains($0) ? present.contains($0) : nil })))
    }
  }

  /// One yes/no exposure per medication, on the days a dose was taken; known on every day from
  /// the first to the last day any dose was logged.
  private mutating func addDoses(_ records: DayLevelRecords, position: [Int: Int]) {
    var taken: [String: Set<Int>] = [:]
    for dose in records.doses {
      guard let day = position[DayLevelRecords.day(dose.time)] else { continue }
      taken[dose.medicationID, default: []].insert(day)
    }
    let medications = records.medications.filter { taken[$0.id] != nil }
      .sorted { ($0.sortOrder, $0.name, $0.id) < ($1.sortOrder, $1.name, $1.id) }
    let span = Self.span(of: taken.values)
    for medication in medications {
      let present = taken[medication.id] ?? []
      exposures.append(
        DayExposure(
          id: "medication:\(medication.id)", sources: ["medication:\(medication.id)"],
          phrase: "you took \(medication.name)", name: "a dose of \(medication.name)",
          values: .binary(days.indices.map { span.contains($0) ? present.contains($0) : nil })))
    }
  }

  /// Each day of the week against the other days, on the same day only; every day of the
  /// history is known.
  mutating func addWeekdays() {
    guard !days.isEmpty else { return }
    // Day 0, 1970-01-01, was a Thursday (index 4 from Sunday).
    let weekdays = days.map { (($0 + 4) % 7 + 7) % 7 }
    for (index, name) in Self.weekdayNames.enumerated() {
      exposures.append(
        DayExposure(
          id: "weekday:\(name.lowercased())", sources: ["weekday"], phrase: "it was a \(name)",
          name: "\(name)s", values: .binary(weekdays.map { $0 == index }), lags: [0],
          sameDayLead: "On \(name)s", listsShortfalls: false))
    }
  }

  /// The day positions from the first to the last of any of the sets; empty when all are.
  private static func span<S: Sequence>(of sets: S) -> Range<Int> where S.Element == Set<Int> {
    let all = sets.reduce(into: Set<Int>()) { $0.formUnion($1) }
    guard let first = all.min(), let last = all.max() else { return 0..<0 }
    return first..<(last + 1)
  }

  /// The scale most ratings were made on; on a tie, the widest, then the lowest.
  private static func mostUsedScale(_ scales: [RatingScale]) -> RatingScale? {
    var counts: [[Double]: Int] = [:]
    for scale in scales where scale.maximum > scale.minimum {
      counts[[scale.minimum, scale.maximum], default: 0] += 1
    }
    let best = counts.max { lhs, rhs in
      if lhs.value != rhs.value { return lhs.value < rhs.value }
      let (left, right) = (lhs.key[1] - lhs.key[0], rhs.key[1] - rhs.key[0])
      if left != right { return left < right }
      return lhs.key[0] > rhs.key[0]
    }
    return best.map { RatingScale(minimum: $0.key[0], maximum: $0.key[1]) }
  }
}
