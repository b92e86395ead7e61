import DispatchKit
import Foundation

extension BenchmarkSuite {
  /// `dispatch query … --count` on a store of 40k reports, 5k moods, 10k activities and a 3M
  /// record Apple Health import, each query beside the same count hand-written for the
  /// sqlite3 shell. Targets: relations from a small type to the large one under 100 ms, a
  /// plain value filter over the 3M samples under 50 ms.
  static let queries = Benchmark(name: "query") { context in
    guard let binary = context.dispatchBinary else {
      throw BenchFailure("build the CLI first: swift build -c release --product dispatch")
    }
    let store = try QueryBenchStore.make(context, binary: binary)
    let database = try Database(path: store, mode: .readOnly)
    let heartRate = try QueryBenchStore.typeID("HKQuantityTypeIdentifierHeartRate", database)
    let longestHeartRate = try QueryBenchStore.longest(heartRate, database)
    let longestWorkout =
      try database.rows("SELECT max(end_ms - start_ms) FROM health_workouts").first?.int64(0) ?? 0
    let halfHour: Int64 = 1_800_000
    let hour: Int64 = 3_600_000
    let cases: [(name: String, query: String, sql: String)] = [
      // Process start, store open and the registry: what every query pays.
      ("baseline, every mood", "mood", "SELECT count(*) FROM ratings WHERE kind = 'mood';"),
      (
        "mood → heart rate",
        "mood where rating <= 2 and within 30 minutes of heart rate where value > 100",
        """
        SELECT count(*) FROM ratings m WHERE m.kind = 'mood' AND m.rating <= 2 AND EXISTS (
          SELECT 1 FROM health_samples h WHERE h.type_id = \(heartRate)
          AND h.start_ms BETWEEN m.date_ms - \(halfHour + longestHeartRate) AND m.date_ms + \(halfHour)
          AND h.end_ms >= m.date_ms - \(halfHour) AND h.value > 100);
        """
      ),
      (
        "reports → workout",
        "reports where battery < 0.5 and within 1 hour after workout",
        """
        SELECT count(*) FROM reports r WHERE r.is_draft = 0 AND r.battery < 0.5 AND EXISTS (
          SELECT 1 FROM health_workouts w
          WHERE w.start_ms BETWEEN r.date_ms - \(hour + longestWorkout) AND r.date_ms
          AND w.end_ms BETWEEN r.date_ms - \(hour) AND r.date_ms);
        """
      ),
      (
        "activity → heart rate",
        "activity where name = \"gym\" and within 30 minutes of heart rate where value > 150",
        """
        SELECT count(*) FROM activities a JOIN activity_definitions d ON d.id = a.definition_id
        WHERE d.name = 'gym' AND EXISTS (
          SELECT 1 FROM health_samples h WHERE h.type_id = \(heartRate)
          AND h.start_ms BETWEEN a.start_ms - \(halfHour + longestHeartRate) AND a.end_ms + \(halfHour)
          AND h.end_ms >= a.start_ms - \(halfHour) AND h.value > 150);
        """
      ),
      (
        "heart rate value filter",
        "heart rate where value > 100",
        "SELECT count(*) FROM health_samples WHERE type_id = \(heartRate) AND value > 100;"
      ),
    ]
    var results: [BenchResult] = []
    let sqlite = ProcessRunner.find("sqlite3")
    // The first value query builds the value index; it is measured on its own.
    let first = try QueryBenchStore.run(binary, store, cases[1].query)
    results.append(
      BenchResult(
        name: "query: first value query (builds the value index once)", value: first.seconds,
        unit: "s", detail: "CREATE INDEX health_samples (type_id, value) over the 3M samples"))
    let opened = try DispatchStore(path: store, access: .read)
    for (name, query, sql) in cases {
      results.append(
        try QueryBenchStore.measure(
          name, binary: binary, store: store, query: query, opened: opened, sqlite: sqlite,
          sql: sql))
    }
    return results
  }
}

/// The benchmark's store and runs.
enum QueryBenchStore {
  static func make(_ context: BenchContext, binary: URL) throws -> String {
    let path = context.workspace.appendingPathComponent("query.sqlite").path
    let reports = context.quick ? 4_000 : 40_000
    _ = try SyntheticHistory.makeStore(at: path, count: reports)
    // The synthetic rows go in through a connection of the benchmark's own, with SQL: they are
    // the benchmark's fixture, not something Dispatch files.
    let database = try Database(path: path, mode: .readWrite)
    // Spread the reports over the health export's four years (2023-01-02 … 2027-01-05).
    let start: Int64 = 1_672_650_000_000
    let step = 4 * 365 * 86_400_000 / Int64(reports)
    try database.execute(
      "UPDATE reports SET date_ms = ? + CAST(substr(id, 14) AS INTEGER) * ?", [start, step])
    try populate(
      database, start: start, moods: context.quick ? 500 : 5_000,
      activities: context.quick ? 1_000 : 10_000)
    let xml = context.workspace.appendingPathComponent("query-health.xml")
    _ = try HealthFiles.write(records: context.quick ? 300_000 : 3_000_000, to: xml)
    let summary = context.workspace.appendingPathComponent("query-import.json").path
    _ = try ChildMeter.run(
      binary.path,
      ["import", xml.path, "--store", path, "--json", "--time-zone", "America/New_York"],
      stdout: summary)
    try? FileManager.default.removeItem(at: xml)
    return path
  }

