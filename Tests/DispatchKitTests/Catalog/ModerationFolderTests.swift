import DispatchKit
import Foundation
import Testing

/// The moderation folder behind `dispatch-mod` (docs/catalog.md#moderation-with-dispatch-mod).
struct ModerationFolderTests {
  let directory: TemporaryDirectory
  let folder: ModerationFolder
  let now = Instant(milliseconds: 1_783_000_000_000)

  init() throws {
    directory = try TemporaryDirectory()
    folder = ModerationFolder(root: URL(fileURLWithPath: directory.path))
  }

  /// Writes a pending submission of `prompts` as set `setID`.
  @discardableResult
  func submit(
    _ id: String, set setID: String, prompts: [String], by submitter: String = "s1",
    minute: Int64 = 0
  )
    throws -> CatalogSubmission
  {
    let set = CatalogSet(
      id: setID, title: "Set \(setID)", summary: "S",
      questions: prompts.map { CatalogQuestion(prompt: $0, type: .note) })
    let submission = CatalogSubmission(
      id: id, submittedAt: now.adding(seconds: minute * 60), submitter: submitter, set: set)
    try FileManager.default.createDirectory(
      at: folder.submissionsFolder, withIntermediateDirectories: true)
    try Data(submission.jsonText.utf8).write(
      to: folder.submissionsFolder.appendingPathComponent(id + ".json"))
    return submission
  }

