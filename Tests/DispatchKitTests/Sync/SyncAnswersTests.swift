import DispatchKit
import Foundation
import Testing

@testable import DispatchCore
@testable import DispatchFeatures
@testable import DispatchStorage
@testable import DispatchSupport

/// A report merges answer by answer (docs/sync.md#answers): two devices that edit different
/// answers of one report, or one its kind and the other an answer, each keep theirs; the same
/// answer edited on two devices keeps the later edit; and an edit made before hearing of a
/// deletion brings the report back the same on every device.
@Suite(.serialized) struct SyncAnswersTests {
  typealias Device = SyncEngineTests.Device

  private static let questions = ["q1", "q2", "q3", "q4"]

  /// A report answering `answers` (question → text), each answer's ID derived from both.
  private static func report(_ id: String, _ answers: [String: String]) -> Report {
    Report(
      id: id, date: Instant(milliseconds: 1_780_000_000_000), timeZoneIdentifier: "Europe/Lisbon",
      utcOffsetSeconds: 3_600,
      responses: answers.sorted { $0.key < $1.key }.map { question, text in
        answer(id, question, text)
      })
  }

  private static func answer(_ report: String, _ question: String, _ text: String) -> Response {
    Response(
      id: "\(report)-\(question)", questionID: question, questionPrompt: "Question \(question)?",
      notes: [TokenValue(id: "\(report)-\(question)-n", text: text)])
  }

  /// `device`'s report `id` with the answer to `question` set to `text` (nil: removed).
  private static func edit(_ device: Device, _ id: String, _ question: String, _ text: String?)
    throws
  {
    guard var report = try device.store.reports.list(ReportSelection(id: id)).first else { return }
    report.responses.removeAll { $0.questionID == question }
    if let text { report.responses.append(answer(id, question, text)) }
    try device.store.reports.file(report)
  }

  /// The report's answers as question → text, or nil when it is not in `device`'s store.
  private static func answers(_ device: Device, _ id: String) throws -> [String: String]? {
    guard let report = try device.store.reports.list(ReportSelection(id: id)).first else {
      return nil
    }
    return Dictionary(
      uniqueKeysWithValues: report.responses.map { ($0.questionID ?? "", $0.summary) })
  }

  private static func devices(_ folder: TemporaryDirectory, _ names: [String]) throws -> [Device] {
    try names.map { try Device(folder, name: $0, skew: 0, sync: folder.file("sync")) }
  }

  @Test func `two devices editing different answers of one report both keep theirs`() throws {
    let folder = try TemporaryDirectory()
    let (a, b) = try Self.devices(folder, ["a", "b"]).pair
    try a.store.reports.file(Self.report("r", ["q1": "one", "q2": "two", "q3": "three"]))
    _ = try a.engine.run()
    _ = try b.engine.run()
    // Neither hears of the other's edit before making its own; b edits later.
    a.tick(1_000)
    try Self.edit(a, "r", "q1", "one, on a")
    try Self.edit(a, "r", "q4", "four, added on a")
    b.tick(5_000)
    try Self.edit(b, "r", "q2", "two, on b")
    try Self.edit(b, "r", "q3", nil)
    let written = try a.engine.run()
    #expect(written.written == 1)
    _ = try b.engine.run()
    _ = try a.engine.run()
    let expected = ["q1": "one, on a", "q2": "two, on b", "q4": "four, added on a"]
    for device in [a, b] { #expect(try Self.answers(device, "r") == expected) }
    #expect(try a.reports() == b.reports())
    // The same answer edited on both: the later edit wins, the others stay.
    a.tick(20_000)
    try Self.edit(a, "r", "q1", "one, later on a")
    b.tick(1_000)
    try Self.edit(b, "r", "q1", "one, earlier on b")
    try Self.edit(b, "r", "q2", "two, again on b")
    for device in [b, a, b] { _ = try device.engine.run() }
    for device in [a, b] {
      #expect(
        try Self.answers(device, "r")
          == ["q1": "one, later on a", "q2": "two, again on b", "q4": "four, added on a"])
    }
    // Once agreed, another run changes and writes nothing.
    for device in [a, b] {
      let again = try device.engine.run()
      #expect(again.written == 0 && again.applied == 0)
    }
  }

  @Test func `a change of kind on one device and of an answer on the other both stay`() throws {
    let folder = try TemporaryDirectory()
    let (a, b) = try Self.devices(folder, ["a", "b"]).pair
    try a.store.reports.file(Self.report("r", ["q1": "one", "q2": "two"]))
    for device in [a, b] { _ = try device.engine.run() }
    var report = try #require(try a.store.reports.list().first)
    report.kind = .wake
    try a.store.reports.file(report)
    b.tick(3_000)
    try Self.edit(b, "r", "q2", "two, on b")
    for device in [a, b, a] { _ = try device.engine.run() }
    for device in [a, b] {
      let merged = try #require(try device.store.reports.list().first)
      #expect(merged.kind == .wake)
      #expect(try Self.answers(device, "r") == ["q1": "one", "q2": "two, on b"])
    }
  }

