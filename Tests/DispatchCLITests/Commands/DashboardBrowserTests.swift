import Foundation
import Testing

/// The demo dashboard in a real browser: headless Chromium renders it, its DOM has the SVG
/// charts with a size, and the console shows no errors. Skipped, and said so, only where no
/// Chromium is installed (`.ci/run` installs Debian's `chromium`).
@Suite("dashboard in a browser")
struct DashboardBrowserTests {
  static let chromium: String? = [
    "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
  ]
  .first { FileManager.default.isExecutableFile(atPath: $0) }

  /// Where the screenshot is kept: the build folder, so CI can keep it as an artifact.
  static var artifactFolder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        ".build/artifacts")
  }

  @Test func `dispatch dashboard writes a page and refuses a folder it cannot write`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    let path = cli.path("page.html")
    #expect(try cli.succeed(["dashboard", "-o", path]).stdout == path + "\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
    // A second run replaces the page (and leaves no temporary file behind).
    try cli.succeed(["dashboard", "-o", path])
    let siblings = try FileManager.default.contentsOfDirectory(atPath: cli.path(""))
    #expect(!siblings.contains { $0.hasSuffix(".tmp") })
    let bad = try cli.run(["dashboard", "-o", cli.path("no/such/folder/page.html")])
    #expect(bad.status == 1 && bad.stderr.contains("cannot write"))
  }

  @Test func `--from and --to show only that part of the history`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["init"])
    for day in ["2026-01-10", "2026-02-20"] {
      try cli.succeed(
        ["report", "--answer", "Are you working?=yes", "--no-sensors"],
        environment: ["DISPATCH_NOW": day + "T10:00:00Z"])
      try cli.succeed(["mood", "6", "--at", day + " 11:00"])
    }
    func lede(_ arguments: [String]) throws -> String {
      let path = cli.path("part.html")
      try cli.succeed(["dashboard", "-o", path] + arguments)
      let page = try String(contentsOfFile: path, encoding: .utf8)
      guard let start = page.range(of: "<p class=\"lede\">"),
        let end = page.range(of: "</p>", range: start.upperBound..<page.endIndex)
      else { return "" }
      return String(page[start.upperBound..<end.lowerBound])
    }
    #expect(try lede([]) == "2 reports from 2026-01-10 to 2026-02-20.")
    #expect(try lede(["--from", "2026-02-01"]) == "1 report from 2026-02-01 to 2026-02-20.")
    #expect(try lede(["--to", "2026-01-31"]) == "1 report from 2026-01-10 to 2026-01-31.")
    #expect(
      try lede(["--from", "2026-01-11", "--to", "2026-02-19"])
        == "0 reports from 2026-01-11 to 2026-02-19.")
    let backwards = try cli.run(["dashboard", "--from", "2026-02-01", "--to", "2026-01-01"])
    #expect(backwards.status == 64 && backwards.stderr.contains("--from must be before --to"))
    let bad = try cli.run(["dashboard", "--from", "someday"])
    #expect(bad.status == 64 && bad.stderr.contains("'someday' is not a date for --from"))
  }

  @Test func `headless Chromium renders the demo dashboard with its charts`() throws {
    guard let chromium = Self.chromium else {
      FileHandle.standardError.write(
        Data(
          "SKIPPED: no Chromium found (install Debian's 'chromium'); the dashboard was not checked in a browser\n"
            .utf8))
      withKnownIssue("no Chromium on this machine: the browser check is skipped") {
        Issue.record("chromium missing")
      }
      return
    }
    // The dashboard `dispatch demo` wrote for the pasted examples' demo store.
    let page = try ExampleWorld.shared().root + "/demo-dashboard.html"
    #expect(FileManager.default.fileExists(atPath: page))

    let dom = try Self.run(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
        "--dump-dom", "file://" + page,
      ])
    #expect(dom.status == 0)
    let svgCount = dom.stdout.components(separatedBy: "<svg").count - 1
    #expect(svgCount >= 5, "\(svgCount) charts in the DOM")
    #expect(dom.stdout.contains("<h2>Insights</h2>"))
    // Every chart has a non-zero size.
    let sizes = try NSRegularExpression(
      pattern: "<svg[^>]* width=\"([0-9.]+)\" height=\"([0-9.]+)\"")
    let matches = sizes.matches(
      in: dom.stdout, range: NSRange(dom.stdout.startIndex..., in: dom.stdout))
    #expect(matches.count == svgCount)
    for match in matches {
      let width = Range(match.range(at: 1), in: dom.stdout).flatMap { Double(dom.stdout[$0]) } ?? 0
      let height = Range(match.range(at: 2), in: dom.stdout).flatMap { Double(dom.stdout[$0]) } ?? 0
      #expect(width > 0 && height > 0)
    }
    #expect(!dom.stderr.contains("CONSOLE"), "console output: \(dom.stderr)")

    // Screenshots at a desktop's width and a phone's, light and dark, kept as CI artifacts.
    try FileManager.default.createDirectory(
      at: Self.artifactFolder, withIntermediateDirectories: true)
    for (width, scheme) in [(1280, "light"), (390, "light"), (1280, "dark"), (390, "dark")] {
      let screenshot = Self.artifactFolder.appendingPathComponent(
        "dashboard-\(width)-\(scheme).png"
      ).path
      try? FileManager.default.removeItem(atPath: screenshot)
      let shot = try Self.run(
        chromium,
        [
          "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
          "--window-size=\(width),3000", "--screenshot=" + screenshot,
          // Blink's preferred scheme: 0 is dark, 1 light.
          "--blink-settings=preferredColorScheme=\(scheme == "dark" ? 0 : 1)",
          "file://" + page,
        ])
      #expect(shot.status == 0)
      let bytes =
        (try? FileManager.default.attributesOfItem(atPath: screenshot)[.size] as? Int) ?? 0
      #expect(bytes > 10_000, "screenshot \(width) \(scheme) of \(bytes) bytes")
    }
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = NSTemporaryDirectory()
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: output, as: UTF8.self),
      String(decoding: errors, as: UTF8.self)
    )
  }
}
