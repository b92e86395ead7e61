import DispatchKit
import DispatchTestSupport
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

  @Test func `a store on a full disk stays readable with every report that was filed`() throws {
    guard let disk = Self.mountSmallDisk(megabytes: 8) else { return }
    defer { Self.unmount(disk) }
    let sandbox = try CLISandbox()
    let store = disk + "/store.sqlite"
    try sandbox.succeed(["init", "--store", store])
    var filed = 0
    var failed = false
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
        break
      }
    }
    #expect(failed, "the disk never filled")
    #expect(filed > 0)
    let list = try sandbox.run(["reports", "list", "--json", "--limit", "1000", "--store", store])
    #expect(list.status == 0, "\(list)")
    #expect(!list.stderr.contains("malformed"))
    let reports = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [Any]
    #expect(reports?.count == filed)
    let status = try sandbox.run(["status", "--store", store])
    #expect(status.status == 0, "\(status)")
  }
}

/// An import's memory does not grow with its input.
struct ImportMemoryTests {
  @Test func `a route file of hundreds of megabytes in a small zip imports in bounded memory`()
    throws
  {
    let time = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: time) else { return }
    let sandbox = try CLISandbox()
    let zip = sandbox.path("export.zip")
    // 200 MB of GPX, a few hundred kilobytes zipped.
    try HostileHealthExport.zipWithRoute(at: zip, points: 20_000, padding: 200 << 20)
    let peakFile = sandbox.path("peak.txt")
    let result = try sandbox.run(
      [
        "-f", "%M", "-o", peakFile, CLISandbox.executable.path, "import", zip, "--store",
        sandbox.path("store.sqlite"),
      ],
      executable: URL(fileURLWithPath: time))
    #expect(result.status == 0, "\(result)")
    let text = try String(contentsOfFile: peakFile, encoding: .utf8)
    let kib = try #require(Int(text.split(separator: "\n").last ?? ""))
    #expect(kib < 150 * 1024, "peak RSS \(kib / 1024) MiB")
    let workouts = try sandbox.succeed(
      ["health", "workouts", "--json", "--store", sandbox.path("store.sqlite")])
    #expect(workouts.stdout.contains("20000"))
  }
}
