import DispatchCore

/// Walks the export in file order — prolog, Record blocks type by type and day by day,
/// correlations, workouts, activity summaries — and hands the bytes out about 1 MiB at a time.
///
/// A pull model (``fill()``) rather than a callback, so ``SyntheticHealthExport/write(_:to:)``
/// can call the caller's sink itself and stay `rethrows`.
final class SynthExportGenerator {
  static let chunkSize = 1 << 20
  /// Types whose first Record `.duplicateRecords` writes twice: one plain, one with a beat
  /// list, one third-party with metadata; none of them is in the daily totals.
  static let duplicatedKinds: Set<SynthKind> = [.heartRate, .heartRateVariabilitySDNN, .bodyMass]

  enum Phase {
    case prolog
    case records(kind: Int, day: Int)
    case correlations(day: Int)
    case workouts(day: Int)
    case summaries(day: Int)
    case epilogue
  }

  let options: SyntheticHealthOptions
  let plans: SynthPlanBook
  let sampler: SynthSampler
  let format: SynthTimestampFormat
  let days: Int
  let buffer: SynthByteBuffer
  let writer: SynthExportWriter
  /// The top-level Record `.truncated` cuts in half, by its index in the file.
  private let cutRecord: Int?
  private var phase = Phase.prolog
  private var finished = false
  private var bytesWritten = 0
  private var scratch: [SynthSample] = []
  private var pendingQuirks: [SynthKind: SynthRecordQuirks] = [:]
  private var pendingDuplicates: Set<SynthKind> = []
  private var duplicateWorkoutPending: Bool

  init(_ options: SyntheticHealthOptions) {
    self.options = options
    plans = SynthPlanBook(seed: options.seed, startDate: options.startDate)
    format = SynthTimestampFormat(offset: options.exportOffset)
    sampler = SynthSampler(
      options: options, plans: plans, exportOffsetSeconds: format.offsetSeconds)
    let size = Self.size(options, sampler)
    days = size.days
    cutRecord = options.dirty.contains(.truncated) ? size.topLevel / 2 : nil
    buffer = SynthByteBuffer(capacity: Self.chunkSize + Self.chunkSize / 2)
    writer = SynthExportWriter(
      options: options, buffer: buffer, firstLocalDay: plans.firstLocalDay)
    if options.dirty.contains(.unknownElements) { pendingQuirks[.stepCount] = .unknownAttribute }
    if options.dirty.contains(.startAfterEnd) { pendingQuirks[.basalEnergyBurned] = .swappedDates }
    if options.dirty.contains(.verticalTab) { pendingQuirks[.dietaryCaffeine] = .verticalTab }
    let duplicates = options.dirty.contains(.duplicateRecords)
    pendingDuplicates = duplicates ? Self.duplicatedKinds : []
    duplicateWorkoutPending = duplicates
  }

  /// How many days to write, and how many top-level Records they hold when that is needed
  /// (a target, or a truncation point); a count-only pass over the same streams.
  private static func size(_ options: SyntheticHealthOptions, _ sampler: SynthSampler) -> (
    days: Int, topLevel: Int
  ) {
    var scratch: [SynthSample] = []
    if let target = options.targetRecords {
      precondition(target > 0, "targetRecords must be positive")
      var records = 0
      var topLevel = 0
      var day = 0
      while records < target {
        precondition(day < 1_000_000, "targetRecords is out of reach")
        let count = sampler.recordCount(day: day, scratch: &scratch)
        records += count.topLevel + count.nested
        topLevel += count.topLevel
        day += 1
      }
      return (day, topLevel)
    }
    precondition(options.days > 0, "days must be positive")
    guard options.dirty.contains(.truncated) else { return (options.days, 0) }
    let topLevel = (0..<options.days).reduce(0) {
      $0 + sampler.recordCount(day: $1, scratch: &scratch).topLevel
    }
    return (options.days, topLevel)
  }

  /// The export instant: 08:15:42 New York time the morning after the last simulated day.
  var exportInstant: Int64 {
    SynthNewYorkTime.utc(localDay: plans.firstLocalDay + days, second: 8 * 3600 + 15 * 60 + 42)
  }

  /// Refills the buffer with the next chunk; false once everything has been handed out.
  func fill() -> Bool {
    buffer.removeAll()
    while buffer.count < Self.chunkSize && !finished { step() }
    bytesWritten += buffer.count
    return buffer.count > 0
  }

  private func step() {
    switch phase {
    case .prolog:
      writer.prolog(exportInstant: exportInstant, brokenDTD: options.dirty.contains(.brokenDTD))
      phase = .records(kind: 0, day: 0)
    case .records(let kind, let day):
      records(SynthKind.ordered[kind], day: day)
      if day + 1 < days {
        phase = .records(kind: kind, day: day + 1)
      } else {
        phase =
          kind + 1 < SynthKind.ordered.count
          ? .records(kind: kind + 1, day: 0) : .correlations(day: 0)
      }
    case .correlations(let day):
      correlations(day: day)
      phase = day + 1 < days ? .correlations(day: day + 1) : .workouts(day: 0)
    case .workouts(let day):
      workouts(day: day)
      phase = day + 1 < days ? .workouts(day: day + 1) : .summaries(day: 0)
    case .summaries(let day):
      writer.activitySummary(localDay: plans.plan(day).localDay, day: day)
      phase = day + 1 < days ? .summaries(day: day + 1) : .epilogue
    case .epilogue:
      writer.epilogue()
      finished = true
    }
  }

