import DispatchKit
import Foundation

/// Inputs and runs for the Apple Health benchmark.
enum HealthFiles {
  struct Run {
    let seconds: Double
    let peakMiB: Double?
    let records: Int
    /// The store of the median run, kept for the storage measurements.
    let store: String
  }

  /// Writes a synthetic export of about `records` Record elements.
  static func write(records: Int, to url: URL) throws -> SyntheticHealthManifest {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var options = SyntheticHealthOptions()
    options.targetRecords = records
    return try SyntheticHealthExport.write(options) { chunk in
      try handle.write(contentsOf: Data(chunk))
    }
  }

  /// `apple_health_export/export.xml` in a zip, as the phone lays it out.
  static func zip(_ xml: URL, into zip: URL) throws {
    try? FileManager.default.removeItem(at: zip)
    let writer = try ZipWriter(path: zip.path, compressionLevel: 1)
    try writer.addDirectory("apple_health_export/")
    try writer.addFile("apple_health_export/export.xml") { sink in
      let handle = try FileHandle(forReadingFrom: xml)
      defer { try? handle.close() }
      while let block = try handle.read(upToCount: 4 << 20), !block.isEmpty {
        try block.withUnsafeBytes { try sink($0) }
      }
    }
    try writer.finish()
  }

  /// `dispatch import FILE --store NEW --json`, median of 3 fresh stores.
  static func importMeasured(_ binary: URL, _ file: URL, _ context: BenchContext) throws -> Run {
    var runs: [(ChildMeasurement, Int, String)] = []
    for index in 0..<3 {
      let store = context.workspace
        .appendingPathComponent(
          file.deletingPathExtension().lastPathComponent + "-\(index)-\(file.pathExtension).sqlite"
        ).path
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: store + suffix)
      }
      let summary = context.workspace.appendingPathComponent("health-summary.json").path
      let measured = try ChildMeter.run(
        binary.path,
        ["import", file.path, "--store", store, "--json", "--time-zone", "America/New_York"],
        stdout: summary)
      let json = FileManager.default.contents(atPath: summary).flatMap {
        try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
      }
      runs.append((measured, json?["recordsImported"] as? Int ?? -1, store))
    }
    let sorted = runs.sorted { $0.0.seconds < $1.0.seconds }
    let middle = sorted[1]
    for run in runs where run.2 != middle.2 {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: run.2 + suffix)
      }
    }
    return Run(
      seconds: middle.0.seconds, peakMiB: runs.compactMap(\.0.peakMiB).max(), records: middle.1,
      store: middle.2)
  }

  /// healthkit-to-sqlite from PyPI in a virtualenv of the workspace; nil when it cannot be had.
  static func healthkitToSQLite(_ context: BenchContext) -> String? {
    guard let python = ProcessRunner.find("python3") else { return nil }
    let venv = context.workspace.appendingPathComponent("hk2s-venv")
    let tool = venv.appendingPathComponent("bin/healthkit-to-sqlite").path
    if FileManager.default.isExecutableFile(atPath: tool) { return tool }
    do {
      try ProcessRunner.run(python, ["-m", "venv", venv.path])
      try ProcessRunner.run(
        venv.appendingPathComponent("bin/pip"),
        ["install", "--quiet", "healthkit-to-sqlite==1.0.1"])
    } catch {
      return nil
    }
    return FileManager.default.isExecutableFile(atPath: tool) ? tool : nil
  }

  /// The two ways of writing the samples that docs/formats/apple-health.md#storage-shape weighs, on
  /// the imported rows, with the sqlite3 shell so the parse cost is out of it: straight into the
  /// store (one transaction, WAL, the identity index in place — what `dispatch import` does)
  /// against a staging file (journal and sync off, no index) merged into the store in one
  /// transaction.
  static func storageStrategies(_ context: BenchContext, store: String) throws -> [BenchResult] {
    guard let sqlite = ProcessRunner.find("sqlite3") else { return [] }
    let columns = """
      type_id, source_id, source_version_id, device_id, unit_id, value, value_text_id, start_ms,
      end_ms, start_offset_s, end_offset_s, creation_ms, time_zone_id, content_hash
      """
    let table = """
      CREATE TABLE health_samples (id INTEGER PRIMARY KEY, type_id INTEGER NOT NULL,
        source_id INTEGER NOT NULL, source_version_id INTEGER, device_id INTEGER,
        unit_id INTEGER, value REAL, value_text_id INTEGER, start_ms INTEGER NOT NULL,
        end_ms INTEGER NOT NULL, start_offset_s INTEGER NOT NULL, end_offset_s INTEGER NOT NULL,
        creation_ms INTEGER, time_zone_id INTEGER, content_hash INTEGER NOT NULL) STRICT;
      """
    let index =
      "CREATE UNIQUE INDEX identity ON health_samples (type_id, start_ms, content_hash);"
    func fresh(_ name: String) -> String {
      let path = context.workspace.appendingPathComponent(name).path
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
      return path
    }
    let direct = fresh("strategy-direct.sqlite")
    let directSeconds = try Stopwatch.time {
      try ProcessRunner.run(
        sqlite,
        [
          direct,
          "PRAGMA journal_mode = WAL; PRAGMA cache_size = -32768; \(table) \(index) "
            + "ATTACH '\(store)' AS source; BEGIN; INSERT INTO health_samples (\(columns)) "
            + "SELECT \(columns) FROM source.health_samples ORDER BY id; COMMIT;",
        ])
    }
    let staging = fresh("strategy-staging.sqlite")
    let target = fresh("strategy-target.sqlite")
    let stagingSeconds = try Stopwatch.time {
      try ProcessRunner.run(
        sqlite,
        [
          staging,
          "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; \(table) ATTACH '\(store)' AS source; "
            + "BEGIN; INSERT INTO health_samples (\(columns)) SELECT \(columns) FROM source.health_samples "
            + "ORDER BY id; COMMIT;",
        ])
    }
    let mergeSeconds = try Stopwatch.time {
      try ProcessRunner.run(
        sqlite,
        [
          target,
          "PRAGMA journal_mode = WAL; PRAGMA cache_size = -32768; \(table) \(index) "
            + "ATTACH '\(staging)' AS staging; BEGIN; INSERT OR IGNORE INTO health_samples (\(columns)) "
            + "SELECT \(columns) FROM staging.health_samples ORDER BY id; COMMIT;",
        ])
    }
    var result = BenchResult(
      name: "storage: samples straight into the store, one transaction", value: directSeconds,
      unit: "s",
      detail: String(
        format:
          "sqlite3 shell, the imported sample rows, WAL + identity index; peer: staging file (journal off, %.2f s) + merge into the store (%.2f s)",
        stagingSeconds, mergeSeconds))
    result.peerName = "staging + merge"
    result.peerValue = stagingSeconds + mergeSeconds
    return [result]
  }
}
