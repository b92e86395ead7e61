import Foundation
import Testing

/// Every file Dispatch writes holds personal data and is private whatever the umask: files
/// 0600, the folders it creates 0700 (docs/store.md#file-permissions).
@Suite("private file modes")
struct PrivateFileModeTests {
  /// The permission bits of `path`.
  static func mode(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else { return -1 }
    return Int(info.st_mode & 0o777)
  }

  /// Runs `dispatch` under `umask 000`, the widest, and expects it to succeed.
  @discardableResult
  static func succeedUnderOpenUmask(_ cli: CLISandbox, _ arguments: [String]) throws -> CLIResult {
    let result = try cli.run(
      ["-c", "umask 000; exec \"$0\" \"$@\"", CLISandbox.executable.path] + arguments,
      executable: URL(fileURLWithPath: "/bin/sh"))
    #expect(result.status == 0, "\(arguments): \(result)")
    return result
  }

  @Test
  func `pages, charts, exports and backups are 0600 and their new folders 0700 under umask 000`()
    throws
  {
    let cli = try CLISandbox()
    func run(_ arguments: [String]) throws { try Self.succeedUnderOpenUmask(cli, arguments) }
    try run(["answer", "yes"])
    try run(["mood", "7"])
    try run(["dashboard", "-o", cli.path("page.html")])
    try run(["chart", "Are you working?", "--svg", cli.path("chart.svg")])
    try run(["graph", "mood", "--svg", cli.path("graph.svg")])
    try run(["export", "-o", cli.path("export.json")])
    try run(["export", "--format", "csv", "-o", cli.path("export.csv")])
    try run(["export", "--format", "markdown", "-o", cli.path("notes/dispatch")])
    try run(["export", "--format", "introspective-csv", "-o", cli.path("introspective")])
    try run(["backup", "now"])
    try run(["backup", "now", "--folder", cli.path("elsewhere/backups")])

    var files = ["page.html", "chart.svg", "graph.svg", "export.json", "export.csv"].map(cli.path)
    let folders =
      ["notes", "notes/dispatch", "introspective", "elsewhere", "elsewhere/backups"].map(cli.path)
      + [cli.backupFolder]
    for folder in folders {
      for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
        var isFolder: ObjCBool = false
        let path = folder + "/" + name
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
          !isFolder.boolValue
        {
          files.append(path)
        }
      }
    }
    // Five named files, one Markdown note, one Introspective CSV, two backups.
    #expect(files.count == 9)
    for file in files { #expect(Self.mode(file) == 0o600, "\(file)") }
    for folder in folders { #expect(Self.mode(folder) == 0o700, "\(folder)") }
    #expect(!files.contains { $0.hasSuffix(".tmp") })
    #expect(Self.mode(cli.defaultStore) == 0o600)
  }

  @Test func `an existing export folder keeps its own mode`() throws {
    let cli = try CLISandbox()
    try cli.succeed(["answer", "yes"])
    let folder = cli.path("mine")
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
    try Self.succeedUnderOpenUmask(cli, ["export", "--format", "markdown", "-o", folder])
    #expect(Self.mode(folder) == 0o755)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(!names.isEmpty)
    for name in names { #expect(Self.mode(folder + "/" + name) == 0o600) }
  }
}
