import DispatchKit
import Foundation

/// The Introspective-family fixtures (docs/test-fixtures.md#introspective-family) and helpers.
enum FamilyFixtures {
  /// The fixtures' wall clocks are US Eastern (the exporting device's zone).
  static let zone = "America/New_York"

  static func options(
    rescale: Bool = false, scale: RatingScale = .mood, known: Set<String>? = nil
  ) -> ImportOptions {
    ImportOptions(
      defaultTimeZone: zone, moodScale: scale, rescalesMoods: rescale,
      knownMedicationNames: known)
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    try ImportTestSupport.fixture("introspective/" + name)
  }

  /// The fixture detected and parsed as the family's importers do.
  static func parse(_ name: String, options: ImportOptions = options()) throws -> ImportBatch {
    let bytes = try bytes(name)
    guard let format = IntrospectiveFamilyImport.detect(bytes) else {
      throw ImportError(.unrecognized, file: name, reason: "not detected")
    }
    return try IntrospectiveFamilyImport.parse(format, bytes, path: name, options: options)
  }

  /// Inline text parsed by the family.
  static func parse(text: String, options: ImportOptions = options()) throws -> ImportBatch {
    let bytes = Array(text.utf8)
    guard let format = IntrospectiveFamilyImport.detect(bytes) else {
      throw ImportError(.unrecognized, file: "inline.csv", reason: "not detected")
    }
    return try IntrospectiveFamilyImport.parse(format, bytes, path: "inline.csv", options: options)
  }

  /// The names EasyPill's medication fixture defines, folded.
  static func easyPillNames() throws -> Set<String> {
    IntrospectiveFamilyImport.medicationNames(in: [try parse("easypill-medications.csv")])
  }

  /// `record field: reason` per problem, the reason's quoted detail dropped.
  static func problems(_ batch: ImportBatch) -> [String] {
    batch.problems.map { "\($0.record) \($0.field ?? "-"): \($0.reason)" }
  }

  /// `YYYY-MM-DD HH:MM` of a record time's own wall clock.
  static func local(_ time: RecordTime) -> String {
    time.local.dateText + " " + time.local.clockText
  }

  /// `YYYY-MM-DDTHH:MM:SSZ`.
  static func utc(_ time: RecordTime) -> String { time.instant.iso8601Seconds }
}