  private func records(_ kind: SynthKind, day: Int) {
    let plan = plans.plan(day)
    writer.currentDay = (plan.localDay, plan.midnight, plan.nextMidnight)
    sampler.samples(kind, day: day, into: &scratch)
    for sample in scratch {
      let quirks = pendingQuirks.removeValue(forKey: kind) ?? []
      if let cut = cutRecord, writer.counts.topLevel >= cut {
        truncate { writer.record(kind, sample, nested: false, quirks: quirks) }
        return
      }
      writer.record(kind, sample, nested: false, quirks: quirks)
      if pendingDuplicates.remove(kind) != nil {
        writer.record(kind, sample, nested: false, quirks: quirks)
        writer.counts.duplicateCopies += 1
      }
    }
    if kind == .stepCount && day == 0 && options.dirty.contains(.unknownElements) {
      writer.unknownElement(at: plan.wake)
    }
  }

  /// Writes an element uncounted and keeps only the first half of its start tag.
  private func truncate(_ write: () -> Void) {
    let mark = buffer.count
    let saved = writer.counts
    write()
    writer.counts = saved
    var end = mark
    while end < buffer.count && buffer[end] != UInt8(ascii: ">") { end += 1 }
    buffer.truncate(to: mark + (end - mark) / 2)
    finished = true
  }

  private func correlations(day: Int) {
    let plan = plans.plan(day)
    var meals = sampler.meals(plan)[...]
    let pressure = sampler.bloodPressure(plan)
    var pressureWritten = pressure == nil
    while !meals.isEmpty || !pressureWritten {
      if let reading = pressure, !pressureWritten,
        meals.first.map({ reading.systolic.start < $0.start }) ?? true
      {
        writer.bloodPressure(reading)
        pressureWritten = true
      } else if let meal = meals.popFirst() {
        writer.food(meal)
      }
    }
  }

  private func workouts(day: Int) {
    let plan = plans.plan(day)
    let month = CivilTime.civil(fromDays: plan.localDay).month
    for workout in plan.workouts {
      writer.workout(workout, era: sampler.era(.watch, plan), month: month)
      if duplicateWorkoutPending {
        writer.workout(workout, era: sampler.era(.watch, plan), month: month)
        duplicateWorkoutPending = false
      }
    }
  }

  /// The bytes of the last ``fill()``.
  var chunk: UnsafeRawBufferPointer { buffer.bytes }

  /// The manifest of everything handed out so far.
  var manifest: SyntheticHealthManifest {
    let counts = writer.counts
    var manifest = SyntheticHealthManifest()
    manifest.days = days
    manifest.records = counts.records
    manifest.topLevelRecords = counts.topLevel
    manifest.nestedRecords = counts.nested
    manifest.distinctSamples = counts.topLevel - counts.duplicateCopies
    manifest.correlations = counts.correlations
    manifest.workouts = counts.workouts
    manifest.workoutEvents = counts.events
    manifest.workoutStatistics = counts.statistics
    manifest.workoutActivities = counts.activities
    manifest.workoutRoutes = counts.routes
    manifest.routePoints = counts.routePoints
    manifest.activitySummaries = counts.summaries
    manifest.metadataEntries = counts.metadata
    manifest.hrvLists = counts.hrvLists
    manifest.beats = counts.beats
    manifest.unknownElements = counts.unknownElements
    manifest.unknownAttributes = counts.unknownAttributes
    for kind in SynthKind.allCases where counts.perKind[kind.rawValue] > 0 {
      manifest.recordsPerType[kind.identifier] = counts.perKind[kind.rawValue]
    }
    for source in SynthSource.allCases where counts.perSource[source.rawValue] > 0 {
      manifest.recordsPerSource[source.name] = counts.perSource[source.rawValue]
    }
    let sources = SynthSource.count
    for (index, kind) in SynthKind.totalled.enumerated() {
      var byDate: [String: [String: Double]] = [:]
      for (cell, samples) in counts.sampleCounts[index].enumerated() where samples > 0 {
        let date = SynthTimestampFormat.dateText(days: plans.firstLocalDay - 1 + cell / sources)
        byDate[date, default: [:]][SynthSource.allCases[cell % sources].name] =
          counts.sums[index][cell]
      }
      if !byDate.isEmpty { manifest.dailyTotals[kind.identifier] = byDate }
    }
    manifest.bytes = bytesWritten
    manifest.routeFiles = counts.routeFiles
    return manifest
  }
}

@available(*, unavailable, message: "drives one mutable writer")
extension SynthExportGenerator: Sendable {}
