import DispatchCore

/// Writes an Apple Health export's batches into the store, inside the import's transaction
/// (docs/import-export.md#the-import-summary, docs/health.md#what-is-imported): a sample already
/// stored (same type, start and content hash) is `unchanged`, never a second row; a correlation
/// member that also stands at top level is one sample, counted once.
final class HealthImportWriter {
  /// Owners of metadata and extra attributes.
  enum Owner: Int64 {
    case sample = 0
    case correlation, workout, workoutActivity, workoutEvent, workoutRoute, summary
  }

  let db: Database
  /// The reader's string numbers → `health_strings` ids (one reader per file).
  var stringIDs: [Int64] = []
  /// The reader's number of a device description → its `health_devices` id.
  private var deviceIDs: [Int32: Int64] = [:]
  /// Correlation members written by this run, by content hash: their top-level copies are
  /// the same sample and are not counted again.
  private var membersWritten: Set<Int64> = []
  /// Routes whose points are in a file beside the export: (route id, path as written).
  private(set) var routeFiles: [(route: Int64, path: String)] = []
  /// The file being written: each file has its own reader and string numbers.
  private var currentFile: String?
  /// The file's `locale`, once read.
  var locale: String?
  /// Per type id, the samples this run added and the longest of them (`health_type_spans`).
  private var spans: [Int64: TypeSpan] = [:]
  /// The span of the type being written: an export lists a type's samples together, so the
  /// dictionary is touched once per run of a type rather than once per sample.
  private var currentSpan = (type: Int64(-1), span: TypeSpan())
  /// The last device looked up, for the same reason.
  private var lastDevice = (number: Int32(-1), id: Int64?.none)
  /// When this import ran, recorded with each export.
  let importedAt: Int64

  /// The path of the file being written, for problems.
  var currentPath: String { currentFile ?? "" }

  private let samples: HealthSampleInserter
  private let insertMetadata: Statement
  private let insertBeat: Statement
  private let insertExtra: Statement
  private let findSample: Statement

  init(db: Database, now: Instant) throws(StoreError) {
    self.db = db
    importedAt = now.milliseconds
    samples = try HealthSampleInserter(db: db)
    insertMetadata = try db.statement(
      """
      INSERT INTO health_metadata (owner_kind, owner_id, position, key_id, value)
      VALUES (?, ?, ?, ?, ?)
      """)
    insertBeat = try db.statement(
      """
      INSERT INTO health_hrv_beats (sample_id, position, bpm, time_text, time_ms)
      VALUES (?, ?, ?, ?, ?)
      """)
    insertExtra = try db.statement(
      """
      INSERT OR REPLACE INTO health_extra_attributes (owner_kind, owner_id, name_id, value)
      VALUES (?, ?, ?, ?)
      """)
    findSample = try db.statement(
      "SELECT id FROM health_samples WHERE type_id = ? AND start_ms = ? AND content_hash = ?")
  }

  /// Writes one batch and counts it into `summary`.
  func write(_ batch: HealthBatch, path: String, into summary: inout ImportSummary) throws {
    if currentFile != path {
      currentFile = path
      stringIDs = []
      deviceIDs = [:]
      lastDevice = (-1, nil)
      locale = nil
    }
    if let known = batch.locale { locale = known }
    try learnStrings(batch)
    for file in batch.routes {
      try writePoints(of: file)
    }
    summary["skipped"] += batch.skipped
    summary.problems += batch.problems
    var members: [Int32: [Int64]] = [:]
    // Counted here and added once: the summary's counters are keyed by name.
    var tally = SampleTally()
    let ids = try samples.insert(try batch.samples.map(columns))
    try batch.text.withUnsafeBufferPointer { arena throws in
      for (sample, newID) in zip(batch.samples, ids) {
        let id = try account(sample, newID: newID, of: batch, arena: arena, into: &tally)
        if sample.correlation >= 0, let id { members[sample.correlation, default: []].append(id) }
      }
    }
    summary["recordsImported"] += tally.imported
    summary["metadataEntriesImported"] += tally.metadata
    summary["unchanged"] += tally.unchanged
    for (slot, correlation) in batch.correlations.enumerated() {
      try write(correlation, members: members[Int32(slot)] ?? [], into: &summary)
    }
    for element in batch.elements {
      try write(element, into: &summary)
    }
  }

