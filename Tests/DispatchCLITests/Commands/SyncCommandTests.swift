import Foundation
import Testing

/// `dispatch sync` end to end: two stores sharing one folder, as two devices whose folder
/// Syncthing keeps in step.
@Suite("sync")
struct SyncCommandTests {
  @Test func `setup, sync both ways, status, and the errors a new user meets`() throws {
    let cli = try CLISandbox()
    let folder = cli.root + "/Sync"
    let laptop: [String: String?] = ["DISPATCH_STORE": cli.root + "/laptop.sqlite"]
    let desk: [String: String?] = ["DISPATCH_STORE": cli.root + "/desk.sqlite"]
    for store in [laptop, desk] {
      try cli.succeed(
        ["questions", "add", "How happy are you?", "--type", "number"], environment: store)
    }
    try cli.succeed(["report", "--answer", "How happy are you?=7"], environment: laptop)
    #expect(
      try cli.succeed(["sync", "status"], environment: laptop).stdout
        == "Sync is not set up: dispatch sync setup --folder DIR\n")
    try cli.fail(["sync"], status: 64, message: "sync is not set up", environment: laptop)
    try cli.fail(
      ["sync", "setup"], status: 64, message: "give the synced folder", environment: laptop)
    let setUp = try cli.succeed(
      ["sync", "setup", "--folder", folder, "--device-name", "Laptop"], environment: laptop)
    #expect(setUp.stdout.hasPrefix("This store is device 'laptop-"))
    #expect(
      try cli.succeed(["sync"], environment: laptop).stdout
        == "Wrote 1 report, 1 question (segment 1); merged 0 of 0 changes from other devices.\n")
    try cli.succeed(
      ["sync", "setup", "--folder", folder, "--device-name", "Desk"], environment: desk)
    let merged = try cli.succeed(["sync", "--json"], environment: desk).stdout
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(merged.utf8)) as? [String: Any])
    // The desk's own question, added alike on both devices, becomes one with the laptop's.
    #expect(json["writtenByKind"] as? [String: Int] == ["question": 1])
    #expect((json["appliedByKind"] as? [String: Int])?["report"] == 1)
    let questions = try cli.succeed(["questions", "list"], environment: desk).stdout
    #expect(questions.components(separatedBy: "How happy are you?").count == 2, "\(questions)")
    let listed = try cli.succeed(["reports", "list"], environment: desk).stdout
    #expect(listed.contains("How happy are you?: 7"))
    // The desk's own report goes back to the laptop.
    try cli.succeed(["report", "--answer", "How happy are you?=4"], environment: desk)
    try cli.succeed(["sync"], environment: desk)
    try cli.succeed(["sync"], environment: laptop)
    let both = try cli.succeed(["reports", "list"], environment: laptop).stdout
    #expect(
      both.contains("How happy are you?: 7") && both.contains("How happy are you?: 4"), "\(both)")
    let status = try cli.succeed(["sync", "status"], environment: laptop).stdoutLines
    #expect(
      status.contains {
        $0.hasPrefix("  desk-") && $0.contains(": 2 of 2 segments merged, last change 20")
      }, "\(status)")
    // Merging made one question of two: the device whose question made way says so in its
    // next segment.
    try cli.succeed(["sync"], environment: laptop)
    #expect(
      try cli.succeed(["sync", "status"], environment: laptop).stdoutLines.contains(
        "Waiting for the next segment: 0 records"))

    // An old device is forgotten once everything it wrote is merged here.
    let old: [String: String?] = ["DISPATCH_STORE": cli.root + "/old.sqlite"]
    try cli.succeed(["init"], environment: old)
    let oldID = try #require(
      try cli.succeed(
        ["sync", "setup", "--folder", folder, "--device-name", "Old"], environment: old
      ).stdout.split(separator: "'").dropFirst().first.map(String.init))
    try cli.succeed(["sync"], environment: old)
    try cli.fail(
      ["sync", "forget"], status: 64, message: "missing argument DEVICE", environment: laptop)
    try cli.fail(
      ["sync", "forget", "nobody"], status: 64, message: "no device 'nobody'",
      environment: laptop)
    let laptopID = String(status[0].split(separator: " ")[2])
    try cli.fail(
      ["sync", "forget", laptopID], status: 64, message: "is this device", environment: laptop)
    try cli.fail(
      ["sync", "forget", oldID], status: 65, message: "not merged here yet; run 'dispatch sync'",
      environment: laptop)
    try cli.succeed(["sync"], environment: laptop)
    try cli.succeed(["sync", "forget", oldID], environment: laptop)
    #expect(!FileManager.default.fileExists(atPath: folder + "/devices/" + oldID))
    #expect(
      !(try cli.succeed(["sync", "status"], environment: laptop).stdout.contains(oldID)))
  }

  @Test func `an Apple Health export imported on one device is imported once on the other`()
    throws
  {
    let cli = try CLISandbox()
    let folder = cli.root + "/Sync"
    let laptop: [String: String?] = ["DISPATCH_STORE": cli.root + "/laptop.sqlite"]
    let desk: [String: String?] = ["DISPATCH_STORE": cli.root + "/desk.sqlite"]
    for (store, name) in [(laptop, "laptop"), (desk, "desk")] {
      try cli.succeed(["init"], environment: store)
      try cli.succeed(
        ["settings", "set", "time-zone", "America/New_York"], environment: store)
      try cli.succeed(
        ["sync", "setup", "--folder", folder, "--device-name", name], environment: store)
    }
    try cli.succeed(["import", HealthCommandTests.zip], environment: laptop)
    // The export itself goes into the folder, named by its content.
    let shared = try FileManager.default.contentsOfDirectory(atPath: folder + "/health")
    #expect(shared.count == 1 && shared[0].count == 64 + 4 && shared[0].hasSuffix(".zip"))
    let merged = try cli.succeed(["sync"], environment: desk)
    #expect(
      merged.stderr.contains("imported \(shared[0]) from the sync folder: added "), "\(merged)")
    let types = ["health", "types"]
    #expect(
      try cli.succeed(types, environment: desk).stdout
        == cli.succeed(types, environment: laptop).stdout)
    // Once: the next sync reads nothing more, and importing it again on the desk shares nothing.
    #expect(!(try cli.succeed(["sync"], environment: desk).stderr.contains("imported")))
    try cli.succeed(["import", HealthCommandTests.zip], environment: desk)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/health") == shared)
    #expect(!(try cli.succeed(["sync"], environment: laptop).stderr.contains("imported")))
  }

  @Test func `an encrypted folder: the passphrase file is read at setup and at every sync`() throws
  {
    let cli = try CLISandbox()
    let folder = cli.root + "/Sync"
    let laptop: [String: String?] = ["DISPATCH_STORE": cli.root + "/laptop.sqlite"]
    try cli.succeed(
      ["questions", "add", "How happy are you?", "--type", "number"], environment: laptop)
    try cli.succeed(["report", "--answer", "How happy are you?=7"], environment: laptop)
    try cli.fail(
      ["sync", "setup", "--folder", folder, "--passphrase-file", cli.root + "/none"], status: 66,
      message: "cannot read the passphrase file", environment: laptop)
    try Data("correct horse\n".utf8).write(to: URL(fileURLWithPath: cli.root + "/pass"))
    try cli.succeed(
      [
        "sync", "setup", "--folder", folder, "--device-name", "laptop", "--passphrase-file",
        cli.root + "/pass",
      ], environment: laptop)
    try cli.succeed(["sync"], environment: laptop)
    let segments = try FileManager.default.subpathsOfDirectory(atPath: folder + "/devices")
      .filter { $0.hasSuffix(".jsonl.gz") }
    #expect(segments.count == 1)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/devices/" + segments[0]))
    #expect(bytes.starts(with: Array("DISPATCH-BACKUP-1\n".utf8)))
    // Without the file the next sync stops, and says why.
    try FileManager.default.removeItem(atPath: cli.root + "/pass")
    try cli.fail(
      ["sync"], status: 66, message: "cannot read the passphrase file", environment: laptop)
  }
}
