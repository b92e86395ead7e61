import DispatchCore
import DispatchStorage
import DispatchSupport
import Foundation

/// The files `dispatch export --format introspective-csv` adds to Introspective's three
/// (docs/import-export.md): fatigue (Introspective's own unwired six-column layout,
/// docs/formats/introspective.md#introspective-csv-export), metric context and lost items, so the
/// export imports back whole. Same quoting and en_US full/full timestamps as the rest of the
/// family.
enum DispatchExtraImports {
  static let fatigueHeader = [
    "Timestamp", "Time Zone", "Rating", "Minimum Allowed Rating", "Maximum Allowed Rating", "Note",
  ]
  static let metricContextHeader = ["Timestamp", "Time Zone", "End", "Metric", "Note"]
  static let lostItemsHeader = ["Timestamp", "Time Zone", "Item", "Place", "Found At", "Note"]

  static func detect(header: [String]) -> ImportFormat? {
    switch header {
    case fatigueHeader: .introspectiveFatigue
    case metricContextHeader: .introspectiveMetricContext
    case lostItemsHeader: .introspectiveLostItems
    default: nil
    }
  }

  static func parse(_ format: ImportFormat, _ bytes: [UInt8], path: String)
    throws(ImportError) -> ImportBatch
  {
    let table = try FamilyCSV.table(bytes, path: path, format: format.rawValue)
    guard detect(header: table.header) == format else {
      throw ImportError(.unrecognized, file: path, reason: "not a \(format.rawValue) file")
    }
    let columns = FamilyColumns(table.header)
    let dates = IntrospectiveDates()
    var batch = ImportBatch(path: path, format: format)
    FamilyCSV.eachRow(table.rows, path: path, batch: &batch) {
      row, records throws(FamilyRowError) in
      let fields = row.fields
      let time = try stamp("Timestamp", columns, fields, dates)
        .recordTime(zone: columns.value("Time Zone", in: fields))
      let note = columns.nonEmpty("Note", in: fields)
      switch format {
      case .introspectiveFatigue:
        let value = try number("Rating", columns, fields)
        let scale = RatingScale(
          minimum: try number("Minimum Allowed Rating", columns, fields),
          maximum: try number("Maximum Allowed Rating", columns, fields))
        guard scale.minimum < scale.maximum, scale.contains(value) else {
          throw FamilyRowError(field: "Rating", reason: "rating outside its range \(scale)")
        }
        records.ratings.append(
          RatingRecord(
            id: ImportIdentity.row(
              format: format, type: "fatigue", start: time.instant,
              value: RatingScale.text(value)),
            kind: .fatigue, time: time, rating: value, scale: scale, note: note))
      case .introspectiveMetricContext:
        guard let text = note else { throw FamilyRowError(field: "Note", reason: "no note") }
        let end = try columns.nonEmpty("End", in: fields).map { _ throws(FamilyRowError) in
          try stamp("End", columns, fields, dates).instant
        }
        if let end, end < time.instant {
          throw FamilyRowError(field: "End", reason: "the end is before the start")
        }
        let metric = columns.nonEmpty("Metric", in: fields)
        records.metricContext.append(
          MetricContextEntry(
            id: ImportIdentity.row(
              format: format, type: "context", start: time.instant, value: (metric ?? "") + text),
            metric: metric, from: time, to: end, note: text))
      default:
        guard let item = columns.nonEmpty("Item", in: fields) else {
          throw FamilyRowError(field: "Item", reason: "no item")
        }
        let found = try columns.nonEmpty("Found At", in: fields).map {
          _ throws(FamilyRowError) in try stamp("Found At", columns, fields, dates).instant
        }
        records.lostItems.append(
          LostItemEvent(
            id: ImportIdentity.row(format: format, type: "lost", start: time.instant, value: item),
            item: item, noticed: time, place: columns.nonEmpty("Place", in: fields),
            foundAt: found, note: note))
      }
    }
    return batch
  }

  private static func stamp(
    _ name: String, _ columns: FamilyColumns, _ fields: [String], _ dates: IntrospectiveDates
  ) throws(FamilyRowError) -> IntrospectiveDates.Stamp {
    guard let text = columns.nonEmpty(name, in: fields) else {
      throw FamilyRowError(field: name, reason: "no \(name.lowercased())")
    }
    guard let stamp = dates.parse(text) else {
      throw FamilyRowError(field: name, reason: "invalid date/time format '\(text)'")
    }
    return stamp
  }

  private static func number(_ name: String, _ columns: FamilyColumns, _ fields: [String])
    throws(FamilyRowError) -> Double
  {
    guard let text = columns.value(name, in: fields), let value = Double(text), value.isFinite
    else {
      throw FamilyRowError(field: name, reason: "invalid \(name.lowercased())")
    }
    return value
  }
}
