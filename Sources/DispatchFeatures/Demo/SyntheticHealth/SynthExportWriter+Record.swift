import DispatchCore
import DispatchSupport

/// Defects the generator asks one Record to carry.
struct SynthRecordQuirks: OptionSet {
  let rawValue: UInt8
  /// An attribute no DTD declares.
  static let unknownAttribute = SynthRecordQuirks(rawValue: 1)
  /// `startDate` and `endDate` swapped.
  static let swappedDates = SynthRecordQuirks(rawValue: 2)
  /// A vertical tab at the end of its metadata value.
  static let verticalTab = SynthRecordQuirks(rawValue: 4)
}

/// `Record` elements (docs/formats/apple-health.md#records,
/// docs/formats/apple-health.md#metadata-entries, docs/formats/apple-health.md#hrv-beat-lists).
extension SynthExportWriter {
  /// Writes one Record and counts it; `nested` Records are Correlation members, indented one
  /// level deeper and left out of the per-type, per-source and daily counts.
  func record(
    _ kind: SynthKind, _ sample: SynthSample, nested: Bool, quirks: SynthRecordQuirks = []
  ) {
    let source = sourceBytes[sample.source.rawValue][Int(sample.era)]
    buffer.append(nested ? "  <Record" : " <Record")
    buffer.append(typeAttributes[kind.rawValue])
    let swapped = quirks.contains(.swappedDates)
    switch source.order {
    case .apple:
      buffer.append(source.name)
      if sample.hasVersion { buffer.append(source.version) }
      if sample.hasDevice { device(source, seed: sample.seed) }
      unit(kind, sample)
      creation(sample)
      timestamp(" startDate=\"", swapped ? sample.end : sample.start)
      timestamp(" endDate=\"", swapped ? sample.start : sample.end)
      value(sample, kind)
    case .pacer:
      buffer.append(source.name)
      if sample.hasVersion { buffer.append(source.version) }
      unit(kind, sample)
      value(sample, kind)
      if sample.hasDevice { device(source, seed: sample.seed) }
      creation(sample)
      timestamp(" startDate=\"", swapped ? sample.end : sample.start)
      timestamp(" endDate=\"", swapped ? sample.start : sample.end)
    case .forkful:
      unit(kind, sample)
      value(sample, kind)
      buffer.append(source.name)
      if sample.hasVersion { buffer.append(source.version) }
      creation(sample)
      timestamp(" startDate=\"", swapped ? sample.end : sample.start)
      timestamp(" endDate=\"", swapped ? sample.start : sample.end)
    }
    if quirks.contains(.unknownAttribute) {
      buffer.append(" syncProvenance=\"cloud-merge-2\"")
      counts.unknownAttributes += 1
    }
    children(kind, sample, depth: nested ? 3 : 2, verticalTab: quirks.contains(.verticalTab))
    count(kind, sample, nested: nested)
  }

  private func unit(_ kind: SynthKind, _ sample: SynthSample) {
    if kind == .vo2Max && sample.detail == 1 {
      buffer.append(literalDotUnit)
    } else {
      buffer.append(unitAttributes[kind.rawValue])
    }
  }

  private func creation(_ sample: SynthSample) {
    if sample.creationDelay >= 0 {
      timestamp(" creationDate=\"", sample.end + Int64(sample.creationDelay))
    }
  }

  private func value(_ sample: SynthSample, _ kind: SynthKind) {
    if unitAttributes[kind.rawValue].isEmpty {
      if sample.scaled >= 0 { buffer.append(categoryAttributes[Int(sample.scaled)]) }
      return
    }
    buffer.append(" value=\"")
    if sample.exponent {
      buffer.appendExponent(sample.scaled, decimals: Int(sample.decimals))
    } else {
      buffer.appendDecimal(sample.scaled, decimals: Int(sample.decimals))
    }
    buffer.append(UInt8(ascii: "\""))
  }