  /// Moods and activities at deterministic random moments of the four years.
  private static func populate(_ db: Database, start: Int64, moods: Int, activities: Int) throws {
    var random = SplitMix64(seed: 11)
    let span = UInt64(4 * 365 * 86_400_000)
    let names = ["gym", "reading", "coding", "walking", "cooking"]
    try db.write { db in
      for (index, name) in names.enumerated() {
        try db.execute(
          """
          INSERT INTO activity_definitions (id, name, name_key, tags, sort_order, source)
          VALUES (?, ?, ?, '[]', ?, 'bench')
          """, ["bench-\(name)", name, name, index])
      }
      for index in 0..<moods {
        try db.execute(
          """
          INSERT INTO ratings (id, kind, date_ms, utc_offset_seconds, precision, rating,
            scale_min, scale_max, source) VALUES (?, 'mood', ?, -18000, 'second', ?, 1, 10, 'bench')
          """,
          [
            "bench-mood-\(index)", start + Int64(random.next() % span),
            Double(1 + random.next() % 10),
          ])
      }
      for index in 0..<activities {
        let begin = start + Int64(random.next() % span)
        try db.execute(
          """
          INSERT INTO activities (id, definition_id, start_ms, start_utc_offset_seconds,
            start_precision, end_ms, end_utc_offset_seconds, tags, source)
          VALUES (?, ?, ?, -18000, 'second', ?, -18000, '[]', 'bench')
          """,
          [
            "bench-activity-\(index)", "bench-" + names[Int(random.next() % 5)], begin,
            begin + Int64(10 + random.next() % 110) * 60_000,
          ])
      }
    }
  }

  static func typeID(_ identifier: String, _ db: Database) throws -> Int64 {
    Int64(try db.scalarInt("SELECT id FROM health_strings WHERE value = ?", [identifier]) ?? -1)
  }

  static func longest(_ type: Int64, _ db: Database) throws -> Int64 {
    Int64(
      try db.scalarInt("SELECT longest_ms FROM health_type_spans WHERE type_id = ?", [type]) ?? 0)
  }

  /// One query's count: through `dispatch query --count` (process start to exit) and in this
  /// process (plan and count), beside the sqlite3 shell running `sql` when there is one.
  static func measure(
    _ name: String, binary: URL, store: String, query: String, opened: DispatchStore,
    sqlite: URL?, sql: String?
  ) throws -> BenchResult {
    let ours = try ChildMeter.median(runs: 5) { try run(binary, store, query) }
    let count = try count(binary, store, query)
    let inProcess = try Stopwatch.median(runs: 5) {
      let engine = try opened.queries.queryEngine()
      _ = try engine.count(try engine.plan(query))
    }
    var result = BenchResult(
      name: "query --count: \(name)", value: ours.seconds * 1000, unit: "ms",
      detail: String(
        format: "%@ → %d; process start to exit, median of 5; in process %.1f ms", query, count,
        inProcess * 1000))
    if let sqlite, let sql {
      let peer = try ChildMeter.median(runs: 5) { try ChildMeter.run(sqlite.path, [store, sql]) }
      let peerCount = try sqliteCount(sqlite, store, sql)
      result.peerName = "sqlite3 hand-written SQL"
      result.peerValue = peer.seconds * 1000
      result.detail += peerCount == count ? "; same count" : "; COUNT DIFFERS: sqlite3 \(peerCount)"
    }
    return result
  }

  static func run(_ binary: URL, _ store: String, _ query: String) throws -> ChildMeasurement {
    try ChildMeter.run(binary.path, ["query", query, "--count", "--store", store])
  }

  static func count(_ binary: URL, _ store: String, _ query: String) throws -> Int {
    try output(binary.path, ["query", query, "--count", "--store", store])
  }

  static func sqliteCount(_ sqlite: URL, _ store: String, _ sql: String) throws -> Int {
    try output(sqlite.path, [store, sql])
  }

  private static func output(_ executable: String, _ arguments: [String]) throws -> Int {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("dispatch-bench-query-\(getpid()).txt")
    try ProcessRunner.run(URL(fileURLWithPath: executable), arguments, stdout: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
  }
}
