import DispatchKit
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// The registry's rename, merge and resolution rules (docs/people.md#the-rules,
/// docs/people.md#reference-vectors).
struct PersonRegistryTests {
  @Test func `renaming Bob to Robert keeps Bob as the alternate`() throws {
    let bob = Person(id: "p1", displayName: "Bob")
    let robert = try PersonRegistry.renamed(bob, to: "Robert")
    #expect(robert.displayName == "Robert")
    #expect(robert.alternateNames == ["Bob"])
  }

  @Test func `renaming back and forth never duplicates a name`() throws {
    var person = Person(id: "p1", displayName: "Bob")
    for name in ["Robert", "Bob", "Robert", "  Bob ", "ROBERT"] {
      person = try PersonRegistry.renamed(person, to: name)
    }
    #expect(person.displayName == "ROBERT")
    #expect(person.alternateNames == ["Bob"])
  }

  @Test func `renaming to an alternate swaps the names`() throws {
    let robert = Person(id: "p1", displayName: "Robert", alternateNames: ["Bob"])
    let renamed = try PersonRegistry.renamed(robert, to: "Bob")
    #expect(renamed.displayName == "Bob")
    #expect(renamed.alternateNames == ["Robert"])
  }

  @Test func `an empty new name is refused`() {
    #expect(throws: DispatchError.self) {
      try PersonRegistry.renamed(Person(id: "p1", displayName: "Bob"), to: "   ")
    }
  }

  @Test func `merge unions the names, sums uses and keeps the larger question count`() {
    let bobby = Person(
      id: "p2", displayName: "Bobby", alternateNames: ["Bobster", "bob"], usageCount: 3,
      questionCount: 1)
    let robert = Person(
      id: "p1", displayName: "Robert", alternateNames: ["Bob"], usageCount: 5, questionCount: 2)
    let merged = PersonRegistry.merged(bobby, into: robert)
    #expect(merged.id == "p1")
    #expect(merged.displayName == "Robert")
    #expect(merged.alternateNames == ["Bob", "Bobby", "Bobster"])
    #expect(merged.usageCount == 8)
    #expect(merged.questionCount == 2)
  }

  @Test func `names resolve ignoring case and accents`() {
    let people = [
      Person(id: "a", displayName: "José García"),
      Person(id: "b", displayName: "Robert", alternateNames: ["Bob"]),
    ]
    #expect(PersonRegistry.resolve("jose garcia", in: people)?.id == "a")
    #expect(PersonRegistry.resolve("  BOB ", in: people)?.id == "b")
    #expect(PersonRegistry.resolve("", in: people) == nil)
    #expect(PersonRegistry.resolve("Roberta", in: people) == nil)
  }

  @Test func `the first person by ID owns a name two entries claim`() {
    let people = [
      Person(id: "a", displayName: "Sam"),
      Person(id: "b", displayName: "Samuel", alternateNames: ["sam"]),
    ]
    #expect(PersonRegistry.resolve("SAM", in: people)?.id == "a")
  }
}
