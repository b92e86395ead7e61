import DispatchCore

/// Correlations and ActivitySummary elements (docs/formats/apple-health.md#correlations,
/// docs/formats/apple-health.md#activity-summaries).
extension SynthExportWriter {
  /// A Food correlation; its members are the very samples the Dietary blocks wrote at top level.
  func food(_ meal: SynthMeal) {
    guard let first = meal.items.first else { return }
    correlationStart("HKCorrelationTypeIdentifierFood", first.sample)
    metadata(2, "Meal", SynthMeal.names[meal.meal])
    metadata(2, "HKFoodType", SynthMeal.foods[Int(first.sample.detail)])
    for item in meal.items { record(item.kind, item.sample, nested: true) }
    buffer.append(" </Correlation>\n")
  }

  /// A blood-pressure correlation, members in the order Apple writes them (diastolic first).
  func bloodPressure(_ reading: SynthBloodPressure) {
    correlationStart("HKCorrelationTypeIdentifierBloodPressure", reading.systolic)
    let (days, _) = time.wallClock(reading.systolic.start)
    let civil = CivilTime.civil(fromDays: days)
    let monthDay = civil.month * 100 + civil.day
    metadata(
      2, "HKExternalUUID",
      "cuffmate-\(reading.externalID)-" + (monthDay < 1000 ? "0" : "") + String(monthDay))
    record(.bloodPressureDiastolic, reading.diastolic, nested: true)
    record(.bloodPressureSystolic, reading.systolic, nested: true)
    buffer.append(" </Correlation>\n")
  }

  private func correlationStart(_ type: StaticString, _ sample: SynthSample) {
    let source = sourceBytes[sample.source.rawValue][Int(sample.era)]
    buffer.append(" <Correlation type=\"")
    buffer.append(type)
    buffer.append("\"")
    buffer.append(source.name)
    buffer.append(source.version)
    timestamp(" creationDate=\"", sample.end + Int64(max(0, sample.creationDelay)))
    timestamp(" startDate=\"", sample.start)
    timestamp(" endDate=\"", sample.end)
    buffer.append(">\n")
    counts.correlations += 1
  }

  /// The day's rings, from the Watch energy, exercise minutes and stood hours written for that
  /// local date; the move goal changes every 240 days.
  func activitySummary(localDay: Int, day: Int) {
    let slot = daySlot(localDay)
    let energyIndex = SynthKind.totalled.firstIndex(of: .activeEnergyBurned) ?? 0
    let energy = counts.sums[energyIndex][slot * SynthSource.count]
    let goals = [480, 500, 520, 550, 600, 650]
    buffer.append(" <ActivitySummary dateComponents=\"")
    time.writeDate(days: localDay, into: buffer)
    buffer.append("\" activeEnergyBurned=\"")
    buffer.appendRounded(energy, decimals: 3)
    buffer.append("\" activeEnergyBurnedGoal=\"")
    buffer.appendInteger(Int64(goals[min(day / 240, goals.count - 1)]))
    buffer.append(
      units == .us ? "\" activeEnergyBurnedUnit=\"Cal\"" : "\" activeEnergyBurnedUnit=\"kcal\"")
    buffer.append(" appleMoveTime=\"0\" appleMoveTimeGoal=\"0\" appleExerciseTime=\"")
    buffer.appendInteger(Int64(counts.exerciseMinutes[slot]))
    buffer.append("\" appleExerciseTimeGoal=\"30\" appleStandHours=\"")
    buffer.appendInteger(Int64(counts.stoodHours[slot]))
    buffer.append("\" appleStandHoursGoal=\"12\"/>\n")
    counts.summaries += 1
  }
}
