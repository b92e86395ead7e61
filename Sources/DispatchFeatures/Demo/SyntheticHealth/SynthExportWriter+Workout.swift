/// `Workout` elements and their children (docs/formats/apple-health.md#workouts).
extension SynthExportWriter {
  /// Writes one workout: metadata, events, then (modern) one `WorkoutActivity` repeating the
  /// events and statistics before the statistics themselves, or (legacy) total attributes; and
  /// a route when outdoors.
  func workout(_ workout: SynthWorkoutPlan, era: UInt8, month: Int) {
    let details = SynthWorkoutDetails(workout, units: units, month: month)
    let source = sourceBytes[SynthSource.watch.rawValue][Int(era)]
    let duration = String(Double(workout.activeSeconds) / 60)
    buffer.append(" <Workout workoutActivityType=\"")
    buffer.appendText(workout.activity.identifier)
    buffer.append("\" duration=\"")
    buffer.appendText(duration)
    buffer.append("\" durationUnit=\"min\"")
    if style == .legacy {
      let distance = details.statistics.first { $0.type.contains("Distance") }
      buffer.append(" totalDistance=\"")
      buffer.appendRounded(distance?.sum ?? 0, decimals: distance?.decimals ?? 0)
      buffer.append("\" totalDistanceUnit=\"")
      buffer.appendText(distance?.unit ?? (units == .us ? "mi" : "km"))
      buffer.append("\" totalEnergyBurned=\"")
      buffer.appendRounded(details.energy, decimals: 3)
      buffer.append("\" totalEnergyBurnedUnit=\"")
      buffer.append(units == .us ? "Cal\"" : "kcal\"")
    }
    buffer.append(source.name)
    buffer.append(source.version)
    device(source, seed: workout.seed)
    timestamp(" creationDate=\"", workout.end + 5 + Int64(workout.seed % 50))
    timestamp(" startDate=\"", workout.start)
    timestamp(" endDate=\"", workout.end)
    buffer.append(">\n")
    workoutMetadata(workout, details)
    for event in details.events { self.event(event, depth: 2) }
    if style == .modern {
      buffer.append("  <WorkoutActivity uuid=\"")
      buffer.appendText(details.uuids.activity)
      buffer.append("\"")
      timestamp(" startDate=\"", workout.start)
      timestamp(" endDate=\"", workout.end)
      buffer.append(" duration=\"")
      buffer.appendText(duration)
      buffer.append("\" durationUnit=\"min\">\n")
      if workout.activity.isOnFoot { metadata(3, "WOIntervalStepKeyPath", "0.0.0") }
      if !workout.indoor { metadata(3, "HKElevationAscended", "\(details.elevation) cm") }
      for event in details.events { self.event(event, depth: 3) }
      for statistic in details.statistics { self.statistic(statistic, workout, depth: 3) }
      buffer.append("  </WorkoutActivity>\n")
      counts.activities += 1
      for statistic in details.statistics { self.statistic(statistic, workout, depth: 2) }
    }
    if workout.hasRoute { route(workout, details, source: source) }
    buffer.append(" </Workout>\n")
    counts.workouts += 1
  }

  private func workoutMetadata(_ workout: SynthWorkoutPlan, _ details: SynthWorkoutDetails) {
    metadata(2, "HKIndoorWorkout", workout.indoor ? "1" : "0")
    metadata(2, "HKTimeZone", SynthNewYorkTime.zoneName)
    // The middle dot arrives both as a character reference and as UTF-8
    // (docs/formats/apple-health.md#metadata-entries).
    let mets = String(Double(Int((workout.mets * 100).rounded())) / 100)
    metadata(
      2, "HKAverageMETs", mets + (details.literalDot ? " kcal/hr\u{00B7}kg" : " kcal/hr&#183;kg"))
    if !workout.indoor {
      // Weather is written in degF whatever the units, humidity ×100 since iOS 16
      // (docs/formats/apple-health.md#metadata-entries).
      metadata(2, "HKWeatherTemperature", "\(details.temperature) degF")
      metadata(
        2, "HKWeatherHumidity",
        style == .modern ? "\(details.humidity * 100) %" : "\(details.humidity) %")
      metadata(2, "HKElevationAscended", "\(details.elevation) cm")
    }
    if workout.activity == .swimming {
      metadata(2, "HKSwimmingLocationType", "1")
      metadata(2, "HKLapLength", units == .us ? "25 yd" : "25 m")
    }
  }