  /// Adds this run's samples to the per-type counts and longest durations.
  func finish() throws {
    closeSpan()
    for (type, span) in spans {
      try db.execute(
        """
        INSERT INTO health_type_spans (type_id, samples, longest_ms) VALUES (?, ?, ?)
        ON CONFLICT (type_id) DO UPDATE SET samples = samples + excluded.samples,
          longest_ms = max(longest_ms, excluded.longest_ms)
        """, values: [.integer(type), .integer(span.samples), .integer(span.longest)])
    }
    spans = [:]
    try ImportJournal.forgetReplaced(db)
  }

  /// Makes `type` the current span's type.
  private func openSpan(_ type: Int64) {
    guard currentSpan.type != type else { return }
    closeSpan()
    currentSpan = (type, spans[type] ?? TypeSpan())
  }

  private func closeSpan() {
    if currentSpan.type >= 0 { spans[currentSpan.type] = currentSpan.span }
    currentSpan.type = -1
  }

  /// The store id of the reader's string `number`.
  func stringID(_ number: Int32) -> Int64? {
    number >= 0 && Int(number) < stringIDs.count ? stringIDs[Int(number)] : nil
  }

  private func learnStrings(_ batch: HealthBatch) throws {
    guard !batch.newStrings.isEmpty else { return }
    precondition(Int(batch.firstNewString) == stringIDs.count, "batches arrive in order")
    for text in batch.newStrings {
      stringIDs.append(try Self.string(text, in: db))
    }
  }

  /// The id of `text` in `health_strings`, added when new.
  static func string(_ text: String, in db: Database) throws(StoreError) -> Int64 {
    try db.execute("INSERT OR IGNORE INTO health_strings (value) VALUES (?)", values: [.text(text)])
    guard
      let id = try db.rows("SELECT id FROM health_strings WHERE value = ?", [text]).first?.int64(0)
    else { throw StoreError(.corruptValue, "a health string was not stored") }
    return id
  }

  /// A sample's columns with store ids for the reader's strings.
  private func columns(_ sample: HealthSampleRow) throws -> HealthSampleColumns {
    guard let type = stringID(sample.type), let source = stringID(sample.source) else {
      throw StoreError(.corruptValue, "a health sample refers to an unknown string")
    }
    return HealthSampleColumns(
      type: type, source: source, sourceVersion: stringID(sample.sourceVersion),
      device: try device(sample.device), unit: stringID(sample.unit), value: sample.value,
      valueText: stringID(sample.valueText), start: sample.start, end: sample.end,
      startOffset: Int64(sample.startOffset), endOffset: Int64(sample.endOffset),
      creation: sample.creation, timeZone: stringID(sample.timeZone), hash: sample.hash)
  }

  /// Counts a sample the inserter saw and writes its children when it is new (`newID`); its
  /// row id (new or already stored), or nil when it was written by this run as a correlation
  /// member and this is its top-level copy.
  private func account(
    _ sample: HealthSampleRow, newID: Int64?, of batch: HealthBatch,
    arena: UnsafeBufferPointer<UInt8>, into tally: inout SampleTally
  ) throws -> Int64? {
    let metadataCount = Int(sample.metadata.count)
    guard let type = stringID(sample.type) else { return nil }
    if let id = newID {
      tally.imported += 1
      tally.metadata += metadataCount
      openSpan(type)
      currentSpan.span.add(duration: sample.end - sample.start)
      if sample.correlation >= 0 { membersWritten.insert(sample.hash) }
      try writeChildren(of: sample, id: id, batch: batch, arena: arena)
      return id
    }
    if sample.correlation < 0 {
      // A top-level copy of a member this run wrote is that same sample, already counted.
      if !membersWritten.contains(sample.hash) {
        tally.unchanged += 1 + metadataCount
      }
      return nil
    }
    // A member already stored is counted by its top-level copy, which every export has.
    return try storedSample(type: type, start: sample.start, hash: sample.hash)
  }

