import Foundation
import Testing

/// Compares text with a golden file under `<test target>/__Snapshots__/<Suite>/<name>`, shared by
/// both test targets.
///
/// With `RECORD_SNAPSHOTS=1` in the environment the file is (re)written in the source tree and
/// the test fails once, so a recording never passes silently; on CI (`CI` set) recording is
/// refused. Otherwise the file is read from the source tree, falling back to the copy in the
/// test bundle (`__Snapshots__` is a copied resource of the test target).
public struct GoldenFiles: Sendable {
  /// The test target's folder in the source tree.
  let targetRoot: URL
  /// The test target's resource bundle.
  let bundle: Bundle

  /// Golden files of the test target at `targetRoot` whose copies are in `bundle`.
  public init(targetRoot: URL, bundle: Bundle) {
    self.targetRoot = targetRoot
    self.bundle = bundle
  }

  /// Expects `actual` to equal the golden file `name` of `suite`.
  public func expectMatches(
    _ actual: String, suite: String, name: String,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let relativePath = "__Snapshots__/\(suite)/\(name)"
    let sourceURL = targetRoot.appendingPathComponent(relativePath)
    if environment["RECORD_SNAPSHOTS"] == "1" {
      guard environment["CI"] == nil else {
        Issue.record(
          "RECORD_SNAPSHOTS is ignored on CI; record '\(relativePath)' locally",
          sourceLocation: sourceLocation)
        return
      }
      record(actual, at: sourceURL, sourceLocation: sourceLocation)
      return
    }
    guard let expected = read(relativePath, sourceURL: sourceURL) else {
      Issue.record(
        "no golden file '\(relativePath)'; record it with RECORD_SNAPSHOTS=1",
        sourceLocation: sourceLocation)
      return
    }
    guard expected != actual else { return }
    let difference = Self.firstDifference(expected: expected, actual: actual)
    Issue.record(
      Comment(
        rawValue: "'\(relativePath)' differs: \(difference); if the change is intended, "
          + "re-record with RECORD_SNAPSHOTS=1 and review the diff"),
      sourceLocation: sourceLocation)
  }

  private func record(_ text: String, at url: URL, sourceLocation: SourceLocation) {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
      Issue.record(
        "recorded '\(url.path)'; re-run without RECORD_SNAPSHOTS to compare",
        sourceLocation: sourceLocation)
    } catch {
      Issue.record(
        "cannot record '\(url.path)': \(error)", sourceLocation: sourceLocation)
    }
  }

  private func read(_ relativePath: String, sourceURL: URL) -> String? {
    if let data = FileManager.default.contents(atPath: sourceURL.path) {
      return String(decoding: data, as: UTF8.self)
    }
    let resource = relativePath as NSString
    guard
      let url = bundle.url(
        forResource: resource.lastPathComponent, withExtension: nil,
        subdirectory: resource.deletingLastPathComponent),
      let data = FileManager.default.contents(atPath: url.path)
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// A one-line description of the first line that differs.
  public static func firstDifference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let want = index < expectedLines.count ? String(expectedLines[index]) : "<end of file>"
      let got = index < actualLines.count ? String(actualLines[index]) : "<end of file>"
      if want != got {
        return "line \(index + 1): expected '\(want)' but got '\(got)'"
      }
    }
    return "the texts differ only in line endings"
  }
}
