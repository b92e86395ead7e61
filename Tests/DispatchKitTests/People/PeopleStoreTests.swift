import DispatchKit
import Foundation
import Testing

@testable import DispatchAnalytics
@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchRender
@testable import DispatchServices
@testable import DispatchStorage
@testable import DispatchSupport

/// Renaming, merging and removing people in a store: answers keep their text, and every
/// reader resolves names through the registry.
struct PeopleStoreTests {
  let store: DispatchStore
  private let reportIDs = SequentialIDGenerator(prefix: "report")

  init() throws {
    store = try DispatchStore(
      environment: RunEnvironment(
        clock: FixedWallClock(Instant(milliseconds: 0)), ids: SequentialIDGenerator()))
    try store.questions.seedDefaultQuestionsIfEmpty()
  }

  private func file(_ people: [String], at seconds: Int64 = 0, offset: Int = 0) throws {
    let id = reportIDs.makeID()
    let question = try store.questions.list().first { $0.prompt == "Who are you with?" }
    let response = Response(
      id: "\(id)-who", questionID: question?.id, questionPrompt: "Who are you with?",
      tokens: people.enumerated().map { TokenValue(id: "\(id)-who-\($0)", text: $1) })
    try store.reports.file(
      Report(
        id: id, date: Instant(milliseconds: seconds * 1000), timeZoneIdentifier: "UTC",
        utcOffsetSeconds: offset, responses: [response]))
  }

  private func names() throws -> [String] {
    try store.people.list().map { person in
      person.displayName
        + (person.alternateNames.isEmpty
          ? "" : "[" + person.alternateNames.joined(separator: ",") + "]")
        + " \(person.usageCount)"
    }.sorted()
  }

  @Test func `a rename heals history: old answers count for the new name`() throws {
    try file(["Bob"])
    try file(["Bob", "Ann"])
    let renamed = try store.people.renamePerson("bob", to: "Robert")
    #expect(renamed.displayName == "Robert")
    #expect(renamed.usageCount == 2)
    try file(["Robert"])
    #expect(try names() == ["Ann 1", "Robert[Bob] 3"])
    // Analyses read the current name.
    let resolver = AnswerResolver(
      questions: try store.questions.list(), people: try store.people.list())
    #expect(resolver.personName("BOB") == "Robert")
  }

