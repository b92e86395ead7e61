import DispatchKit
import Foundation

@testable import DispatchStorage

/// A store with hand-placed records for query tests. Times are minutes after T0,
/// 2026-03-04T10:00:00Z, a Wednesday.
final class QueryFixture {
  static let t0: Int64 = 1_772_618_400_000
  static let minute: Int64 = 60_000
  static let hour: Int64 = 3_600_000
  static let day: Int64 = 86_400_000

  let store: DispatchStore
  let clock: MutableClock
  var db: Database { store.database }

  init(now: Int64 = t0 + 2 * day, zone: String = "UTC") throws {
    clock = MutableClock(Instant(milliseconds: now))
    store = try DispatchStore(
      environment: RunEnvironment(clock: clock, ids: SequentialIDGenerator()))
    try db.execute("INSERT INTO settings (key, value) VALUES ('timeZone', ?)", [zone])
  }

  func engine() throws -> QueryEngine { try store.queries.queryEngine() }

  func count(_ query: String) throws -> Int {
    let engine = try engine()
    return try engine.count(try engine.plan(query))
  }

  func ids(_ query: String) throws -> [String] {
    let engine = try engine()
    return try engine.records(try engine.plan(query)).map(\.id).sorted()
  }

  func diagnostic(_ query: String) throws -> QueryDiagnostic? {
    let engine = try engine()
    do {
      _ = try engine.plan(query)
      return nil
    } catch {
      return error
    }
  }

  func mood(
    _ id: String, at minutes: Int64, _ rating: Double, note: String? = nil, offsetHours: Int = 0
  )
    throws
  {
    try db.execute(
      """
      INSERT INTO ratings (id, kind, date_ms, utc_offset_seconds, precision, rating, scale_min,
        scale_max, note, source) VALUES (?, 'mood', ?, ?, 'second', ?, 1, 10, ?, 'Dispatch')
      """,
      [id, Self.t0 + minutes * Self.minute, offsetHours * 3600, rating, note])
  }

  func activity(
    _ id: String, _ name: String, from start: Int64, to end: Int64?, tags: [String] = [],
    definitionTags: [String] = []
  ) throws {
    let definition = "def-" + name.lowercased()
    try db.execute(
      """
      INSERT OR IGNORE INTO activity_definitions (id, name, name_key, tags, sort_order, source)
      VALUES (?, ?, ?, ?, 0, 'Dispatch')
      """, [definition, name, name.lowercased(), Self.json(definitionTags)])
    try db.execute(
      """
      INSERT INTO activities (id, definition_id, start_ms, start_utc_offset_seconds,
        start_precision, end_ms, end_utc_offset_seconds, tags, source)
      VALUES (?, ?, ?, 0, 'second', ?, 0, ?, 'Dispatch')
      """,
      [
        id, definition, Self.t0 + start * Self.minute, end.map { Self.t0 + $0 * Self.minute },
        Self.json(tags),
      ])
  }

  /// A health sample of `type` (the part after the identifier prefix, e.g. `HeartRate`).
  func sample(_ type: String, at start: Int64, minutes: Int64 = 0, value: Double) throws {
    let identifier =
      (type == "SleepAnalysis" ? "HKCategoryTypeIdentifier" : "HKQuantityTypeIdentifier") + type
    let typeID = try string(identifier)
    let source = try string("Watch")
    let startMS = Self.t0 + start * Self.minute
    let endMS = startMS + minutes * Self.minute
    try db.execute(
      """
      INSERT INTO health_samples (type_id, source_id, value, start_ms, end_ms, start_offset_s,
        end_offset_s, content_hash) VALUES (?, ?, ?, ?, ?, 0, 0, ?)
      """, [typeID, source, value, startMS, endMS, Int64(startMS ^ Int64(value * 1000))])
    try db.execute(
      """
      INSERT INTO health_type_spans (type_id, samples, longest_ms) VALUES (?, 1, ?)
      ON CONFLICT (type_id) DO UPDATE SET samples = samples + 1,
        longest_ms = max(longest_ms, excluded.longest_ms)
      """, [typeID, endMS - startMS])
  }

  private func string(_ text: String) throws -> Int64 {
    try db.execute("INSERT OR IGNORE INTO health_strings (value) VALUES (?)", [text])
    return Int64(try db.scalarInt("SELECT id FROM health_strings WHERE value = ?", [text]) ?? 0)
  }

  /// A report at `minutes` with answers: numbers by prompt, tokens by prompt.
  func report(
    _ id: String, at minutes: Int64, numbers: [String: Double] = [:],
    tokens: [String: [String]] = [:], offsetHours: Int = 0
  ) throws {
    try db.execute(
      """
      INSERT INTO reports (id, date_ms, utc_offset_s, time_zone, kind, trigger)
      VALUES (?, ?, ?, 'UTC', 'regular', 'manual')
      """, [id, Self.t0 + minutes * Self.minute, offsetHours * 3600])
    for (position, (prompt, value)) in numbers.sorted(by: { $0.key < $1.key }).enumerated() {
      try question(prompt, type: 5)
      try db.execute(
        """
        INSERT INTO responses (id, report_id, position, question_id, question_prompt,
          numeric_value) VALUES (?, ?, ?, ?, ?, ?)
        """, ["\(id)-n\(position)", id, position, "q-" + prompt, prompt, value])
    }
    for (position, (prompt, values)) in tokens.sorted(by: { $0.key < $1.key }).enumerated() {
      try question(prompt, type: 0)
      let response = "\(id)-t\(position)"
      try db.execute(
        """
        INSERT INTO responses (id, report_id, position, question_id, question_prompt, has_tokens)
        VALUES (?, ?, ?, ?, ?, 1)
        """, [response, id, 100 + position, "q-" + prompt, prompt])
      for (index, token) in values.enumerated() {
        try db.execute(
          "INSERT INTO response_values (response_id, role, position, text) VALUES (?, 'token', ?, ?)",
          [response, index, token])
      }
    }
  }

  private func question(_ prompt: String, type: Int) throws {
    try db.execute(
      "INSERT OR IGNORE INTO questions (id, prompt, type, sort_order) VALUES (?, ?, ?, 0)",
      ["q-" + prompt, prompt, type])
  }

  private static func json(_ values: [String]) -> String {
    "[" + values.map { "\"\($0)\"" }.joined(separator: ",") + "]"
  }
}

/// A clock tests move.
final class MutableClock: WallClock, @unchecked Sendable {
  // Tests run one store per test on one thread.
  var instant: Instant
  init(_ instant: Instant) { self.instant = instant }
  func now() -> Instant { instant }
}