  private func storedSample(type: Int64, start: Int64, hash: Int64) throws -> Int64 {
    let statement = findSample
    statement.beginRow()
    statement.bind(1, type)
    statement.bind(2, start)
    statement.bind(3, hash)
    guard try statement.step() else {
      throw StoreError(.corruptValue, "a health sample was neither written nor found")
    }
    let id = statement.integer(at: 0)
    statement.reset()
    return id
  }

  private func writeChildren(
    of sample: HealthSampleRow, id: Int64, batch: HealthBatch, arena: UnsafeBufferPointer<UInt8>
  ) throws {
    var position: Int64 = 0
    for index in sample.metadata {
      let entry = batch.metadata[Int(index)]
      guard let key = stringID(entry.key) else { continue }
      insertMetadata.beginRow()
      insertMetadata.bind(1, Owner.sample.rawValue)
      insertMetadata.bind(2, id)
      insertMetadata.bind(3, position)
      insertMetadata.bind(4, key)
      insertMetadata.bindText(5, Self.slice(arena, entry.value))
      _ = try insertMetadata.stepRow()
      position += 1
    }
    position = 0
    for index in sample.beats {
      let beat = batch.beats[Int(index)]
      insertBeat.beginRow()
      insertBeat.bind(1, id)
      insertBeat.bind(2, position)
      insertBeat.bind(3, beat.bpm)
      insertBeat.bindText(4, Self.slice(arena, beat.time))
      insertBeat.bind(5, beat.instant)
      _ = try insertBeat.stepRow()
      position += 1
    }
    for index in sample.extras {
      let extra = batch.extras[Int(index)]
      guard let name = stringID(extra.name) else { continue }
      insertExtra.beginRow()
      insertExtra.bind(1, Owner.sample.rawValue)
      insertExtra.bind(2, id)
      insertExtra.bind(3, name)
      insertExtra.bindText(4, Self.slice(arena, extra.value))
      _ = try insertExtra.stepRow()
    }
  }

  static func slice(_ arena: UnsafeBufferPointer<UInt8>, _ span: HealthTextSpan)
    -> UnsafeBufferPointer<UInt8>
  {
    UnsafeBufferPointer(rebasing: arena[Int(span.start)..<Int(span.start + span.count)])
  }

  /// The device id of the reader's description number, added when new.
  func device(_ number: Int32) throws -> Int64? {
    guard number >= 0 else { return nil }
    if number == lastDevice.number { return lastDevice.id }
    if let known = deviceIDs[number] {
      lastDevice = (number, known)
      return known
    }
    guard Int(number) < stringIDs.count else { return nil }
    let id = try HealthDevices.id(
      ofDescription: try text(ofStringID: stringIDs[Int(number)]), in: db)
    deviceIDs[number] = id
    lastDevice = (number, id)
    return id
  }

  private func text(ofStringID id: Int64) throws -> String {
    guard
      let text = try db.rows("SELECT value FROM health_strings WHERE id = ?", [id]).first?.string(0)
    else { throw StoreError(.corruptValue, "a health string is missing") }
    return text
  }

  /// Remembers a route whose points are in `path` beside the export.
  func addRouteFile(route: Int64, path: String) {
    routeFiles.append((route, path))
  }

  /// The points of (a part of) a route file, for every route this run wrote that names it.
  private func writePoints(of file: HealthRouteFile) throws {
    for (route, path) in routeFiles where path == file.path {
      for (offset, point) in file.points.enumerated() {
        try HealthRoutePoints.insert(
          point, route: route, position: file.firstPosition + offset, in: db)
      }
      try db.execute(
        "UPDATE health_workout_routes SET points_found = ? WHERE id = ?",
        values: [.integer(Int64(file.firstPosition + file.points.count)), .integer(route)])
    }
  }
}

/// A type's samples added by this run and the longest of them.
struct TypeSpan {
  var samples: Int64 = 0
  var longest: Int64 = 0

  mutating func add(duration: Int64) {
    samples += 1
    longest = max(longest, duration)
  }
}

/// The counters of one batch's samples.
struct SampleTally {
  var imported = 0
  var metadata = 0
  var unchanged = 0
}
