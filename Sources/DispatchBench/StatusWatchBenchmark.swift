import DispatchKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension BenchmarkSuite {
  /// `dispatch status --watch` on the demo store (issue "15 · Performance shortfalls": under
  /// 0.5 CPU-seconds an hour when idle): the watcher's CPU time, from the kernel's own count
  /// (/proc/PID/schedstat, nanoseconds), over a quiet stretch and over a series of writes to
  /// the store by this process (each wakes it to read the status again).
  static let statusWatch = Benchmark(name: "status watch") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    // On the real clock with a report filed just now: the line's "ago" changes every minute,
    // so the watcher wakes once a minute (and at the demo schedule's next prompt), its busiest
    // idle cadence.
    let (path, _, store) = try statusDemoStore(context, name: "watch.sqlite")
    unsetenv("DISPATCH_NOW")
    let (filed, _) = try ChildMeter.spawnAndWait(
      binary.path,
      [binary.path, "report", "--answer", "Are you working?=yes", "--no-sensors", "--store", path],
      stdout: "/dev/null")
    guard filed == 0 else { throw BenchFailure("dispatch report exited \(filed >> 8)") }
    let output = context.workspace.appendingPathComponent("watch.out").path
    let pid = try ChildMeter.spawn(
      binary.path, [binary.path, "status", "--watch", "--store", path], stdout: output)
    defer {
      kill(pid, SIGTERM)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    let started = Date()
    while (try? Data(contentsOf: URL(fileURLWithPath: output)).isEmpty) ?? true {
      guard Date().timeIntervalSince(started) < 30 else {
        throw BenchFailure("status --watch printed nothing in 30 s")
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    let startup = try cpuSeconds(of: pid)
    let idleSeconds = context.quick ? 65.0 : 185.0
    Thread.sleep(forTimeInterval: idleSeconds)
    let idle = try cpuSeconds(of: pid) - startup
    let writes = 50
    for index in 0..<writes {
      try store.settings.setSetting("bench.statusWatch", "\(index)")
      Thread.sleep(forTimeInterval: 0.2)
    }
    let perWake = (try cpuSeconds(of: pid) - startup - idle) / Double(writes)
    return [
      BenchResult(
        name: "status --watch, CPU per hour idle (target < 0.5 s)",
        value: idle / idleSeconds * 3600,
        unit: "s",
        detail: String(
          format: "%.1f ms of CPU over %.0f s with a wake each minute; start-up %.1f ms",
          idle * 1000, idleSeconds, startup * 1000)),
      BenchResult(
        name: "status --watch, CPU per store write seen", value: perWake * 1000, unit: "ms",
        detail: "\(writes) settings writes 0.2 s apart; each wakes it to read the status again"),
    ]
  }

  /// The CPU time a process has used so far, in seconds.
  private static func cpuSeconds(of pid: pid_t) throws -> Double {
    let text = try String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8)
    guard let nanoseconds = text.split(separator: " ").first.flatMap({ Double($0) }) else {
      throw BenchFailure("cannot read /proc/\(pid)/schedstat")
    }
    return nanoseconds / 1e9
  }
}
