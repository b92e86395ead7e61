/// What the synthetic Apple Health export holds and how it is shaped
/// (docs/formats/apple-health.md#synthetic-exports).
///
/// The same options always give the same bytes: every draw comes from ``SplitMix64`` streams
/// derived from `seed`, and no clock or locale is consulted.
public struct SyntheticHealthOptions: Sendable {
  /// Which generation of Apple's exporter the file imitates.
  public enum Style: String, Sendable, CaseIterable, Codable {
    /// HealthKit Export Version 14 (iOS 18): workout totals only in `WorkoutStatistics`, one
    /// `WorkoutActivity` repeating them, sleep stages, routes as GPX files.
    case modern
    /// HealthKit Export Version 11 (iOS 15 and older): total attributes on `Workout`, route
    /// points inline as `Location` elements, sleep written as `…Asleep`.
    case legacy
  }

  /// The unit preferences of the exporting phone, which decide the unit strings written.
  public enum Units: String, Sendable, CaseIterable, Codable {
    /// `mi`, `Cal`, `lb`, `degF` (and `mi/hr`, `yd` in workout statistics).
    case us
    /// `km`, `kcal`, `kg`, `degC` (and `km/hr`, `m`).
    case metric
  }

  /// A defect seen in real exports (docs/formats/apple-health.md#prolog-and-dtd,
  /// docs/formats/apple-health.md#encoding, docs/formats/apple-health.md#known-defects), injected
  /// exactly once.
  public enum DirtyFlag: String, Sendable, CaseIterable, Codable, Hashable {
    /// One `0x0B` byte appended to one metadata value; nothing else changes.
    case verticalTab
    /// One `ATTLIST` in the DTD loses its closing `>`; the body is unchanged.
    case brokenDTD
    /// Three Records and one Workout are each written twice in a row.
    case duplicateRecords
    /// One unknown top-level element and one unknown attribute on a Record.
    case unknownElements
    /// One Record whose `startDate` is after its `endDate` (the two are swapped).
    case startAfterEnd
    /// The file stops in the middle of the start tag of the middle top-level Record.
    case truncated
  }

  /// Seeds every random draw.
  public var seed: UInt64 = 42
  /// Simulated days, starting at `startDate`; ignored when `targetRecords` is set.
  public var days: Int = 7
  /// The first simulated America/New_York local day.
  public var startDate: (year: Int, month: Int, day: Int) = (2023, 1, 2)
  /// When set, the export ends at the first day boundary where the number of Record elements
  /// (nested ones included) reaches this target.
  public var targetRecords: Int? = nil
  /// The `±HHMM` offset written on every timestamp: the phone's offset at export time, not the
  /// sample's (docs/formats/apple-health.md#dates-and-time-zones). The real zone, America/New_York,
  /// is recorded as `HKTimeZone`.
  public var exportOffset: String = "-0500"
  /// The exporter generation imitated.
  public var style: Style = .modern
  /// The unit preferences imitated.
  public var units: Units = .us
  /// Defects to inject.
  public var dirty: Set<DirtyFlag> = []

  /// The defaults: seven clean, modern, US-unit days from 2023-01-02.
  public init() {}
}