  private func event(_ event: SynthWorkoutEvent, depth: Int) {
    indent(depth)
    buffer.append("<WorkoutEvent type=\"")
    buffer.appendText(event.type)
    buffer.append("\"")
    timestamp(" date=\"", event.date)
    if let duration = event.duration {
      buffer.append(" duration=\"")
      buffer.appendText(String(Double(duration) / 60))
      buffer.append("\" durationUnit=\"min\"")
    }
    buffer.append("/>\n")
    counts.events += 1
  }

  private func statistic(
    _ statistic: SynthWorkoutStatistic, _ workout: SynthWorkoutPlan, depth: Int
  ) {
    indent(depth)
    buffer.append("<WorkoutStatistics type=\"")
    buffer.appendText(statistic.type)
    buffer.append("\"")
    timestamp(" startDate=\"", workout.start)
    timestamp(" endDate=\"", workout.end)
    if let range = statistic.range {
      buffer.append(" average=\"")
      buffer.appendRounded(range.average, decimals: statistic.decimals)
      buffer.append("\" minimum=\"")
      buffer.appendRounded(range.minimum, decimals: statistic.decimals)
      buffer.append("\" maximum=\"")
      buffer.appendRounded(range.maximum, decimals: statistic.decimals)
      buffer.append("\"")
    }
    if let sum = statistic.sum {
      buffer.append(" sum=\"")
      buffer.appendRounded(sum, decimals: statistic.decimals)
      buffer.append("\"")
    }
    buffer.append(" unit=\"")
    buffer.appendText(statistic.unit)
    buffer.append("\"/>\n")
    counts.statistics += 1
  }

  /// `WorkoutRoute`: sync metadata, then a `FileReference` to the GPX file (modern) or the
  /// points inline as `Location` elements (legacy, as before iOS 13).
  private func route(
    _ workout: SynthWorkoutPlan, _ details: SynthWorkoutDetails, source: SynthSourceBytes
  ) {
    buffer.append("  <WorkoutRoute")
    buffer.append(source.name)
    buffer.append(source.version)
    device(source, seed: workout.seed ^ 0x5EED_0000_0000_0000)
    timestamp(" creationDate=\"", workout.end + 20 + Int64(workout.seed % 40))
    timestamp(" startDate=\"", workout.start + 1)
    timestamp(" endDate=\"", workout.end - 1)
    buffer.append(">\n")
    metadata(3, "HKMetadataKeySyncVersion", "2")
    metadata(3, "HKMetadataKeySyncIdentifier", details.uuids.route)
    if style == .modern {
      let path = SynthRoute.path(workout.start, time)
      buffer.append("   <FileReference path=\"")
      buffer.appendText(path)
      buffer.append("\"/>\n")
      let points = SynthRoute.points(workout).count
      if !counts.routeFiles.contains(path) {
        counts.routeFiles.append(path)
        counts.routePoints += points
      }
    } else {
      for point in SynthRoute.points(workout) {
        buffer.append("   <Location")
        timestamp(" date=\"", point.time)
        buffer.append(" latitude=\"")
        buffer.appendRounded(point.latitude, decimals: 6)
        buffer.append("\" longitude=\"")
        buffer.appendRounded(point.longitude, decimals: 6)
        buffer.append("\" altitude=\"")
        buffer.appendRounded(point.altitude, decimals: 2)
        buffer.append("\" horizontalAccuracy=\"")
        buffer.appendRounded(point.horizontalAccuracy, decimals: 2)
        buffer.append("\" verticalAccuracy=\"")
        buffer.appendRounded(point.verticalAccuracy, decimals: 2)
        buffer.append("\" course=\"")
        buffer.appendRounded(point.course, decimals: 2)
        buffer.append("\" speed=\"")
        buffer.appendRounded(point.speed, decimals: 2)
        buffer.append("\"/>\n")
        counts.routePoints += 1
      }
    }
    buffer.append("  </WorkoutRoute>\n")
    counts.routes += 1
  }
}
