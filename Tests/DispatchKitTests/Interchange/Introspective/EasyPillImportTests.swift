import DispatchKit
import Testing

/// EasyPill medication lists and dose histories
/// (docs/formats/introspective.md#easypill-medications,
/// docs/formats/introspective.md#easypill-doses, docs/formats/introspective.md#reference-vectors;
/// docs/test-fixtures.md#easypill-medicationscsv).
struct EasyPillImportTests {
  typealias F = FamilyFixtures

  static let medicationHeader =
    "Pill name,Notes,Dosage,Frequency,How many times per day,How many days,Starting,Ending,"
    + "Completed,Doses taken,Taking consistency,Quantity per dose,Current quantity,"
    + "Required quantity,Pills will last until"
  static let doseHeader = "Pill name,Taken on,Time"

  static func row(_ medication: Medication) -> String {
    [
      medication.name, medication.notes ?? "nil", medication.defaultDosage ?? "nil",
      medication.frequency ?? "nil", medication.startedOn ?? "nil",
    ].joined(separator: " | ")
  }

  @Test func `the medication list aligns its columns, with the dosage quirk fixed`() throws {
    let batch = try F.parse("easypill-medications.csv")
    #expect(batch.format == .easypillMedications && batch.skipped == 0)
    #expect(batch.records.updatesStoredMedications)
    #expect(
      batch.records.medications.map(Self.row) == [
        "Vitamin D3 | with breakfast | 2000 IU | 1 time per day | 2018-01-15",
        "Ibuprofen | for headaches, max 3 a day | 200 mg | nil | 2017-11-02",
        "Melatonin | nil | 3 mg | 1 time per day | 2018-03-01",
        "Iron | take with orange juice, not tea | 65 mg | 0.5 times per day | 2018-02-20",
        "Amoxicillin | finish the course | 500 mg | 0.125 times per hour | 2018-04-10",
        "Antacid | nil | 0.5 g | 0.4 times per hour | 2018-04-21",
        "Fish Oil | omega-3 | 1000 mg | 1 time per day | 2017-12-05",
        "Allergy spray | 2 sprays each nostril | 50 mcg | 1 time per day | 2018-04-01",
        "Magnesium | nil | 250 mg | 1 time per week | 2018-01-07",
        "Cough syrup | nil | 10 mL | 1 time per hour | 2018-03-12",
      ])
    #expect(batch.records.medications.allSatisfy { $0.source == "EasyPill" })
  }

  @Test func `the bad medication list imports Zinc and Calcium and names the rest`() throws {
    let batch = try F.parse("easypill-medications-bad.csv")
    #expect(batch.records.medications.map(\.name) == ["Zinc", "Calcium"])
    #expect(batch.skipped == 5)
    #expect(
      F.problems(batch) == [
        "2 Frequency: unable to align columns",
        "3 Pill name: no name found",
        "4 Starting: invalid started-on date '13/45/18'",
        "5 -: does not have the right number of columns",
        "6 Starting: could not get started on date",
      ])
  }

  @Test func `the two documented rows, and a row without Starting`() throws {
    let batch = try F.parse(
      text: Self.medicationHeader + "\n"
        + "Bupropion,hello, world,50mg,daily,1,ongoing,4/4/18,-,-,206,98%,,,,\n"
        + ",92$igeg,,,,,@$3786(ifb,every 2,5 hours,1,10,10/29/18,11/7/18,5%,0,0%,,,,\n"
        + "a,,,as needed")
    #expect(
      batch.records.medications.map(Self.row) == [
        "Bupropion | hello, world | 50 mg | 1 time per day | 2018-04-04",
        ",92$igeg | ,,, | nil | 0.4 times per hour | 2018-10-29",
      ])
    #expect(F.problems(batch) == ["3 Starting: could not get started on date"])
  }

  @Test func `CRLF and one trailing line break are tolerated, a second is a blank row`() throws {
    let crlf = try F.parse(
      text: Self.medicationHeader + "\r\nZinc,,25mg,daily,1,ongoing,2/1/18,-,-,40,90%,,,,\r\n")
    #expect(
      crlf.records.medications.map(Self.row) == ["Zinc | nil | 25 mg | 1 time per day | 2018-02-01"]
    )
    #expect(crlf.problems.isEmpty)
    let twice = try F.parse(
      text: Self.medicationHeader + "\nZinc,,25mg,daily,1,ongoing,2/1/18,-,-,40,90%,,,,\n\n")
    #expect(F.problems(twice) == ["2 Pill name: no name found"])
  }

  @Test func `doses of known medications import with the manifest's counts`() throws {
    let batch = try F.parse("easypill-doses.csv", options: F.options(known: try F.easyPillNames()))
    #expect(batch.format == .easypillDoses && batch.skipped == 0)
    let doses = batch.records.doses
    #expect(doses.count == 10)
    let names = Dictionary(uniqueKeysWithValues: batch.records.medications.map { ($0.id, $0.name) })
    var perMedication: [String: Int] = [:]
    for dose in doses { perMedication[names[dose.medicationID] ?? "?", default: 0] += 1 }
    #expect(
      perMedication == ["Fish Oil": 1, "Ibuprofen": 1, "Iron": 2, "Melatonin": 3, "Vitamin D3": 3])
    #expect(doses.map { F.local($0.time) }.max() == "2018-03-04 08:30")
    #expect(doses.allSatisfy { $0.dosage == nil && $0.source == "EasyPill" })
    #expect(
      doses.allSatisfy { $0.time.precision == .minute && $0.time.timeZoneIdentifier == F.zone })
    // The references carry the IDs the medication list gives the same names.
    let list = try F.parse("easypill-medications.csv").records.medications.map(\.id)
    #expect(Set(batch.records.medications.map(\.id)).isSubset(of: Set(list)))
  }

  @Test func `the bad dose file imports two doses and names the five bad rows`() throws {
    let batch = try F.parse(
      "easypill-doses-bad.csv", options: F.options(known: try F.easyPillNames()))
    #expect(batch.records.doses.count == 2)
    #expect(batch.skipped == 5)
    #expect(
      F.problems(batch) == [
        "2 Taken on: no date found",
        "3 Time: expected time but found '25:61'",
        "4 Time: no time found",
        "5 Pill name: medication 'B12, sublingual' does not exist; import it first",
        "6 Pill name: medication 'Unknownium' does not exist; import it first",
      ])
  }

  @Test func `a name with commas is re-joined until a date`() throws {
    let batch = try F.parse(
      text: Self.doseHeader + "\n,f,new,ou,4/4/18,13:43\njhfiu,6/23/17,02:54",
      options: F.options(known: [",f,new,ou"]))
    #expect(batch.records.doses.count == 1)
    #expect(batch.records.medications.map(\.name) == [",f,new,ou"])
    #expect(F.local(batch.records.doses[0].time) == "2018-04-04 13:43")
    #expect(
      F.problems(batch) == ["2 Pill name: medication 'jhfiu' does not exist; import it first"])
    // Unchecked (no known names given): every well-formed row is kept.
    let unchecked = try F.parse(text: Self.doseHeader + "\njhfiu,6/23/17,02:54")
    #expect(unchecked.records.doses.count == 1)
  }
}
