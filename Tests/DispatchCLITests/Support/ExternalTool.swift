import Foundation

/// Other programs the tests use to check generated files (shells, groff), when installed.
enum ExternalTool {
  /// The path of an installed program, or nil.
  static func find(_ name: String) -> String? {
    ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"].map { $0 + "/" + name }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Whether a program is installed (for `.enabled(if:)`).
  static func isInstalled(_ name: String) -> Bool { find(name) != nil }

  /// Runs a program with `stdin` piped in; output is collected through files.
  static func run(
    _ path: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:]
  ) throws -> CLIResult {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("DispatchCLITests-tool-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outURL = folder.appendingPathComponent("out")
    let errURL = folder.appendingPathComponent("err")
    let inURL = folder.appendingPathComponent("in")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    try Data(stdin.utf8).write(to: inURL)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    let inHandle = try FileHandle(forReadingFrom: inURL)
    defer {
      try? outHandle.close()
      try? errHandle.close()
      try? inHandle.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "TERM": "dumb",
    ].merging(environment) { $1 }
    process.currentDirectoryURL = folder
    process.standardInput = inHandle
    process.standardOutput = outHandle
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    return CLIResult(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
