import DispatchCore
import DispatchStorage
import DispatchSupport

/// The hot path: `Record` elements, their metadata and heart-rate-variability beats.
extension HealthExportReader {
  mutating func beginRecord(_ tag: borrowing XMLStartTag) {
    recordOrdinal += 1
    var row = HealthSampleRow(
      type: HealthSampleRow.none, source: HealthSampleRow.none, ordinal: recordOrdinal)
    row.metadata = Int32(batch.metadata.count)..<Int32(batch.metadata.count)
    row.beats = Int32(batch.beats.count)..<Int32(batch.beats.count)
    row.extras = Int32(batch.extras.count)..<Int32(batch.extras.count)
    row.correlation = openCorrelation ?? HealthSampleRow.none
    currentProblem = nil
    var sum: UInt64 = 0
    var hasStart = false
    var hasEnd = false
    for attribute in tag.attributes {
      let name = tag.name(of: attribute)
      let value = value(of: attribute, in: tag)
      do {
        let key = RecordAttribute(name)
        switch key {
        case .type: row.type = interner.intern(value)
        case .sourceName: row.source = interner.intern(value)
        case .sourceVersion: row.sourceVersion = interner.intern(value)
        case .unit: row.unit = interner.intern(value)
        case .device:
          row.device = HealthDevice.withDescription(value) { interner.intern($0) }
        case .value:
          if let number = ByteNumber.double(value) {
            row.value = number
          } else {
            row.valueText = interner.intern(value)
          }
        case .startDate, .endDate, .creationDate:
          guard let date = HealthDateParser.parse(value) else {
            currentProblem = (
              key.name ?? "date", "'\(String(decoding: value, as: UTF8.self))' is not a date"
            )
            continue
          }
          if key == .startDate {
            (row.start, row.startOffset, hasStart) = (date.milliseconds, date.offset, true)
          } else if key == .endDate {
            (row.end, row.endOffset, hasEnd) = (date.milliseconds, date.offset, true)
          } else {
            row.creation = date.milliseconds
          }
          sum =
            sum
            &+ HealthIdentity.attribute(
              name: HealthIdentity.bytes(name), value: HealthIdentity.instant(date.milliseconds))
          continue
        case .other:
          let span = appendText(value)
          batch.extras.append(HealthExtraRow(name: interner.intern(name), value: span))
        }
        let share =
          key == .device
          ? HealthDevice.withDescription(value) { HealthIdentity.bytes($0) }
          : HealthIdentity.bytes(value)
        sum = sum &+ HealthIdentity.attribute(name: HealthIdentity.bytes(name), value: share)
      }
    }
    row.extras = row.extras.lowerBound..<Int32(batch.extras.count)
    if currentProblem == nil {
      if row.type == HealthSampleRow.none {
        currentProblem = ("type", "a Record without a type")
      } else if row.source == HealthSampleRow.none {
        currentProblem = ("sourceName", "a Record without a sourceName")
      } else if !hasStart {
        currentProblem = ("startDate", "a Record without a startDate")
      } else if !hasEnd {
        currentProblem = ("endDate", "a Record without an endDate")
      } else if row.end < row.start {
        currentProblem = ("endDate", "the endDate is before the startDate")
      }
    }
    current = row
    currentAttributes = sum
    currentChildren = 0
    if tag.selfClosing {
      finishRecord()
      if frames.isEmpty { cutBatchIfFull() }
    } else {
      frames.append(.record)
    }
  }

  mutating func recordMetadata(_ tag: borrowing XMLStartTag) {
    guard current != nil else { return }
    var key: Int32 = HealthSampleRow.none
    var keyHash: UInt64 = 0
    var span = HealthTextSpan(start: 0, count: 0)
    var valueHash: UInt64 = 0
    var isZone = false
    for attribute in tag.attributes {
      let name = tag.name(of: attribute)
      let value = value(of: attribute, in: tag)
      do {
        if name.equals("key") {
          key = interner.intern(value)
          keyHash = HealthIdentity.bytes(value)
          isZone = value.equals("HKTimeZone")
        } else if name.equals("value") {
          span = appendText(value)
          valueHash = HealthIdentity.bytes(value)
        }
      }
    }
    guard key != HealthSampleRow.none else { return }
    if isZone {
      let zone = interner.intern(text(span))
      current?.timeZone = zone
    }
    batch.metadata.append(HealthMetadataRow(key: key, value: span))
    currentChildren = HealthIdentity.chain(
      currentChildren, HealthIdentity.attribute(name: keyHash, value: valueHash))
  }

  mutating func recordBeat(_ tag: borrowing XMLStartTag) {
    guard let row = current else { return }
    var bpm: Double?
    var span = HealthTextSpan(start: 0, count: 0)
    var share: UInt64 = 0
    for attribute in tag.attributes {
      let name = tag.name(of: attribute)
      let value = value(of: attribute, in: tag)
      do {
        if name.equals("bpm") {
          bpm = ByteNumber.double(value)
        } else if name.equals("time") {
          span = appendText(value)
        }
        share =
          share
          &+ HealthIdentity.attribute(
            name: HealthIdentity.bytes(name), value: HealthIdentity.bytes(value))
      }
    }
    guard let bpm else { return }
    let previous = batch.beats.count > Int(row.beats.lowerBound) ? batch.beats.last?.instant : nil
    let instant = HealthBeatTime.instant(
      text(span), after: previous, parentStart: row.start, offset: row.startOffset)
    batch.beats.append(HealthBeatRow(bpm: bpm, time: span, instant: instant))
    currentChildren = HealthIdentity.chain(currentChildren, share)
  }

  mutating func finishRecord() {
    guard var row = current else { return }
    current = nil
    row.metadata = row.metadata.lowerBound..<Int32(batch.metadata.count)
    row.beats = row.beats.lowerBound..<Int32(batch.beats.count)
    if let issue = currentProblem {
      // Children already listed stay in the arrays unreferenced; nothing points at them.
      problem(record: row.ordinal, field: issue.field, reason: issue.reason)
      return
    }
    row.hash = Int64(
      bitPattern: HealthIdentity.mix(currentAttributes ^ HealthIdentity.mix(currentChildren)))
    batch.samples.append(row)
  }
}
