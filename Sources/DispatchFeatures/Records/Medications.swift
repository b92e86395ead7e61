import DispatchCore
import DispatchStorage
import Foundation

/// A medication with its most recent dose, for listing.
public struct MedicationEntry: Sendable, Equatable {
  /// The definition.
  public var medication: Medication
  /// The latest dose taken, if any.
  public var lastDose: MedicationDose?
}

/// A dose with its medication's name, for listing.
public struct DoseEntry: Sendable, Equatable {
  /// The dose.
  public var dose: MedicationDose
  /// Its medication's name.
  public var name: String
}

/// The fields `med define` and `med edit` set; nil leaves a field as it is, an empty text
/// removes it.
public struct MedicationFields: Sendable, Equatable {
  /// The default dosage text, checked as a ``Dosage``.
  public var dose: String?
  /// How often, checked as a ``Frequency`` (`2 times per day`).
  public var frequency: String?
  /// `YYYY-MM-DD`.
  public var startedOn: String?
  /// Free text.
  public var notes: String?

  /// The fields to set.
  public init(
    dose: String? = nil, frequency: String? = nil, startedOn: String? = nil, notes: String? = nil
  ) {
    self.dose = dose
    self.frequency = frequency
    self.startedOn = startedOn
    self.notes = notes
  }
}

/// Medication definitions and doses (docs/formats/introspective.md#record-types; the TakeMedication
/// and TakeMedicationWithDosage intents of docs/formats/introspective.md#intents).
public enum Medications {
  /// The medication called `name`, ignoring case and accents; a data error with a suggestion
  /// and the command that defines it otherwise.
  public static func find(_ name: String, in store: DispatchStore) throws -> Medication {
    if let medication = try store.records.medication(named: name) { return medication }
    let names = try store.records.medications().map(\.name)
    throw DispatchError(
      .invalidValue,
      "no medication named '\(name)'" + RecordText.suggestion(name, in: names)
        + "; define it with 'dispatch med define \(name) --dose …'")
  }

  /// The names in `names` that are not defined (for a terminal that offers to define them).
  public static func unknownNames(_ names: [String], in store: DispatchStore) throws -> [String] {
    try names.filter { try store.records.medication(named: $0) == nil }
  }

  /// A dosage text in its normal form (`20mg` → `20 mg`); a data error when it does not read.
  public static func dosage(_ text: String) throws(DispatchError) -> String {
    guard let dosage = Dosage(parsing: text) else {
      throw DispatchError(
        .invalidValue, "'\(text)' is not a dosage; write an amount and a unit, e.g. '20 mg'")
    }
    return dosage.description
  }

  /// Records a dose of each medication now or at `time`: `dose` when given, else each
  /// medication's default dosage (none when it has none). Every name is checked first.
  @discardableResult
  public static func take(
    _ names: [String], dose: String? = nil, time: RecordTimeArgument = RecordTimeArgument(),
    in store: DispatchStore, environment: RunEnvironment
  ) throws -> [DoseEntry] {
    guard !names.isEmpty else { throw DispatchError(.invalidValue, "name a medication to take") }
    let dosage = try dose.map(dosage)
    let medications = try names.map { try find($0, in: store) }
    let when = try time.resolve(in: store, environment: environment)
    var entries: [DoseEntry] = []
    for medication in medications {
      let record = MedicationDose(
        id: environment.makeID(), medicationID: medication.id, time: when,
        dosage: dosage ?? medication.defaultDosage)
      try store.records.saveDose(record)
      entries.append(DoseEntry(dose: record, name: medication.name))
    }
    return entries
  }

  /// Defines a medication; refuses a name in use and fields that do not read.
  @discardableResult
  public static func define(
    _ name: String, _ fields: MedicationFields, in store: DispatchStore, environment: RunEnvironment
  )
    throws -> Medication
  {
    guard let name = RecordText.clean(name) else {
      throw DispatchError(.invalidValue, "a medication needs a name")
    }
    if let existing = try store.records.medication(named: name) {
      throw DispatchError(
        .conflict,
        "medication '\(existing.name)' already exists; change it with "
          + "'dispatch med edit \(existing.name)'")
    }
    let order = (try store.records.medications().map(\.sortOrder).max() ?? -1) + 1
    var medication = Medication(id: environment.makeID(), name: name, sortOrder: order)
    try apply(fields, to: &medication, zone: RecordTimeArgument.zoneIdentifier(in: store))
    try store.records.saveMedication(medication)
    return medication
  }

  /// Renames a medication or changes its fields; its doses stay.
  @discardableResult
  public static func edit(
    _ name: String, newName: String? = nil, _ fields: MedicationFields, in store: DispatchStore
  ) throws -> Medication {
    var medication = try find(name, in: store)
    if let newName {
      guard let cleaned = RecordText.clean(newName) else {
        throw DispatchError(.invalidValue, "a medication needs a name")
      }
      if let other = try store.records.medication(named: cleaned), other.id != medication.id {
        throw DispatchError(.conflict, "medication '\(other.name)' already exists")
      }
      medication.name = cleaned
    }
    try apply(fields, to: &medication, zone: RecordTimeArgument.zoneIdentifier(in: store))
    try store.records.updateMedication(medication)
    return medication
  }

  private static func apply(
    _ fields: MedicationFields, to medication: inout Medication, zone: String
  )
    throws(DispatchError)
  {
    if let dose = fields.dose {
      medication.defaultDosage = RecordText.clean(dose) == nil ? nil : try dosage(dose)
    }
    if let text = fields.frequency {
      if RecordText.clean(text) == nil {
        medication.frequency = nil
      } else if let frequency = Frequency(parsing: text) {
        medication.frequency = frequency.description
      } else {
        throw DispatchError(
          .invalidValue, "'\(text)' is not a frequency; write it like '2 times per day'")
      }
    }
    if let started = fields.startedOn {
      guard let date = LocalDate(parsing: started) else {
        throw DispatchError(.invalidValue, "'\(started)' is not a date; use YYYY-MM-DD")
      }
      medication.startedOn = date.description
      medication.startedOnTimeZone = zone
    }
    if let notes = fields.notes { medication.notes = RecordText.clean(notes) }
  }

  /// Every medication with its latest dose.
  public static func list(in store: DispatchStore) throws -> [MedicationEntry] {
    var last: [String: MedicationDose] = [:]
    for dose in try store.records.doses() { last[dose.medicationID] = dose }
    return try store.records.medications().map {
      MedicationEntry(medication: $0, lastDose: last[$0.id])
    }
  }

  /// Doses taken in `[from, to)`, oldest first, with medication names.
  public static func doses(from: Instant? = nil, to: Instant? = nil, in store: DispatchStore)
    throws -> [DoseEntry]
  {
    let names = Dictionary(
      try store.records.medications().map { ($0.id, $0.name) },
      uniquingKeysWith: { first, _ in first })
    return try store.records.doses(from: from, to: to).map {
      DoseEntry(dose: $0, name: names[$0.medicationID] ?? $0.medicationID)
    }
  }
}