  /// Metadata and beat lists, or `/>` when there are none.
  private func children(_ kind: SynthKind, _ sample: SynthSample, depth: Int, verticalTab: Bool) {
    let tab = verticalTab ? "\u{0B}" : ""
    switch kind {
    case .heartRate where sample.detail >= 0:
      buffer.append(">\n")
      indent(depth)
      buffer.append(motionContextLines[Int(sample.detail)])
      counts.metadata += 1
    case .sleepAnalysis:
      buffer.append(">\n")
      indent(depth)
      buffer.append(timeZoneLine)
      counts.metadata += 1
    case .heartRateVariabilitySDNN:
      buffer.append(">\n")
      beats(sample, depth: depth)
    case .vo2Max:
      buffer.append(">\n")
      metadata(depth, "HKVO2MaxTestType", "2")
    case .lowHeartRateEvent:
      buffer.append(">\n")
      metadata(depth, "HKHeartRateEventThreshold", "40 count/min")
    case .bodyMass, .bodyFatPercentage, .bodyMassIndex:
      buffer.append(">\n")
      // Third-party keys have spaces, and a link value carries an escaped ampersand.
      metadata(depth, "ScaleSync Link", "https://scalesync.example/m?id=\(sample.detail)&amp;u=ana")
      if kind == .bodyMass { metadata(depth, "ScaleSync Measurement", "weight+impedance" + tab) }
    case .dietaryCaffeine:
      buffer.append(">\n")
      metadata(depth, "BrewTally Drink", SynthSampler.drinks[Int(sample.detail)].name + tab)
    case _ where sample.source == .forkful:
      buffer.append(">\n")
      metadata(depth, "HKFoodType", SynthMeal.foods[Int(sample.detail)])
    default:
      buffer.append("/>\n")
      return
    }
    indent(depth - 1)
    buffer.append("</Record>\n")
  }

  /// The HRV beat list: `bpm` integers and `time`s of day on the export's wall clock, 12-hour
  /// with centiseconds (`11:26:02.34 PM`), with no date, so lists may cross midnight.
  private func beats(_ sample: SynthSample, depth: Int) {
    indent(depth)
    buffer.append("<HeartRateVariabilityMetadataList>\n")
    var random = SplitMix64(seed: sample.seed)
    let base = random.int(62...78)
    var centiseconds = (sample.start + time.offsetSeconds) * 100 + Int64(random.int(30...70))
    for _ in 0..<Int(sample.detail) {
      let bpm = base + random.int(-8...8)
      indent(depth + 1)
      buffer.append("<InstantaneousBeatsPerMinute bpm=\"")
      buffer.appendInteger(Int64(bpm))
      buffer.append("\" time=\"")
      let ofDay = Int(centiseconds.floorDivided(by: 8_640_000).remainder)
      let hour = ofDay / 360_000
      buffer.appendInteger(Int64(hour % 12 == 0 ? 12 : hour % 12))
      buffer.append(UInt8(ascii: ":"))
      buffer.appendPadded(ofDay / 6000 % 60, width: 2)
      buffer.append(UInt8(ascii: ":"))
      buffer.appendPadded(ofDay / 100 % 60, width: 2)
      buffer.append(UInt8(ascii: "."))
      buffer.appendPadded(ofDay % 100, width: 2)
      buffer.append(hour < 12 ? " AM\"/>\n" : " PM\"/>\n")
      centiseconds += Int64(6000 / bpm + random.int(-6...6))
    }
    indent(depth)
    buffer.append("</HeartRateVariabilityMetadataList>\n")
    counts.hrvLists += 1
    counts.beats += Int(sample.detail)
  }

  private func count(_ kind: SynthKind, _ sample: SynthSample, nested: Bool) {
    counts.records += 1
    if nested {
      counts.nested += 1
      return
    }
    counts.topLevel += 1
    counts.perKind[kind.rawValue] += 1
    counts.perSource[sample.source.rawValue] += 1
    let total = totalIndex[kind.rawValue]
    let tracksSummary = kind == .appleExerciseTime || kind == .appleStandHour
    guard total >= 0 || tracksSummary else { return }
    let slot = daySlot(localDay(of: sample.start))
    if total >= 0 {
      let cell = slot * SynthSource.count + sample.source.rawValue
      counts.sums[total][cell] += sample.value
      counts.sampleCounts[total][cell] += 1
    } else if kind == .appleExerciseTime {
      counts.exerciseMinutes[slot] += 1
    } else if sample.scaled == SynthCategoryValue.stood.rawValue {
      counts.stoodHours[slot] += 1
    }
  }
}
