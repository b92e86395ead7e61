import DispatchKit
import Foundation

/// Inputs shared by every benchmark.
struct BenchContext: Sendable {
  let quick: Bool
  /// A scratch folder removed at the end of the run.
  let workspace: URL

  /// The number of reports in synthetic stores.
  var reportCount: Int { quick ? 10_000 : 100_000 }

  /// The `dispatch` binary built next to this one (same configuration), if present.
  var dispatchBinary: URL? {
    guard let own = Bundle.main.executableURL else { return nil }
    let candidate = own.deletingLastPathComponent().appendingPathComponent("dispatch")
    return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
  }
}

/// One measured figure, with the peer tool's figure on the same input when one ran.
struct BenchResult {
  let name: String
  let value: Double
  let unit: String
  var detail: String = ""
  var peerName: String?
  var peerValue: Double?
}

/// A named group of measurements.
struct Benchmark: Sendable {
  let name: String
  let run: @Sendable (BenchContext) throws -> [BenchResult]
}

/// Wall-clock timing.
enum Stopwatch {
  /// Seconds taken by `body`.
  static func time(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  /// The median of `runs` timings.
  static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try time(body)) }
    samples.sort()
    return samples[samples.count / 2]
  }
}

/// Runs a program to completion with its output discarded.
enum ProcessRunner {
  /// Runs `executable` with `arguments`; throws when it exits non-zero.
  static func run(_ executable: URL, _ arguments: [String], stdout: URL? = nil) throws {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let stdout {
      _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: stdout)
    } else {
      process.standardOutput = FileHandle.nullDevice
    }
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchFailure(
        "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)"
      )
    }
  }

  /// The first program called `name` on PATH.
  static func find(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}

/// A benchmark that could not run.
struct BenchFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
