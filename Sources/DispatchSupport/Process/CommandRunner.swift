import Foundation

/// Runs a program to completion and returns its exit status and standard output. Injected so
/// capability detection and service installation are testable without the real tools.
public protocol CommandRunner {
  /// Runs `executable` (a name looked up on PATH, or a path) with `arguments`. A program that
  /// cannot be found yields status 127, as a shell would; other launch failures throw.
  func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String)
}

/// The real ``CommandRunner``: Foundation `Process`, standard input and error discarded.
public struct ProcessCommandRunner: CommandRunner, Sendable {
  /// The environment the programs run with; its PATH is where they are looked up.
  public let environment: [String: String]

  /// A runner using `environment`, by default this process's.
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.environment = environment
  }

  /// Runs the program to completion; a death by signal N reads as status 128 + N, as in a shell.
  public func run(_ executable: String, _ arguments: [String]) throws -> (
    status: Int32, stdout: String
  ) {
    guard let path = Self.locate(executable, searchPath: environment["PATH"]) else {
      return (127, "")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Read before waiting: a child filling the pipe buffer would otherwise never exit.
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let status = process.terminationStatus
    let signalled = process.terminationReason == .uncaughtSignal
    return (signalled ? 128 + status : status, String(decoding: data, as: UTF8.self))
  }

  /// The executable file `name` resolves to: itself when it contains a slash, else the first
  /// match in `searchPath` (the POSIX default when PATH is unset).
  public static func locate(_ name: String, searchPath: String?) -> String? {
    let manager = FileManager.default
    if name.contains("/") {
      return manager.isExecutableFile(atPath: name) ? name : nil
    }
    let folders = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    for folder in folders where !folder.isEmpty {
      let candidate = folder + "/" + name
      var isFolder: ObjCBool = false
      if manager.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
        manager.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
    }
    return nil
  }
}