  @Test func `renaming to somebody else's name is a conflict that suggests merging`() throws {
    try file(["Bob", "Robert"])
    #expect {
      try store.people.renamePerson("Bob", to: "robert")
    } throws: { error in
      (error as? DispatchError)?.kind == .conflict
        && "\(error)".contains("dispatch people merge \"Bob\" --into \"Robert\"")
    }
    #expect(try names() == ["Bob 1", "Robert 1"])
  }

  @Test func `queries find a person under any of their names`() throws {
    try file(["Bob"])
    try file(["Robert", "Ann"])
    try file(["José García"])
    try file(["Bobby"])
    func count(_ name: String) throws -> Int {
      let engine = try store.queries.queryEngine()
      return try engine.count(
        try engine.plan("reports where \"\(name)\" in answer(\"Who are you with?\")"))
    }
    #expect(try count("bob") == 1)
    #expect(try count("jose garcia") == 1)
    try store.people.mergePeople(["Bob"], into: "Robert")
    #expect(try count("bob") == 2)
    #expect(try count("ROBERT") == 2)
    #expect(try count("Bobby") == 1)
    try store.people.renamePerson("Bobby", to: "Rob")
    #expect(try count("bobby") == 1)
    #expect(try count("rob") == 1)
    try store.people.removePerson("robert")
    #expect(try count("bob") == 1)
    let engine = try store.queries.queryEngine()
    #expect(
      try engine.count(
        try engine.plan("reports where answer(\"Who are you with?\") has all (ann, robert)"))
        == 1)
  }

  @Test func `a store from before the name keys gets them from its registry`() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "names-\(UUID().uuidString).sqlite"
    ).path
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    do {
      let old = try DispatchStore(path: path, access: .write)
      try old.database.write { db in
        try Person(id: "p2", displayName: "Robert", alternateNames: ["Bob", "José"]).save(db)
        try Person(id: "p1", displayName: "bob").save(db)
        try db.execute("DROP TABLE person_names")
        try db.execute("DROP TABLE person_name_keys")
        try db.execute("DELETE FROM schema_migrations WHERE name = '0011-person-names'")
      }
    }
    let reopened = try DispatchStore(path: path, access: .write)
    let keys = try reopened.database.rows(
      "SELECT key, person_id FROM person_name_keys ORDER BY key"
    )
    .map { "\($0.string(0) ?? "") \($0.string(1) ?? "")" }
    // "bob" belongs to p1, the first by ID, though Robert lists Bob too.
    #expect(keys == ["bob p1", "jose p2", "robert p2"])
    let names = try reopened.database.rows(
      "SELECT name FROM person_names WHERE person_id = 'p2' ORDER BY name"
    ).map { $0.string(0) ?? "" }
    #expect(names == ["Bob", "José", "Robert", "bob", "jose", "robert"])
  }

  @Test func `merge leaves one person answering to every name`() throws {
    try file(["Robert"])
    try file(["Bobby"])
    try file(["Bobster", "Robert"])
    let merged = try store.people.mergePeople(["bobby", "Bobster"], into: "Robert")
    #expect(merged.alternateNames == ["Bobby", "Bobster"])
    #expect(try names() == ["Robert[Bobby,Bobster] 4"])
    #expect(try store.people.person(matching: "BOBSTER").id == merged.id)
  }

  @Test func `merging a person into themself or twice is refused`() throws {
    try file(["Robert", "Bob"])
    #expect(throws: DispatchError.self) { try store.people.mergePeople(["robert"], into: "Robert") }
    #expect(throws: DispatchError.self) {
      try store.people.mergePeople(["Bob", "bob"], into: "Robert")
    }
    #expect(try names() == ["Bob 1", "Robert 1"])
  }

  @Test func `remove deletes the entry only; answered names come back plain`() throws {
    try file(["Bob"])
    try store.people.renamePerson("Bob", to: "Robert")
    try store.people.removePerson("robert")
    #expect(try names() == ["Bob 1"])
    #expect(try store.reports.list().first?.responses.first?.tokens?.map(\.text) == ["Bob"])
  }

  @Test func `unknown people get a suggestion`() throws {
    try file(["Maya"])
    #expect {
      try store.people.person(matching: "Mya")
    } throws: { error in
      "\(error)" == "nobody in the registry is called 'Mya'; did you mean 'Maya'?"
    }
  }

  @Test func `a person is found by ID or an ID prefix of four characters`() throws {
    try file(["Maya"])
    let maya = try #require(try store.people.list().first)
    #expect(try store.people.person(matching: maya.id).displayName == "Maya")
    #expect(try store.people.person(matching: String(maya.id.prefix(4)).lowercased()).id == maya.id)
    #expect(throws: DispatchError.self) {
      try store.people.person(matching: String(maya.id.prefix(3)))
    }
  }

  @Test func `mentions count every name, per question, first and last in their own zone`() throws {
    try file(["Bob"], at: 100, offset: 3600)
    try file(["Robert", "Ann"], at: 200, offset: -18_000)
    try file(["bob"], at: 300)
    try store.people.mergePeople(["Bob"], into: "Robert")
    let mentions = try store.people.mentions(of: try store.people.person(matching: "robert"))
    #expect(mentions.count == 3)
    #expect(mentions.names.map(\.text) == ["Bob", "Robert", "bob"])
    #expect(mentions.questions == [PersonMentions.Tally(text: "Who are you with?", count: 3)])
    #expect(mentions.first == Instant(milliseconds: 100_000))
    #expect(mentions.firstOffsetSeconds == 3600)
    #expect(mentions.last == Instant(milliseconds: 300_000))
  }

  @Test func `suggestions list people once, then contacts nobody answers to`() throws {
    try file(["Robert", "Robert"])
    try store.people.renamePerson("Robert", to: "Bob")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "contacts-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let card = """
      BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Roberta Díaz\r\nEND:VCARD\r\n\
      BEGIN:VCARD\r\nVERSION:3.0\r\nFN:robert\r\nEND:VCARD\r\n\
      BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Rosa\r\nEND:VCARD\r\n
      """
    try card.write(to: folder.appendingPathComponent("a.vcf"), atomically: true, encoding: .utf8)
    #expect(try store.people.setContactsPath(folder.path) == 3)
    // "robert" is Bob's alternate, so the contact is the registry person, shown once.
    #expect(try store.people.peopleSuggestions(matching: "ro") == ["Bob", "Roberta Díaz", "Rosa"])
    #expect(
      try store.people.peopleSuggestions(matching: "ro", limit: 2) == ["Bob", "Roberta Díaz"])
    #expect(try store.people.suggestions(for: .people, matching: "diaz") == ["Roberta Díaz"])
    try store.people.setContactsPath(nil)
    #expect(try store.people.peopleSuggestions(matching: "ro") == ["Bob"])
  }

  @Test func `a contacts path that does not exist is refused`() throws {
    #expect(throws: DispatchError.self) {
      try store.people.setContactsPath("/nonexistent/contacts.vcf")
    }
    #expect(try store.people.contactsPath() == nil)
  }
}
