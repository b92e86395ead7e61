import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// What the sensors cost a report (issue "9 · Sensor context on Linux": every provider
  /// concurrently within one 2 s deadline, a report never delayed past it).
  ///
  /// - In process: one collection of every local sensor over a laptop-like /sys tree and a
  ///   picture folder of 2,000 files (100 new), against the same collection with no sensors.
  /// - Process start to exit: `dispatch report --answer` on this machine with the default
  ///   sensors, beside `--no-sensors`, and with a media player that hangs (a `playerctl` that
  ///   never answers): that report must file at the deadline.
  static let sensors = Benchmark(name: "sensors") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    let root = context.workspace.appendingPathComponent("sensor-machine").path
    try SensorBenchMachine.build(at: root)
    let environment = SensorEnvironment(
      root: root, home: root + "/home", commands: ProcessSensorCommands(searchPath: root + "/bin"),
      http: HTTPClient(), now: Instant(Date()), lastReport: Instant(Date()).adding(seconds: -3600),
      chosenPlace: SensorPlace(name: "Home", latitude: 52.52, longitude: 13.405))
    let local = SensorCatalog.all.filter { $0.reach == .local }
    let runs = context.quick ? 21 : 101
    let collect = try Stopwatch.median(runs: runs) {
      let readings = SensorCollection(
        providers: local, environment: environment, deadlineSeconds: 2
      ).finish()
      guard readings.context.photos.count == 100, readings.context.battery != nil else {
        throw BenchFailure("the fixture machine read wrong: \(readings.outcomes)")
      }
    }
    let slowest = SensorCollection(providers: local, environment: environment, deadlineSeconds: 2)
      .finish().outcomes.max { ($0.seconds ?? 0) < ($1.seconds ?? 0) }
    // As many threads whose readers answer at once: what the concurrency itself costs.
    let instant = (0..<local.count).map { InstantSensor(name: "instant-\($0)") }
    let overhead = Stopwatch.median(runs: runs) {
      _ = SensorCollection(providers: instant, environment: environment, deadlineSeconds: 2)
        .finish()
    }
    var results = [
      BenchResult(
        name: "sensor collection in-process: \(local.count) local sensors, fixture laptop",
        value: collect * 1000, unit: "ms",
        detail: "median of \(runs); 2,000 picture files, 100 since the last report; slowest "
          + String(
            format: "%@ %.1f ms; %.2f ms for %d readers that answer at once (the threads "
              + "and the wait alone)", slowest?.name ?? "?", (slowest?.seconds ?? 0) * 1000,
            overhead * 1000, instant.count))
    ]
    let store = context.workspace.appendingPathComponent("sensors.sqlite").path
    try ProcessRunner.run(binary, ["init", "--store", store])
    // posix_spawn and waitpid: Foundation's Process waits in run-loop steps of tens of ms.
    func report(_ extra: [String], runs: Int) throws -> Double {
      let argv = [binary.path, "report", "-a", "Are you working?=no", "--store", store] + extra
      return try Stopwatch.median(runs: runs) {
        let (status, _) = try ChildMeter.spawnAndWait(binary.path, argv, stdout: "/dev/null")
        guard status == 0 else { throw BenchFailure("dispatch report exited \(status >> 8)") }
      }
    }
    let fileRuns = context.quick ? 5 : 21
    let bare = try report(["--no-sensors"], runs: fileRuns)
    var filed = BenchResult(
      name: "dispatch report --answer, this machine's default sensors",
      value: try report([], runs: fileRuns) * 1000, unit: "ms",
      detail: "median of \(fileRuns) process runs, the peer is --no-sensors")
    filed.peerName = "--no-sensors"
    filed.peerValue = bare * 1000
    results.append(filed)
    setenv(SensorGathering.rootVariable, root, 1)
    setenv(SensorGathering.pathVariable, root + "/hung-bin", 1)
    defer {
      unsetenv(SensorGathering.rootVariable)
      unsetenv(SensorGathering.pathVariable)
    }
    let hung = try report([], runs: 3)
    results.append(
      BenchResult(
        name: "dispatch report --answer, a media player that hangs", value: hung * 1000,
        unit: "ms",
        detail: "median of 3; playerctl never answers: killed at its own 1 s limit, inside the "
          + "2 s deadline; the other sensors' readings file"))
    setenv(SensorGathering.pathVariable, root + "/stuck-bin", 1)
    let stuck = try report([], runs: 3)
    results.append(
      BenchResult(
        name: "dispatch report --answer, a media player that outlives its kill",
        value: stuck * 1000, unit: "ms",
        detail: "median of 3; playerctl's child keeps the output open, so only the 2 s deadline "
          + "ends the wait; the report files then"))
    return results
  }
}

/// A sensor that reads nothing and answers at once.
struct InstantSensor: SensorProvider {
  let name: String
  let summary = "answers at once"
  let reach = SensorReach.local

  func read(_ environment: SensorEnvironment) throws -> SensorContext {
    SensorContext()
  }
}

/// A laptop for the sensors benchmark: /sys with a battery, Wi-Fi, a backlight and a platform
/// profile, a picture folder, and a bin folder whose `playerctl` hangs.
enum SensorBenchMachine {
  static func build(at root: String) throws {
    let files: [(String, String)] = [
      ("/sys/class/power_supply/BAT0/type", "Battery"),
      ("/sys/class/power_supply/BAT0/capacity", "71"),
      ("/sys/class/power_supply/AC/type", "Mains"),
      ("/sys/class/net/lo/operstate", "unknown"),
      ("/sys/class/net/wlan0/operstate", "up"),
      ("/sys/class/net/wlan0/device/uevent", ""),
      ("/sys/class/net/wlan0/wireless/uevent", ""),
      ("/sys/class/backlight/intel/brightness", "900"),
      ("/sys/class/backlight/intel/max_brightness", "1200"),
      ("/sys/firmware/acpi/platform_profile", "balanced"),
      ("/hung-bin/playerctl", "#!/bin/sh\nexec sleep 60\n"),
      // Not exec: the shell dies at the kill, its sleeping child keeps the pipe open.
      ("/stuck-bin/playerctl", "#!/bin/sh\nsleep 30\n"),
    ]
    for (path, text) in files {
      try write(root + path, text)
    }
    for program in ["/hung-bin/playerctl", "/stuck-bin/playerctl"] {
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: root + program)
    }
    try FileManager.default.createDirectory(
      atPath: root + "/bin", withIntermediateDirectories: true)
    let old = Date().addingTimeInterval(-86_400 * 30)
    for index in 0..<2_000 {
      let path = root + "/home/Pictures/\(index / 100)/IMG_\(index).jpg"
      try write(path, "not really a jpeg")
      if index >= 100 {
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
      }
    }
  }

  private static func write(_ path: String, _ text: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try (text + "\n").write(toFile: path, atomically: false, encoding: .utf8)
  }
}
