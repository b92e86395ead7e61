import DispatchCore
import Foundation

/// The direct records `dispatch export --format introspective-csv` writes.
public struct IntrospectiveExportRecords: Sendable {
  public var moods: [RatingRecord]
  public var fatigue: [RatingRecord]
  public var definitions: [ActivityDefinition]
  public var activities: [ActivityRecord]
  public var medications: [Medication]
  public var doses: [MedicationDose]
  public var metricContext: [MetricContextEntry]
  public var lostItems: [LostItemEvent]

  /// Records to export; each list in any order (the exporter sorts by date).
  public init(
    moods: [RatingRecord] = [], fatigue: [RatingRecord] = [],
    definitions: [ActivityDefinition] = [], activities: [ActivityRecord] = [],
    medications: [Medication] = [], doses: [MedicationDose] = [],
    metricContext: [MetricContextEntry] = [], lostItems: [LostItemEvent] = []
  ) {
    self.moods = moods
    self.fatigue = fatigue
    self.definitions = definitions
    self.activities = activities
    self.medications = medications
    self.doses = doses
    self.metricContext = metricContext
    self.lostItems = lostItems
  }
}

/// Writes Introspective's CSV export layout
/// (docs/formats/introspective.md#introspective-csv-export) into a folder: `Activities`, `Moods`
/// and `Medication Dosage History` exactly as the app lays them out (but with all 12 medication
/// fields per row, not the app's legacy 11), plus `Fatigue` (the app's unwired 6-column layout) and
/// Dispatch's own `Metric Context` and `Lost Items` in the same quoted style
/// (docs/import-export.md).
///
/// A file is written only for a kind that has records; rows are in ascending date order.
public enum IntrospectiveExporter {
  /// The header of each file, by description.
  public static let moodHeader = [
    "Timestamp", "Time Zone", "Rating", "Minimum Allowed Rating", "Maximum Allowed Rating",
    "Note", "Source",
  ]
  public static let fatigueHeader = [
    "Timestamp", "Time Zone", "Rating", "Minimum Allowed Rating", "Maximum Allowed Rating",
    "Note",
  ]
  public static let activityHeader = [
    "Name", "Description", "Definition Tags", "Definition Source", "Auto Note",
    "Record Screen Index", "Start", "Start Set At", "Start Time Zone", "Start Date Offset", "End",
    "End Set At", "End Time Zone", "End Date Offset", "Total Duration Offset", "Note",
    "Extra Tags", "Instance Source",
  ]
  public static let medicationHeader = [
    "Name", "Normal Dosage", "Frequency", "Started On", "Started On Time Zone", "Notes",
    "Definition Source", "Record Screen Index", "Dosage", "Timestamp", "Time Zone",
    "Instance Source",
  ]
  /// Dispatch's own: `End` is empty for an entry about its start day only; `Metric` is empty
  /// for an entry about every metric.
  public static let metricContextHeader = ["Timestamp", "Time Zone", "End", "Metric", "Note"]
  /// Dispatch's own: `Timestamp` is when the loss was noticed; `Found At` is empty while the
  /// item is still missing.
  public static let lostItemHeader = [
    "Timestamp", "Time Zone", "Item", "Place", "Found At", "Note",
  ]

  /// One file of the export.
  public struct File: Sendable, Equatable {
    /// `Moods 2021-12-15_1423.csv`.
    public let name: String
    public let contents: String
  }

  /// The files for `records`, named with `exportedAt` read in `zone` (the store's zone).
  ///
  /// - Throws: ``DispatchError`` (`invalidValue`) "nothing to export" when no kind has a record,
  ///   so nothing is written.
  public static func files(
    _ records: IntrospectiveExportRecords, exportedAt: Instant, zone: TimeZone
  )
    throws(DispatchError) -> [File]
  {
    let text = IntrospectiveCSVText()
    let tables: [(String, [String], [[String]])] = [
      ("Activities", activityHeader, activityRows(records, text)),
      ("Moods", moodHeader, ratingRows(records.moods, text, withSource: true)),
      ("Medication Dosage History", medicationHeader, medicationRows(records, text)),
      ("Fatigue", fatigueHeader, ratingRows(records.fatigue, text, withSource: false)),
      ("Metric Context", metricContextHeader, metricContextRows(records.metricContext, text)),
      ("Lost Items", lostItemHeader, lostItemRows(records.lostItems, text)),
    ]
    let files = tables.compactMap { description, header, rows -> File? in
      guard !rows.isEmpty else { return nil }
      let contents = ([header] + rows).map(IntrospectiveCSVText.line).joined()
      return File(
        name: IntrospectiveCSVText.fileName(description, exportedAt: exportedAt, zone: zone),
        contents: contents)
    }
    guard !files.isEmpty else {
      throw DispatchError(
        .invalidValue,
        "nothing to export: the store holds no moods, fatigue ratings, activities, medication "
          + "doses, metric context or lost items")
    }
    return files
  }

  static func ratingRows(_ ratings: [RatingRecord], _ text: IntrospectiveCSVText, withSource: Bool)
    -> [[String]]
  {
    ratings.sorted { ($0.time.instant, $0.id) < ($1.time.instant, $1.id) }.map { rating in
      var row = [
        text.timestamp(rating.time.instant, zone: rating.time.timeZoneIdentifier),
        rating.time.timeZoneIdentifier ?? "", IntrospectiveCSVText.rating(rating.rating),
        IntrospectiveCSVText.rating(rating.scale.minimum),
        IntrospectiveCSVText.rating(rating.scale.maximum), rating.note ?? "",
      ]
      if withSource {
        row.append(
          IntrospectiveCSVText.source(
            rating.source, allowed: [RecordSource.introspective, RecordSource.wellness]))
      }
      return row
    }
  }

  static func metricContextRows(_ entries: [MetricContextEntry], _ text: IntrospectiveCSVText)
    -> [[String]]
  {
    entries.sorted { ($0.from.instant, $0.id) < ($1.from.instant, $1.id) }.map { entry in
      let zone = entry.from.timeZoneIdentifier
      return [
        text.timestamp(entry.from.instant, zone: zone), zone ?? "",
        entry.to.map { text.timestamp($0, zone: zone) } ?? "", entry.metric ?? "", entry.note,
      ]
    }
  }

  static func lostItemRows(_ events: [LostItemEvent], _ text: IntrospectiveCSVText) -> [[String]] {
    events.sorted { ($0.noticed.instant, $0.id) < ($1.noticed.instant, $1.id) }.map { event in
      let zone = event.noticed.timeZoneIdentifier
      return [
        text.timestamp(event.noticed.instant, zone: zone), zone ?? "", event.item,
        event.place ?? "", event.foundAt.map { text.timestamp($0, zone: zone) } ?? "",
        event.note ?? "",
      ]
    }
  }
}
