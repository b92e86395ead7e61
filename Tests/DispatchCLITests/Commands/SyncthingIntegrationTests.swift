import Foundation
import Testing

/// Sync over two real Syncthing instances on loopback (`Tests/Syncthing/pair.py`): two
/// Syncthing homes that know only each other share one folder, two stores are devices of it,
/// and reports filed on A with `dispatch report` reach B's store through `dispatch sync` and
/// Syncthing, and one filed on B reaches A's. Skipped, and said so, where Syncthing is not
/// installed (`.ci/run` installs it).
@Suite("sync over Syncthing")
struct SyncthingIntegrationTests {
  static let script = PythonScript.testsFolder.appendingPathComponent("Syncthing/pair.py")
  /// Reports timed from A to B; one more goes from B to A.
  static let reports = 3
  /// The seconds pair.py waits for one report before it fails.
  static let timeout = 60.0

  // No `.timeLimit` (see ServeBrowserTests): `PythonScript` kills the script itself.
  @Test(.enabled(if: ExternalTool.isInstalled("syncthing"), "needs syncthing"))
  func `reports filed on one device reach the other's store, both ways`() throws {
    let work = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-syncthing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let printed = try PythonScript.run(
      Self.script,
      [
        "--dispatch", DispatchBinary.url.path, "--work", work.appendingPathComponent("pair").path,
        "--reports", String(Self.reports),
      ], log: work.appendingPathComponent("pair.log"), limit: 480)
    let seen = try #require(try JSONSerialization.jsonObject(with: printed) as? [String: Any])
    let timings = try #require(seen["timings"] as? [Double], "\(seen)")
    let backwards = try #require(seen["b_to_a"] as? Double, "\(seen)")
    #expect(timings.count == Self.reports)
    for seconds in timings + [backwards] {
      #expect(seconds > 0 && seconds < Self.timeout, "\(seen)")
    }
    // Every report is in both stores: the ones filed on A, and the one filed on B.
    #expect(seen["reports_in_a"] as? Int == Self.reports + 1, "\(seen)")
    #expect(seen["reports_in_b"] as? Int == Self.reports + 1, "\(seen)")
    #expect((seen["skipped_segments"] as? [Any])?.isEmpty == true, "\(seen)")
    #expect((seen["syncthing_version"] as? String)?.hasPrefix("v") == true, "\(seen)")
  }
}
