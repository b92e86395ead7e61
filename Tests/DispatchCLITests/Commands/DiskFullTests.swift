import DispatchKit
import Foundation
import Testing

/// A store on a disk that fills up: what was committed stays readable, nothing is called
/// corrupt. Runs where the test may mount a small tmpfs (as root, as in CI); elsewhere the same
/// torn-main-file state is covered by `StoreIdentityTests`.
struct DiskFullTests {
  /// Mounts a tmpfs of `megabytes` at a new folder; nil when this machine does not allow it.
  static func mountSmallDisk(megabytes: Int) -> String? {
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else {
      return nil
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-full-\(UUID().uuidString)").path
    guard
      (try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true)) != nil
    else { return nil }
    let status = run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder])
    guard status == 0 else {
      try? FileManager.default.removeItem(atPath: folder)
      return nil
    }
    return folder
  }

  static func unmount(_ folder: String) {
    _ = run("/bin/umount", [folder])
    try? FileManager.default.removeItem(atPath: folder)
  }

  private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Whether this machine lets the test mount a tmpfs (root with the capability, as in CI):
  /// tried once; elsewhere the test is reported as skipped, not passed.
  static let canMount: Bool = {
    guard let disk = mountSmallDisk(megabytes: 1) else { return false }
    unmount(disk)
    return true
  }()

  @Test(.enabled(if: canMount, "needs to mount a tmpfs"))
  func `a store on a full disk stays readable with every report that was filed`() throws {
    let disk = try #require(Self.mountSmallDisk(megabytes: 8))
    defer { Self.unmount(disk) }
    let sandbox = try CLISandbox()
    let store = disk + "/store.sqlite"
    try sandbox.succeed(["init", "--store", store])
    var filed = 0
    var failed = false
    var kept = false
    // Large answers fill the 8 MB disk within a few dozen reports.
    let answer = String(repeating: "a long note that fills the disk ", count: 1_000)
    for _ in 0..<200 {
      let result = try sandbox.run(
        [
          "report", "--answer", "Are you working?=yes", "--answer", "What are you doing?=" + answer,
          "--store", store,
        ])
      if result.status == 0 {
        filed += 1
      } else {
        failed = true
        // The answers may fit in the spool beside the store when the store's pages did not:
        // the next command (the list below) files them, or keeps them for later.
        kept = result.stderr.contains("your answers are kept")
        break
      }
    }
    #expect(failed, "the disk never filled")
    #expect(filed > 0)
    let list = try sandbox.run(["reports", "list", "--json", "--limit", "1000", "--store", store])
    #expect(list.status == 0, "\(list)")
    #expect(!list.stderr.contains("malformed"))
    let reports = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any]
    // Every report that was filed is there, and the kept one once the spool could file it.
    let count = reports?.count ?? -1
    #expect(count == filed || (kept && count == filed + 1), "\(count) of \(filed), kept: \(kept)")
    let status = try sandbox.run(["status", "--store", store])
    #expect(status.status == 0, "\(status)")
  }
}
