/// A medication: a definition doses refer to (docs/formats/introspective.md#record-types).
public struct Medication: Sendable, Equatable, Identifiable {
  public var id: String
  /// Unique, compared ignoring case and accents.
  public var name: String
  /// The dosage a dose gets when none is given, as text (`20 mg`; see ``Dosage``).
  public var defaultDosage: String?
  /// How often it should be taken, as text (`2 times per day`; see ``Frequency``); nil: as
  /// needed.
  public var frequency: String?
  /// `YYYY-MM-DD`.
  public var startedOn: String?
  public var startedOnTimeZone: String?
  public var notes: String?
  public var sortOrder: Int
  public var source: String

  public init(
    id: String, name: String, defaultDosage: String? = nil, frequency: String? = nil,
    startedOn: String? = nil, startedOnTimeZone: String? = nil, notes: String? = nil,
    sortOrder: Int = 0, source: String = RecordSource.dispatch
  ) {
    self.id = id
    self.name = name
    self.defaultDosage = defaultDosage
    self.frequency = frequency
    self.startedOn = startedOn
    self.startedOnTimeZone = startedOnTimeZone
    self.notes = notes
    self.sortOrder = sortOrder
    self.source = source
  }
}

/// One dose taken (docs/formats/introspective.md#record-types).
public struct MedicationDose: Sendable, Equatable, Identifiable {
  public var id: String
  public var medicationID: String
  public var time: RecordTime
  /// As text (`20 mg`); nil when neither the dose nor the medication gave one.
  public var dosage: String?
  public var source: String

  public init(
    id: String, medicationID: String, time: RecordTime, dosage: String? = nil,
    source: String = RecordSource.dispatch
  ) {
    self.id = id
    self.medicationID = medicationID
    self.time = time
    self.dosage = dosage
    self.source = source
  }
}
