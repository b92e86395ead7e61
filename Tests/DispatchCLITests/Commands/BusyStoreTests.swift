import DispatchKit
import Foundation
import Testing

/// A person's answers while another process holds the store (an import writing for seconds):
/// the command waits, and when it cannot wait any longer it keeps the answers for the next run.
struct BusyStoreTests {
  let sandbox: CLISandbox
  var store: String { sandbox.path("store.sqlite") }

  init() throws {
    sandbox = try CLISandbox()
    try sandbox.succeed(["init", "--store", store])
  }

  /// A `sqlite3` shell holding the store's write lock, as an import does, until `release` is
  /// called on the returned handle; it holds the lock by the time this returns.
  private func holdLock() throws -> LockHolder {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [store]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The shell keeps the transaction open while it waits for more input.
    input.fileHandleForWriting.write(
      Data("BEGIN IMMEDIATE;\nINSERT INTO settings VALUES ('lock', 'held');\n".utf8))
    let holder = LockHolder(process: process, input: input.fileHandleForWriting)
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let probe = try sandbox.run(
        ["settings", "set", "prompts-per-day", "6", "--store", store],
        environment: ["DISPATCH_LOCK_WAIT": "0"])
      if probe.status != 0 { return holder }
      usleep(50_000)
    }
    holder.release()
    throw CocoaError(.fileLocking, userInfo: ["reason": "the sqlite3 shell never took the lock"])
  }

  /// The shell holding the lock.
  struct LockHolder: Sendable {
    let process: Process
    let input: FileHandle

    /// Rolls the transaction back and waits for the shell to end.
    func release() {
      try? input.write(contentsOf: Data("ROLLBACK;\n".utf8))
      try? input.close()
      process.waitUntilExit()
    }
  }

  @Test func `a report filed while the store is locked for seven seconds waits and is filed`()
    throws
  {
    let holder = try holdLock()
    DispatchQueue.global().asyncAfter(deadline: .now() + 7) { holder.release() }
    let started = Date()
    try sandbox.succeed(["report", "--answer", "Are you working?=yes", "--store", store])
    #expect(Date().timeIntervalSince(started) > 6)
    let list = try sandbox.succeed(["reports", "list", "--json", "--store", store])
    #expect(list.stdout.contains("Are you working?"))
  }

  @Test func `answers that cannot wait are kept, exit 75, and filed with their own time later`()
    throws
  {
    let holder = try holdLock()
    let kept = try sandbox.run(
      ["mood", "7", "--store", store],
      environment: ["DISPATCH_LOCK_WAIT": "0.5", "DISPATCH_NOW": "2026-03-04T09:30:00Z"])
    #expect(kept.status == 75, "\(kept)")
    #expect(kept.stderr.contains("kept in"))
    let spool = store + ".spool"
    let files = try FileManager.default.contentsOfDirectory(atPath: spool)
    #expect(files.count == 1)
    let attributes = try FileManager.default.attributesOfItem(atPath: spool + "/" + files[0])
    #expect((attributes[.posixPermissions] as? Int) == 0o600)

    holder.release()
    let list = try sandbox.run(["mood", "list", "--json", "--store", store])
    #expect(list.status == 0, "\(list)")
    #expect(list.stderr.contains("filed 1 kept command"))
    #expect(list.stdout.contains("2026-03-04T09:30:00"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: spool).isEmpty)
    // Filed once: another run finds nothing left to file.
    let again = try sandbox.succeed(["mood", "list", "--json", "--store", store])
    #expect(again.stdout == list.stdout)
  }

  @Test func `a kept file that cannot be read is set aside and named, never dropped silently`()
    throws
  {
    let spool = store + ".spool"
    try FileManager.default.createDirectory(atPath: spool, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: URL(fileURLWithPath: spool + "/1-damaged.json"))
    let run = try sandbox.run(["mood", "7", "--store", store])
    #expect(run.status == 0, "\(run)")
    #expect(run.stderr.contains("could not be read (damaged or not Dispatch's) and was set aside"))
    #expect(run.stderr.contains("1-damaged.json.failed"))
    #expect(FileManager.default.fileExists(atPath: spool + "/1-damaged.json.failed"))
  }

  @Test func `piped survey answers are kept as answers, not as a survey to ask again`() throws {
    let holder = try holdLock()
    let kept = try sandbox.run(
      ["report", "--store", store], stdin: "yes\nreading\n",
      environment: ["DISPATCH_LOCK_WAIT": "0.5"])
    #expect(kept.status == 75, "\(kept)")
    holder.release()
    let list = try sandbox.succeed(["reports", "list", "--json", "--store", store])
    #expect(list.stdout.contains("reading"))
  }
}