  @Test func `the listing marks duplicates of the catalog and of older pending submissions`() throws
  {
    try submit("bbbb", set: "two", prompts: ["Fresh?", "Other?"], minute: 2)
    try submit("aaaa", set: "one", prompts: ["Fresh", "Slept well?"], minute: 1)
    try folder.approve("aaaa", now: now)
    try submit("cccc", set: "three", prompts: ["other", "Unique"], by: "s2", minute: 3)
    let listing = try folder.listing()
    #expect(listing.pending.map(\.submission.id) == ["bbbb", "cccc"])
    #expect(
      listing.pending[0].duplicates == [
        .init(question: 1, prompt: "Fresh?", target: .catalog(setID: "one"))
      ])
    #expect(
      listing.pending[1].duplicates == [
        .init(question: 1, prompt: "other", target: .pending(submissionID: "bbbb"))
      ])
  }

  @Test func `submitters above the flood threshold are marked`() throws {
    for number in 0..<3 {
      try submit(
        "f\(number)", set: "f\(number)", prompts: ["P\(number)"], by: "flooder",
        minute: Int64(number))
    }
    try submit("q", set: "q", prompts: ["Q"], by: "quiet", minute: 9)
    let listing = try folder.listing(floodThreshold: 2)
    #expect(
      listing.submitters == [
        .init(submitter: "flooder", count: 3, isFlood: true),
        .init(submitter: "quiet", count: 1, isFlood: false),
      ])
    #expect(try folder.listing().submitters.allSatisfy { !$0.isFlood })
  }

  @Test func `approve refuses a duplicate unless allowed, and stamps the set`() throws {
    try submit("aaaa", set: "one", prompts: ["Sleep well?"])
    try folder.approve("aaaa", now: now)
    try submit("bbbb", set: "two", prompts: ["sleep WELL"], minute: 1)
    let error = #expect(throws: CatalogError.self) { try folder.approve("bb", now: now) }
    #expect(error?.kind == .conflict)
    #expect(
      error?.message
        == "submission bbbb: question 1 'sleep WELL' duplicates set 'one'; pass --allow-duplicate to approve it anyway"
    )
    let approved = try folder.approve(
      "bb", tags: ["Sleep", " night"], allowDuplicate: true, now: now)
    #expect(approved.set.approvedAt == now && approved.set.tags == ["sleep", "night"])
    #expect(
      !FileManager.default.fileExists(
        atPath: folder.submissionsFolder.appendingPathComponent("bbbb.json").path))
    let stored = try CatalogSubmission.parse(
      Array(try Data(contentsOf: folder.approvedFolder.appendingPathComponent("bbbb.json"))),
      file: "x")
    #expect(stored == approved)
  }

  @Test func `approve refuses a taken set ID and unknown or ambiguous references`() throws {
    try submit("aaaa", set: "one", prompts: ["A"])
    try folder.approve("aaaa", now: now)
    try submit("ab01", set: "one", prompts: ["B"], minute: 1)
    try submit("ab02", set: "two", prompts: ["C"], minute: 2)
    #expect(throws: CatalogError.self) { try folder.approve("ab01", now: now) }
    #expect(try folder.approve("ab01", newID: "one-more", now: now).set.id == "one-more")
    try submit("ab03", set: "three", prompts: ["D"], minute: 3)
    let ambiguous = #expect(throws: CatalogError.self) { try folder.approve("ab", now: now) }
    #expect(ambiguous?.message == "'ab' matches 2 pending submissions; give more of the ID")
    let unknown = #expect(throws: CatalogError.self) { try folder.approve("zz", now: now) }
    #expect(unknown?.kind == .unknownReference)
  }

  @Test func `reject records the time and reason`() throws {
    try submit("aaaa", set: "one", prompts: ["A"])
    #expect(throws: CatalogError.self) { try folder.reject("aaaa", reason: " ", now: now) }
    try folder.reject("aaaa", reason: "Off topic", now: now)
    let text = try String(
      contentsOf: folder.rejectedFolder.appendingPathComponent("aaaa.json"), encoding: .utf8)
    #expect(
      text.contains(#""rejectionReason": "Off topic""#)
        && text.contains(#""rejectedAt": "\#(now.iso8601)""#))
    #expect(try folder.listing().pending.isEmpty)
  }

  @Test func `publish bumps the version, adds approved sets and writes a readable index`() throws {
    #expect(try folder.publish(now: now).publishedSetIDs.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder.indexFile.path))
    try submit("aaaa", set: "one", prompts: ["A"])
    try submit("bbbb", set: "two", prompts: ["B"], minute: 1)
    try folder.approve("bbbb", now: now)
    try folder.approve("aaaa", now: now.adding(seconds: 1))
    let first = try folder.publish(now: now.adding(seconds: 60))
    #expect(first.index.version == 1 && first.publishedSetIDs == ["two", "one"])
    #expect(try TemporaryDirectory.permissions(of: folder.indexFile.path) == 0o644)
    try submit("cccc", set: "three", prompts: ["C"], minute: 2)
    try folder.approve("cccc", now: now)
    let second = try folder.publish(now: now.adding(seconds: 120))
    #expect(second.index.version == 2 && second.index.sets.map(\.id) == ["two", "one", "three"])
    let read = try #require(try folder.publishedIndex())
    #expect(read == second.index && read.generatedAt == now.adding(seconds: 120))
    #expect(
      CatalogFilesInFolder.names(folder.publishedFolder) == ["aaaa.json", "bbbb.json", "cccc.json"])
    #expect(CatalogFilesInFolder.names(folder.approvedFolder).isEmpty)
  }

  @Test func `validate names what a file is`() throws {
    let submission = try submit("aaaa", set: "one", prompts: ["A", "B"])
    #expect(
      try ModerationFolder.validate(Array(submission.jsonText.utf8), file: "s.json")
        == "a valid submission of set 'one' with 2 questions")
    #expect(
      try ModerationFolder.validate(Array(try StarterCatalog.index().jsonText.utf8), file: "i.json")
        == "a valid catalog index, version 1, with 5 sets and 40 questions")
    #expect(
      try ModerationFolder.validate(Array(submission.set.jsonText.utf8), file: "set.json")
        == "a valid set 'one' with 2 questions")
  }
}

/// File names in a folder, for assertions.
enum CatalogFilesInFolder {
  static func names(_ folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
      !$0.hasPrefix(".")
    }.sorted()
  }
}
