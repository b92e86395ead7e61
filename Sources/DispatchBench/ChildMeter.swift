import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one measured child process did.
struct ChildMeasurement {
  /// Wall-clock seconds from spawn to reaping.
  let seconds: Double
  /// The child's peak resident set size in MiB, when it could be measured cleanly.
  let peakMiB: Double?
  /// How `peakMiB` was obtained, for the report.
  let method: String
}

/// Runs a program to completion and measures its wall time and peak memory.
///
/// The peak is the child's `ru_maxrss`, taken through a small intermediate process. Reading it
/// straight from `wait4` on a child this process spawned is wrong on Linux: `posix_spawn`
/// clones this process's address space (`CLONE_VM | CLONE_VFORK`), and `execve` folds the peak
/// RSS of the address space it leaves into the new program's `maxrss`, so every child would
/// report at least this benchmark's own peak (hundreds of MiB after generating a history).
/// GNU `time` (`/usr/bin/time -f %M`) is a ~1 MiB process whose own child therefore inherits
/// only ~1 MiB. Without it, the direct `wait4` figure is reported as an upper bound.
enum ChildMeter {
  static let timeTool = "/usr/bin/time"

  /// Runs `executable` with `arguments`, standard output to `stdout` (or discarded), standard
  /// error discarded; throws unless it exits 0.
  static func run(_ executable: String, _ arguments: [String], stdout: String? = nil) throws
    -> ChildMeasurement
  {
    let viaTime = FileManager.default.isExecutableFile(atPath: timeTool)
    let statistics = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-bench-rss-\(getpid())").path
    let program = viaTime ? timeTool : executable
    let argv =
      viaTime
      ? [timeTool, "-f", "%M", "-o", statistics, executable] + arguments : [executable] + arguments
    let start = DispatchTime.now().uptimeNanoseconds
    let (status, usage) = try spawnAndWait(program, argv, stdout: stdout ?? "/dev/null")
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let command = ([executable] + arguments).joined(separator: " ")
    guard status & 0x7F == 0 else {
      throw BenchFailure("\(command) was killed by signal \(status & 0x7F)")
    }
    guard (status >> 8) & 0xFF == 0 else {
      throw BenchFailure("\(command) exited \((status >> 8) & 0xFF)")
    }
    if viaTime {
      defer { unlink(statistics) }
      let text = (try? String(contentsOfFile: statistics, encoding: .utf8)) ?? ""
      let last = text.split(separator: "\n").last.map(String.init) ?? ""
      let kib = Double(last.trimmingCharacters(in: .whitespaces))
      return ChildMeasurement(
        seconds: seconds, peakMiB: kib.map { $0 / 1024 }, method: "ru_maxrss via /usr/bin/time")
    }
    return ChildMeasurement(
      seconds: seconds, peakMiB: Double(usage.ru_maxrss) / 1024,
      method: "wait4 ru_maxrss, an upper bound (includes the bench's own peak)")
  }

  /// The median-time run of `runs` runs, each preceded by `prepare`; the peak is the largest.
  static func median(
    runs: Int, prepare: () throws -> Void = {}, _ body: () throws -> ChildMeasurement
  ) rethrows -> ChildMeasurement {
    var samples: [ChildMeasurement] = []
    for _ in 0..<runs {
      try prepare()
      samples.append(try body())
    }
    let sorted = samples.sorted { $0.seconds < $1.seconds }
    let middle = sorted[sorted.count / 2]
    let peaks = samples.compactMap(\.peakMiB)
    return ChildMeasurement(
      seconds: middle.seconds, peakMiB: peaks.max(), method: middle.method)
  }

  /// `posix_spawn` then `wait4`: the raw wait status and the child's resource usage.
  static func spawnAndWait(_ program: String, _ argv: [String], stdout: String) throws
    -> (Int32, rusage)
  {
    let pid = try spawn(program, argv, stdout: stdout)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchFailure("wait4 failed for \(program)") }
    }
    return (status, usage)
  }

  /// Starts `program` with standard input from /dev/null, standard output to the file
  /// `stdout` and standard error discarded; the caller reaps it.
  static func spawn(_ program: String, _ argv: [String], stdout: String) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
    let cArguments = argv.map { strdup($0) }
    let cEnvironment = environment.map { strdup($0) }
    defer {
      for pointer in cArguments + cEnvironment { free(pointer) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(
      &pid, program, &actions, nil, cArguments + [nil], cEnvironment + [nil])
    guard spawned == 0 else {
      throw BenchFailure("cannot start \(program): \(String(cString: strerror(spawned)))")
    }
    return pid
  }
}
