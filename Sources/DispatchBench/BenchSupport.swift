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

/// CPU time used, in seconds (user and system), for figures per unit of work.
enum ProcessCPU {
  /// All threads of process `pid` so far, from `/proc/PID/stat` (clock ticks, 10 ms).
  static func seconds(of pid: pid_t) throws -> Double {
    let text = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // The command name (field 2) may hold spaces: count the fields after its ')'.
    guard let close = text.lastIndex(of: ")") else {
      throw BenchFailure("cannot read /proc/\(pid)/stat")
    }
    let fields = text[text.index(after: close)...].split(separator: " ")
    // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
    else { throw BenchFailure("cannot read /proc/\(pid)/stat") }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// This process so far.
  static func ownSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}
