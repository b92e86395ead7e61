import DispatchKit
import DispatchTestSupport
import Foundation
import Testing

/// An import's memory does not grow with its input.
struct ImportMemoryTests {
  static let time = "/usr/bin/time"

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: time), "needs GNU time"))
  func `a route file of hundreds of megabytes in a small zip imports in bounded memory`()
    throws
  {
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
      executable: URL(fileURLWithPath: Self.time))
    #expect(result.status == 0, "\(result)")
    let text = try String(contentsOfFile: peakFile, encoding: .utf8)
    let kib = try #require(Int(text.split(separator: "\n").last ?? ""))
    #expect(kib < 150 * 1024, "peak RSS \(kib / 1024) MiB")
    let workouts = try sandbox.succeed(
      ["health", "workouts", "--json", "--store", sandbox.path("store.sqlite")])
    #expect(workouts.stdout.contains("20000"))
  }
}