  @Test
  func `an edit made before hearing of a deletion brings the report back the same everywhere`()
    throws
  {
    let folder = try TemporaryDirectory()
    let (a, b, c) = try Self.devices(folder, ["a", "b", "c"]).triple
    try a.store.reports.file(Self.report("r", ["q1": "one", "q2": "two", "q3": "three"]))
    for device in [a, b, c] { _ = try device.engine.run() }
    // c edits q2, a hears of it and deletes the report; b, having heard of neither, edits q1
    // after the deletion.
    c.tick(1_000)
    try Self.edit(c, "r", "q2", "two, on c")
    _ = try c.engine.run()
    _ = try a.engine.run()
    a.tick(2_000)
    try a.store.write { try $0.removeReportKeepingSyncState(id: "r") }
    _ = try a.engine.run()
    b.tick(9_000)
    try Self.edit(b, "r", "q1", "one, on b")
    _ = try b.engine.run()
    for device in [c, a, b, c, a] { _ = try device.engine.run() }
    let expected = ["q1": "one, on b", "q2": "two, on c", "q3": "three"]
    for device in [a, b, c] { #expect(try Self.answers(device, "r") == expected) }
    #expect(try a.reports() == b.reports())
    #expect(try a.reports() == c.reports())
    // A deletion later than every edit removes it everywhere.
    c.tick(60_000)
    try c.store.write { try $0.removeReportKeepingSyncState(id: "r") }
    for device in [c, a, b] { _ = try device.engine.run() }
    for device in [a, b, c] { #expect(try Self.answers(device, "r") == nil) }
  }

  @Test func `a report imported again without an answer loses it on the other device too`()
    throws
  {
    let folder = try TemporaryDirectory()
    let (a, b) = try Self.devices(folder, ["a", "b"]).pair
    func importing(_ report: Report) throws {
      _ = try a.store.imports.importBatches([
        ImportBatch(path: "export.json", format: .dispatchV2, reports: [report])
      ])
    }
    try importing(Self.report("r", ["q1": "one", "q2": "two", "q3": "three"]))
    for device in [a, b] { _ = try device.engine.run() }
    // b edits q3 meanwhile; the export imported again changed q1 and no longer has q2.
    b.tick(1_000)
    try Self.edit(b, "r", "q3", "three, on b")
    a.tick(5_000)
    try importing(Self.report("r", ["q1": "one, re-exported", "q3": "three"]))
    for device in [a, b, a] { _ = try device.engine.run() }
    for device in [a, b] {
      #expect(try Self.answers(device, "r") == ["q1": "one, re-exported", "q3": "three, on b"])
    }
  }

  @Test func `random answer edits, kinds and deletions on three devices end in one history`()
    throws
  {
    let folder = try TemporaryDirectory()
    let devices = try [("a", 3_600_000), ("b", 0), ("c", -600_000)].map {
      try Device(folder, name: $0.0, skew: Int64($0.1), sync: folder.file("sync"))
    }
    let seed = ProcessInfo.processInfo.environment["SYNC_SEED"].flatMap(UInt64.init) ?? 1_900
    var random = SplitMix64(seed: seed)
    var ids: [String] = []
    for step in 0..<800 {
      let device = devices[Int.random(in: 0..<3, using: &random)]
      device.tick(Int64.random(in: 1...90_000, using: &random))
      let id = ids.isEmpty ? "" : ids[Int.random(in: 0..<ids.count, using: &random)]
      switch Int.random(in: 0..<12, using: &random) {
      case 0..<2:
        ids.append("r\(step)")
        try device.store.reports.file(Self.report("r\(step)", ["q1": "filed \(step)"]))
      case 2..<6 where !id.isEmpty:
        let question = Self.questions[Int.random(in: 0..<4, using: &random)]
        let removes = Int.random(in: 0..<5, using: &random) == 0
        try Self.edit(device, id, question, removes ? nil : "\(device.name) \(step)")
      case 6 where !id.isEmpty:
        if var report = try device.store.reports.list(ReportSelection(id: id)).first {
          report.kind = [.regular, .wake, .sleep][Int.random(in: 0..<3, using: &random)]
          try device.store.reports.file(report)
        }
      case 7 where !id.isEmpty:
        if try device.store.reports.contains(id) {
          try device.store.write { try $0.removeReportKeepingSyncState(id: id) }
        }
      default:
        _ = try device.engine.run()
      }
    }
    for _ in 0..<2 { for device in devices { _ = try device.engine.run() } }
    let first = try devices[0].reports()
    #expect(first.count > 20)
    for device in devices.dropFirst() { #expect(try device.reports() == first, "seed \(seed)") }
    for device in devices {
      let again = try device.engine.run()
      #expect(again.written == 0 && again.applied == 0)
    }
  }

  @Test func `joining report states is commutative, associative and idempotent`() throws {
    // Random states of one report, as changes make them: what a stamp wrote is one thing (a
    // deletion, an answer's text or its removal, a kind), whichever state holds it.
    var random = SplitMix64(seed: 7)
    func stamp(upTo milliseconds: Int64) -> SyncStamp {
      SyncStamp(
        milliseconds: Int64.random(in: 1...milliseconds, using: &random), counter: 0,
        device: ["a", "b", "c"][Int.random(in: 0..<3, using: &random)])
    }
    func state() -> ReportSyncState {
      let record = stamp(upTo: 8)
      guard record.milliseconds % 5 != 0 else {
        // A deletion, as a change carries it or as a store keeps it without the content,
        // knowing an answer was removed before.
        var deleted = ReportSyncState(SyncChange(stamp: record, id: "r", report: nil))
        let removed = stamp(upTo: record.milliseconds)
        if Bool.random(using: &random), removed.milliseconds % 4 == 1 {
          deleted.cleared["q4"] = removed
        }
        return deleted
      }
      var answers: [String: String] = [:]
      var older = ReportFieldStamps()
      for (index, question) in Self.questions.enumerated() {
        let field = Bool.random(using: &random) ? record : stamp(upTo: record.milliseconds)
        guard field < record || field == record, Int.random(in: 0..<3, using: &random) > 0 else {
          continue
        }
        if (field.milliseconds + Int64(index)) % 4 == 0 {
          older.cleared[question] = field
        } else {
          answers[question] = "\(question) \(field)"
          if field != record { older.older[question] = field }
        }
      }
      let base = Bool.random(using: &random) ? record : stamp(upTo: record.milliseconds)
      if base != record { older.older[ReportFields.base] = base }
      var report = Self.report("r", answers)
      report.kind = [.regular, .wake, .sleep][Int(base.milliseconds % 3)]
      report.sourceDeviceName = base.device
      return ReportSyncState(report, stamp: record, older: older)
    }
    for _ in 0..<500 {
      let (x, y, z) = (state(), state(), state())
      #expect(x.joined(with: y) == y.joined(with: x))
      #expect(x.joined(with: y).joined(with: z) == x.joined(with: y.joined(with: z)))
      #expect(x.joined(with: x) == x)
      #expect(x.joined(with: y).joined(with: y) == x.joined(with: y))
    }
  }

  @Test func `a report Dispatch filed travels with one random ID, the others derived again`()
    throws
  {
    let store = try DispatchStore()
    _ = try store.questions.seedDefaultQuestionsIfEmpty()
    let composer = ReportComposer(store: store, environment: RunEnvironment.current)
    let questions = try composer.questions(for: .regular)
    let working = try #require(questions.first { $0.type == .yesNo })
    let doing = try #require(questions.first { $0.type == .tokens })
    var report = composer.compose(
      kind: .regular, trigger: .manual, questions: questions,
      answers: [working.id: .options(["Yes"]), doing.id: .tokens(["coding", "tea"])])
    report.responses.sort { $0.id < $1.id }
    let stamp = SyncStamp(milliseconds: 9, counter: 0, device: "a")
    let line = SyncChange(stamp: stamp, id: report.id, report: report).line
    #expect(line.contains(#""derivedIDs":true"#))
    for response in report.responses {
      #expect(!line.contains(response.id), "\(response.questionPrompt)")
      for token in response.tokens ?? [] { #expect(!line.contains(token.id)) }
    }
    #expect(try SyncChange(line: Array(line.utf8)).report == report)
    // An imported report keeps its own IDs on the line, an empty one included.
    var imported = Self.report("r", ["q1": "one", "q2": "two"])
    imported.responses[1].notes?[0].id = ""
    let importedLine = SyncChange(stamp: stamp, id: "r", report: imported).line
    #expect(!importedLine.contains("derivedIDs") && importedLine.contains("r-q1"))
    #expect(try SyncChange(line: Array(importedLine.utf8)).report == imported)
  }

  @Test func `an edit's line carries its older fields, and malformed ones are refused`() throws {
    let stamp = SyncStamp(milliseconds: 9, counter: 0, device: "a")
    let older = ReportFieldStamps(
      older: ["": SyncStamp(milliseconds: 5, counter: 1, device: "b")],
      cleared: ["q2": SyncStamp(milliseconds: 7, counter: 0, device: "a")])
    let change = SyncChange(
      stamp: stamp, id: "r", report: Self.report("r", ["q1": "one"]), fieldStamps: older)
    #expect(change.line.contains(#""fields":{"older":{"":"0000000000000005-00000001-b"}"#))
    #expect(try SyncChange(line: Array(change.line.utf8)) == change)
    let record = change.line.components(separatedBy: #","fields""#)[0]
    for (fields, message) in [
      (#"[]"#, "fields is not an object"), (#"{"older": 3}"#, "fields.older is not an object"),
      (#"{"cleared": {"q1": "soon"}}"#, "fields.cleared.q1 is not a stamp"),
    ] {
      let line = record + #","fields":"# + fields + "}"
      #expect(throws: SyncChangeError.self) { try SyncChange(line: Array(line.utf8)) }
      do {
        _ = try SyncChange(line: Array(line.utf8))
      } catch {
        #expect(error.description == message)
      }
    }
  }
}

extension Array {
  fileprivate var pair: (Element, Element) { (self[0], self[1]) }
  fileprivate var triple: (Element, Element, Element) { (self[0], self[1], self[2]) }
}
