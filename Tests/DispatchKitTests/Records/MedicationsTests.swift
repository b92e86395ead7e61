import DispatchKit
import Foundation
import Testing

@testable import DispatchStorage

/// Medications and doses (docs/formats/introspective.md#record-types,
/// docs/formats/introspective.md#intents).
struct MedicationsTests {
  let now = Instant(milliseconds: 1_772_618_400_000)
  let store: DispatchStore

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(clock: FixedWallClock(now), ids: SequentialIDGenerator()))
    try Medications.define(
      "Iron", MedicationFields(dose: "50mg", frequency: "1 time per day"), in: store,
      environment: store.environment)
    try Medications.define(
      "Vitamin D", MedicationFields(), in: store, environment: store.environment)
  }

  @Test func `take uses the default dosage, or the one given`() throws {
    let taken = try Medications.take(
      ["iron", "Vitamin D"], in: store, environment: store.environment)
    #expect(taken.map(\.dose.dosage) == ["50 mg", nil])
    let extra = try Medications.take(
      ["Iron"], dose: "100 mg", time: RecordTimeArgument(ago: "1h"), in: store,
      environment: store.environment)
    #expect(extra.first?.dose.dosage == "100 mg")
    #expect(extra.first?.dose.time.precision == .hour)
    let list = try Medications.list(in: store)
    // The latest dose by time, not the last one entered (that one was an hour ago).
    #expect(list.first?.lastDose?.dosage == "50 mg")
    #expect(try Medications.doses(in: store).count == 3)
  }

  @Test func `unknown medications and bad doses are refused`() throws {
    let error = try #require(throws: DispatchError.self) {
      try Medications.take(["Irn"], in: store, environment: store.environment)
    }
    #expect(
      error.message
        == "no medication named 'Irn' (did you mean 'Iron'?); define it with 'dispatch med define Irn --dose …'"
    )
    #expect(try Medications.unknownNames(["Iron", "Zinc"], in: store) == ["Zinc"])
    #expect(throws: DispatchError.self) {
      try Medications.take(["Iron"], dose: "lots", in: store, environment: store.environment)
    }
    #expect(throws: DispatchError.self) {
      try Medications.define(
        "Zinc", MedicationFields(frequency: "often"), in: store, environment: store.environment)
    }
    #expect(try store.records.doses().isEmpty)
  }

  @Test func `editing keeps the doses`() throws {
    try Medications.take(["Iron"], in: store, environment: store.environment)
    let edited = try Medications.edit(
      "Iron", newName: "Iron tablets", MedicationFields(dose: "", startedOn: "2026-01-10"),
      in: store)
    #expect(edited.defaultDosage == nil)
    #expect(edited.startedOn == "2026-01-10")
    #expect(try store.records.doses().count == 1)
    #expect(try Medications.doses(in: store).first?.name == "Iron tablets")
  }
}
