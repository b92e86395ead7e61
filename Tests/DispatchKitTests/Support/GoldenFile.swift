import DispatchTestSupport
import Foundation
import Testing

/// This target's golden files, under `__Snapshots__/<Suite>/<name>` next to this folder; see
/// ``GoldenFiles`` for recording with `RECORD_SNAPSHOTS=1`.
enum GoldenFile {
  static let files = GoldenFiles(
    targetRoot: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent(),
    bundle: .module)

  /// Expects `actual` to equal the golden file `name` of `suite`.
  static func expectMatches(
    _ actual: String, suite: String, name: String,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    files.expectMatches(
      actual, suite: suite, name: name, environment: environment, sourceLocation: sourceLocation)
  }

  /// Where two texts first differ, for messages.
  static func firstDifference(expected: String, actual: String) -> String {
    GoldenFiles.firstDifference(expected: expected, actual: actual)
  }
}
