import DispatchKit
import Foundation
import Testing

/// Dosage parsing, formatting and prefix-aware comparison (docs/formats/introspective.md#dosage,
/// docs/formats/introspective.md#reference-vectors).
struct DosageTests {
  @Test(arguments: [
    (".1mg", 0.1, "mg"), ("50mg", 50, "mg"), ("12.5 mg", 12.5, "mg"),
    (".1milligrams", 0.1, "milligrams"), ("3 L", 3, "L"), ("2", 2, ""), ("007 pills ", 7, "pills"),
    ("1e5mg", 1, "e5mg"), ("5mg per 5", 5, "mg per"), ("12.mg", 12, ".mg"),
    ("1.2.3mg", 1.2, ".3mg"), ("2 💊", 2, "💊"), ("1,5 mg", 1, ",5 mg"),
  ])
  func `text starting with a number parses into amount and unit`(
    text: String, amount: Double, unit: String
  ) throws {
    let dosage = try #require(Dosage(parsing: text))
    #expect(dosage.amount == amount)
    #expect(dosage.unit == unit)
  }

  @Test(arguments: [
    "", " ", "abc", "mg 50", " 50mg", "-5mg", "+5mg", ".", ".mg", "nan", "NaN mg", "inf",
    "٣mg", "３mg", "💊 2", String(repeating: "9", count: 400) + "mg",
  ])
  func `text not starting with a finite number has no dosage`(text: String) {
    #expect(Dosage(parsing: text) == nil)
  }

  @Test func `huge but finite amounts parse`() throws {
    let dosage = try #require(Dosage(parsing: String(repeating: "9", count: 300) + " mg"))
    #expect(dosage.amount.isFinite)
    #expect(dosage.unit == "mg")
  }

  @Test(arguments: [
    (50.0, "mg", "50 mg"), (12.5, "mg", "12.5 mg"), (3, "L", "3 L"), (2, "", "2"),
    (0.1, "milligrams", "0.1 milligrams"), (1e20, "g", "1e+20 g"),
  ])
  func `the description drops a trailing point zero`(amount: Double, unit: String, text: String) {
    #expect(Dosage(amount: amount, unit: unit).description == text)
  }

  @Test func `the documented comparison facts hold`() throws {
    let dg20 = Dosage(amount: 20, unit: "dg")
    let g2 = Dosage(amount: 2, unit: "g")
    #expect(dg20 == g2)
    #expect(dg20.hashValue == g2.hashValue)
    #expect(Set([dg20, g2]).count == 1)
    #expect(Dosage(amount: 2, unit: "mg") < Dosage(amount: 2, unit: "dg"))
    #expect(!(g2 < Dosage(amount: 2, unit: "µg")))
    #expect(Dosage(amount: 8, unit: "cg") >= Dosage(amount: 100, unit: "mcg"))
  }

  @Test func `at most 8 cg keeps the first two doses`() {
    let limit = Dosage(amount: 8, unit: "cg")
    let doses = [
      Dosage(amount: 8, unit: "cg"), Dosage(amount: 100, unit: "mcg"), Dosage(amount: 2, unit: "g"),
    ]
    #expect(doses.map { $0 <= limit } == [true, true, false])
  }

  @Test(arguments: [
    ("dg", 10.0), ("dl", 10), ("dL", 10), ("decigrams", 10), ("Deciliter", 10),
    ("cg", 100), ("cl", 100), ("cL", 100), ("centilitres", 100),
    ("mg", 1000), ("ml", 1000), ("mL", 1000), ("milligrams", 1000), ("Miligrams", 1000),
    ("mcg", 1e6), ("ug", 1e6), ("UG", 1e6), ("mcl", 1e6), ("ul", 1e6), ("uL", 1e6),
    ("µg", 1e6), ("µL", 1e6), ("\u{03BC}g", 1e6), ("micrograms", 1e6),
    ("g", 1), ("L", 1), ("pill", 1), ("", 1), ("DG", 1), ("MG", 1), ("Mcg", 1), ("💊", 1),
  ])
  func `unit prefixes scale to the base unit`(unit: String, perBase: Double) {
    #expect(Dosage(amount: perBase, unit: unit).baseAmount == 1)
  }

  @Test func `units are not checked for dimension`() {
    #expect(Dosage(amount: 1, unit: "g") == Dosage(amount: 1, unit: "L"))
    #expect(Dosage(amount: 1, unit: "g") == Dosage(amount: 1, unit: "pill"))
  }

  @Test func `converting between units uses the same prefixes`() {
    let converted = Dosage(amount: 2, unit: "g").inUnits("mg")
    #expect(converted.amount == 2000)
    #expect(converted.unit == "mg")
    #expect(Dosage(amount: 250, unit: "mg").inUnits("g").amount == 0.25)
    #expect(Dosage(amount: 3, unit: "pill").inUnits("tablet").amount == 3)
    #expect(Dosage(amount: 1, unit: "mL").inUnits("µL").description == "1000 µL")
  }

  @Test func `the average is expressed in the first dosage's unit`() throws {
    let dosages = [
      Dosage(amount: 1, unit: "L"), Dosage(amount: 20, unit: "dl"), Dosage(amount: 300, unit: "cl"),
      Dosage(amount: 4000, unit: "mL"), Dosage(amount: 5_000_000, unit: "µL"),
    ]
    let average = try #require(Dosage.average(dosages))
    #expect(average.description == "3 L")
    #expect(Dosage.average([]) == nil)
    #expect(Dosage.average([Dosage(amount: 5, unit: "mg")])?.description == "5 mg")
  }

  @Test func `non-finite amounts do not crash`() {
    let nan = Dosage(amount: .nan, unit: "mg")
    #expect(nan != nan)
    #expect(nan.description == "nan mg")
    #expect(Dosage(amount: .infinity, unit: "g").description == "inf g")
    #expect(Dosage(amount: -0.0, unit: "g") == Dosage(amount: 0, unit: "g"))
    #expect(Set([Dosage(amount: -0.0, unit: "g"), Dosage(amount: 0, unit: "mg")]).count == 1)
  }
}
