import DispatchKit
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `dispatch import` is one transaction (docs/import-export.md#dispatch-import-path): killing the
/// process with SIGKILL at any point leaves the store exactly as it was, and the write-ahead log it
/// leaves behind never brings the half-done import back when the store is reopened.
@Suite("import atomicity")
struct ImportAtomicityTests {
  /// `Tests/DispatchKitTests/Fixtures/reporter/v1x-export.json`, found from this file.
  static let smallFixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("DispatchKitTests/Fixtures/reporter/v1x-export.json").path

  /// A deterministic Reporter 2.x export of `count` snapshots, five responses each, large
  /// enough that a debug build spends seconds importing it.
  static func bigExport(snapshots count: Int) -> String {
    let prompts: [(prompt: String, type: Int)] = [
      ("What are you doing?", 0), ("Who are you with?", 4), ("Where are you?", 3),
      ("How many coffees did you have today?", 5), ("Are you working?", 2),
    ]
    let words = ["coding", "email", "reading", "cooking", "walking", "meeting", "gym"]
    func id(_ kind: Int, _ number: Int) -> String {
      String(format: "A70D%04X-0000-4000-8000-%012X", kind, number)
    }
    var text = "{\"questions\":["
    text += prompts.enumerated().map { index, entry in
      "{\"prompt\":\"\(entry.prompt)\",\"questionType\":\(entry.type),\"uniqueIdentifier\":\"\(id(1, index))\"}"
    }.joined(separator: ",")
    text += "],\"snapshots\":["
    // 2015-01-01T08:00:00-0500, one snapshot every three hours.
    let start = 1_420_117_200
    var snapshots: [String] = []
    snapshots.reserveCapacity(count)
    for index in 0..<count {
      let seconds = start + index * 10_800 + (index * 7_919) % 3_600
      let local = Date(timeIntervalSince1970: TimeInterval(seconds - 18_000))
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
      let parts = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: local)
      let date = String(
        format: "%04d-%02d-%02dT%02d:%02d:%02d-0500", parts.year ?? 0, parts.month ?? 0,
        parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
      let snapshot = id(2, index)
      var responses: [String] = []
      for (number, entry) in prompts.enumerated() {
        let response =
          "\"questionPrompt\":\"\(entry.prompt)\",\"uniqueIdentifier\":\"\(id(3, index * 8 + number))\""
        let word = words[(index + number) % words.count]
        switch number {
        case 0, 1:
          responses.append(
            "{\(response),\"tokens\":[{\"text\":\"\(word)\",\"uniqueIdentifier\":\"\(id(4, index * 8 + number))\"}]}"
          )
        case 2:
          responses.append("{\(response),\"locationResponse\":{\"text\":\"Place \(index % 9)\"}}")
        case 3: responses.append("{\(response),\"numericResponse\":\"\(index % 5)\"}")
        default:
          responses.append(
            "{\(response),\"answeredOptions\":[\"\(index % 2 == 0 ? "Yes" : "No")\"]}")
        }
      }
      snapshots.append(
        "{\"uniqueIdentifier\":\"\(snapshot)\",\"date\":\"\(date)\",\"reportImpetus\":2,\"battery\":0.5,\"connection\":1,\"steps\":\(index % 12_000),\"responses\":[\(responses.joined(separator: ","))]}"
      )
    }
    return text + snapshots.joined(separator: ",") + "]}"
  }

  /// What the store holds: row counts and the `reports list --json` output.
  struct State: Equatable {
    let counts: [Int]
    let listing: String
  }

  static func state(_ cli: CLISandbox, store: String) throws -> State {
    let database = try Database(path: store, mode: .readWrite)
    let integrity = try database.rows("PRAGMA integrity_check").first?.string(0)
    #expect(integrity == "ok")
    var counts: [Int] = []
    for table in ["reports", "responses", "questions", "people"] {
      counts.append(try database.scalarInt("SELECT count(*) FROM \(table)") ?? -1)
    }
    let listing = try cli.succeed(["reports", "list", "--json", "--store", store]).stdout
    return State(counts: counts, listing: listing)
  }

  /// Size of a file, 0 when missing.
  static func size(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
  }

  /// Starts `dispatch import big --store store`, waits until `killAt` says so, sends SIGKILL
  /// and returns how the process ended and whether it was still running at the kill.
  static func killedImport(
    _ cli: CLISandbox, big: String, store: String, killAt: () -> Void
  ) throws -> (reason: Process.TerminationReason, status: Int32) {
    let process = Process()
    process.executableURL = CLISandbox.executable
    process.arguments = ["import", big, "--store", store, "--json"]
    process.environment = cli.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    killAt()
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    return (process.terminationReason, process.terminationStatus)
  }

  @Test func `SIGKILL at any point of an import leaves the store exactly as before`() throws {
    let cli = try CLISandbox()
    let store = cli.path("store.sqlite")
    #expect(FileManager.default.fileExists(atPath: Self.smallFixture))
    try cli.succeed(["import", Self.smallFixture, "--store", store, "--json"])
    let before = try Self.state(cli, store: store)
    #expect(before.counts[0] == 25)
    #expect(before.counts[1] == 101)

    let big = cli.path("big.json")
    // Big enough that a debug import is still running after 1.5 s and spills into the -wal
    // mid-transaction (6,000 stopped being enough once parsing got fast).
    let snapshots = 20_000
    try Data(Self.bigExport(snapshots: snapshots).utf8).write(to: URL(fileURLWithPath: big))

    // Fixed delays (the early ones land while the file is read and parsed), then a kill
    // timed by the write-ahead log growing, i.e. inside the open write transaction.
    var kills: [(label: String, killAt: () -> Void)] = [100, 300, 700, 1_500].map { ms in
      ("after \(ms) ms", { usleep(useconds_t(ms * 1_000)) })
    }
    let wal = store + "-wal"
    let walPlan = "once the -wal grew past 1 MiB"
    kills.append(
      (
        walPlan,
        {
          let start = Self.size(wal)
          var waited = 0
          while Self.size(wal) < start + 1_048_576 && waited < 60_000 {
            usleep(2_000)
            waited += 2
          }
        }
      ))
    for plan in kills {
      let ended = try Self.killedImport(cli, big: big, store: store, killAt: plan.killAt)
      #expect(
        ended.reason == .uncaughtSignal && ended.status == SIGKILL,
        "\(plan.label): the import was not killed (it ended \(ended.reason), \(ended.status)); make the file bigger"
      )
      let leftover = Self.size(wal)
      if plan.label == walPlan {
        // The kill landed inside the write transaction: uncommitted pages were in the log.
        #expect(leftover > 1_048_576, "\(plan.label): -wal of \(leftover) bytes")
      }
      let after = try Self.state(cli, store: store)
      #expect(after.counts == before.counts, "\(plan.label), -wal of \(leftover) bytes")
      let sameListing = after.listing == before.listing
      #expect(sameListing, "\(plan.label): reports list --json changed")
      // Reopening again (the recovery above is done) and checkpointing keeps the old state.
      let database = try Database(path: store, mode: .readWrite)
      _ = try database.rows("PRAGMA wal_checkpoint(TRUNCATE)")
      #expect(try database.scalarInt("SELECT count(*) FROM reports") == before.counts[0])
    }

    // The store is still usable, and the big file imports in full when left alone.
    let summary = try cli.succeed(["import", big, "--store", store, "--json"])
    let counters =
      try JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any]
    #expect(counters?["reportsImported"] as? Int == snapshots, "\(summary)")
    let final = try Self.state(cli, store: store)
    #expect(final.counts[0] == before.counts[0] + snapshots)
  }

  @Test func `SIGKILL in the middle of an Apple Health import leaves the store as before`() throws {
    let cli = try CLISandbox()
    let store = cli.path("health.sqlite")
    let fixture = ImportCommandTests.fixture("apple-health/export.xml")
    try cli.succeed(["import", fixture, "--store", store, "--json"])
    func samples() throws -> Int {
      let database = try Database(path: store, mode: .readWrite)
      #expect(try database.rows("PRAGMA integrity_check").first?.string(0) == "ok")
      return try database.scalarInt("SELECT count(*) FROM health_samples") ?? -1
    }
    #expect(try samples() == 301)
    // A generated export big enough that a debug build is still writing it when killed.
    let big = cli.path("export.xml")
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
    var options = SyntheticHealthOptions()
    options.targetRecords = 150_000
    let manifest = try SyntheticHealthExport.write(options) {
      try handle.write(contentsOf: Data($0))
    }
    try handle.close()
    let wal = store + "-wal"
    for waitForLog in [false, true] {
      let ended = try Self.killedImport(cli, big: big, store: store) {
        if waitForLog {
          let start = Self.size(wal)
          var waited = 0
          while Self.size(wal) < start + 2_097_152 && waited < 60_000 {
            usleep(2_000)
            waited += 2
          }
        } else {
          usleep(400_000)
        }
      }
      #expect(ended.reason == .uncaughtSignal && ended.status == SIGKILL, "the import ended first")
      #expect(try samples() == 301, waitForLog ? "killed inside the transaction" : "killed early")
    }
    let summary = try ImportCommandTests.summary(
      try cli.succeed(["import", big, "--store", store, "--json"]))
    #expect(summary["recordsImported"] as? Int == manifest.distinctSamples)
  }
}
