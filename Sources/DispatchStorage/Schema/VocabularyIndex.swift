import DispatchCore
import Foundation

/// Rebuilds the token, place and people vocabulary from filed answers
/// (docs/people.md#the-vocabulary), after every save and import.
package enum VocabularyIndex {
  /// A token answered to a question whose prompt belongs to a people question is a person.
  private static let peoplePrompts = "SELECT prompt FROM questions WHERE type = 4"
  private static let filedResponses = """
    FROM response_values v
    JOIN responses r ON r.id = v.response_id
    JOIN reports rp ON rp.id = r.report_id AND rp.is_draft = 0
    WHERE v.role = 'token'
    """

  static func rebuild(_ db: Database) throws {
    try db.execute("DELETE FROM vocabulary")
    try db.execute(
      """
      INSERT INTO vocabulary (kind, text, usage_count, question_count)
      SELECT 'token', v.text, count(*), count(DISTINCT r.question_prompt)
      \(filedResponses) AND v.text <> '' AND r.question_prompt NOT IN (\(peoplePrompts))
      GROUP BY v.text
      """)
    try db.execute(
      """
      INSERT INTO vocabulary (kind, text, usage_count, question_count)
      SELECT 'place', l.text, count(*), count(DISTINCT r.question_prompt)
      FROM response_locations l
      JOIN responses r ON r.id = l.response_id
      JOIN reports rp ON rp.id = r.report_id AND rp.is_draft = 0
      WHERE l.text IS NOT NULL AND l.text <> ''
      GROUP BY l.text
      """)
    try rebuildPeople(db)
  }

  /// Runs a change to the questions, then rebuilds the vocabulary when it changed which prompts
  /// are people questions (their answers are people, not tokens).
  static func followingPeoplePrompts(_ db: Database, _ change: () throws -> Void) throws {
    let before = try peoplePromptList(db)
    try change()
    if try peoplePromptList(db) != before { try rebuild(db) }
  }

  /// The prompts of the people questions, in order.
  static func peoplePromptList(_ db: Database) throws -> [String] {
    try db.rows(peoplePrompts + " ORDER BY prompt").compactMap { $0.string(0) }
  }

  /// What one report contributes to the vocabulary while it is filed (a draft contributes
  /// nothing): for each token text and place name, how many times each question's prompt
  /// answered it, and whether it answers a people question. Read before and after a report is
  /// saved, so the refresh adjusts by the difference.
  struct Contribution {
    var tokens: [String: [String: Int]] = [:]
    var places: [String: [String: Int]] = [:]
    var answersPeople = false

    /// Adds another report's contribution to this one.
    mutating func add(_ other: Contribution) {
      for (text, prompts) in other.tokens {
        tokens[text, default: [:]].merge(prompts, uniquingKeysWith: +)
      }
      for (text, prompts) in other.places {
        places[text, default: [:]].merge(prompts, uniquingKeysWith: +)
      }
      answersPeople = answersPeople || other.answersPeople
    }
  }

  /// The vocabulary `reportID` contributes as stored now (nothing when there is no such report).
  static func contribution(of reportID: String, _ db: Database) throws -> Contribution {
    var contribution = Contribution()
    // Driven from the report's responses (CROSS JOIN keeps that order): a plain join may
    // start from every token value in the store.
    for row in try db.rows(
      """
      SELECT v.text, r.question_prompt, r.question_prompt IN (\(peoplePrompts)), rp.is_draft
      FROM reports rp CROSS JOIN responses r ON r.report_id = rp.id
      CROSS JOIN response_values v ON v.response_id = r.id
      WHERE rp.id = ? AND v.role = 'token'
      """, [reportID])
    {
      guard row.int(3) == 0 else { continue }
      if row.int(2) == 1 {
        contribution.answersPeople = true
        continue
      }
      let text = try row.requiredString(0)
      guard !text.isEmpty else { continue }
      contribution.tokens[text, default: [:]][try row.requiredString(1), default: 0] += 1
    }
    for row in try db.rows(
      """
      SELECT l.text, r.question_prompt
      FROM reports rp CROSS JOIN responses r ON r.report_id = rp.id
      CROSS JOIN response_locations l ON l.response_id = r.id
      WHERE rp.id = ? AND rp.is_draft = 0 AND l.text IS NOT NULL AND l.text <> ''
      """, [reportID])
    {
      contribution.places[try row.requiredString(0), default: [:]][
        try row.requiredString(1), default: 0] += 1
    }
    return contribution
  }

  /// Adjusts the entries one report touched from what it contributed (`before`) to what it
  /// contributes now (`after`): the same figures ``rebuild(_:)`` gives, at the cost of that
  /// report's answers whatever the store's size (one `dispatch report` on a ten-year history).
  /// A prompt's share of an entry's question count is looked up only when the report was its
  /// only use or becomes one. People are recounted in full, and only when the report answers
  /// a people question.
  static func refresh(
    report reportID: String, from before: Contribution, to after: Contribution, _ db: Database
  ) throws {
    try refresh(Change(reports: [reportID], before: before, after: after), db)
  }

  /// ``refresh(report:from:to:_:)`` for several reports at once: what they contributed
  /// together before they were saved, and together after.
  static func refresh(_ change: Change, _ db: Database) throws {
    // The reports themselves are left out when asking whether a prompt is used elsewhere.
    let reports = "(SELECT value FROM json_each(?))"
    let ids = JSONStringList.encode(change.reports.sorted())
    try adjust(
      kind: "token", change.before.tokens, change.after.tokens, reports: ids, db,
      elsewhere: """
        SELECT EXISTS (SELECT 1 \(filedResponses) AND v.text = ? AND r.question_prompt = ?
          AND r.report_id NOT IN \(reports))
        """)
    try adjust(
      kind: "place", change.before.places, change.after.places, reports: ids, db,
      elsewhere: """
        SELECT EXISTS (SELECT 1 FROM response_locations l
          JOIN responses r ON r.id = l.response_id
          JOIN reports rp ON rp.id = r.report_id AND rp.is_draft = 0
          WHERE l.text = ? AND r.question_prompt = ? AND r.report_id NOT IN \(reports))
        """)
    if change.before.answersPeople || change.after.answersPeople { try rebuildPeople(db) }
  }

  /// What reports filed one after another contributed before and after, summed, for one
  /// ``refresh(_:_:)`` of them all. A report filed twice must not be in one change: its
  /// second `before` would hide a prompt its first filing dropped.
  struct Change {
    private(set) var reports: Set<String> = []
    private(set) var before = Contribution()
    private(set) var after = Contribution()

    init() {}

    init(reports: Set<String>, before: Contribution, after: Contribution) {
      self.reports = reports
      self.before = before
      self.after = after
    }

    mutating func add(report: String, before: Contribution, after: Contribution) {
      reports.insert(report)
      self.before.add(before)
      self.after.add(after)
    }
  }

  private static func adjust(
    kind: String, _ before: [String: [String: Int]], _ after: [String: [String: Int]],
    reports: String, _ db: Database, elsewhere: String
  ) throws {
    for text in Set(before.keys).union(after.keys).sorted() {
      let old = before[text] ?? [:]
      let new = after[text] ?? [:]
      let usageChange = new.values.reduce(0, +) - old.values.reduce(0, +)
      var promptChange = 0
      for prompt in Set(old.keys).union(new.keys) where (old[prompt] == nil) != (new[prompt] == nil)
      {
        // The prompt counts for the entry as long as another filed report uses it with the text.
        if try db.scalarInt(elsewhere, [text, prompt, reports]) != 1 {
          promptChange += new[prompt] == nil ? -1 : 1
        }
      }
      guard usageChange != 0 || promptChange != 0 else { continue }
      let current = try db.rows(
        "SELECT usage_count, question_count FROM vocabulary WHERE kind = ? AND text = ?",
        [kind, text]
      ).first
      let usage = (current?.int(0) ?? 0) + usageChange
      let prompts = (current?.int(1) ?? 0) + promptChange
      if usage <= 0 {
        try db.execute("DELETE FROM vocabulary WHERE kind = ? AND text = ?", [kind, text])
      } else {
        try db.execute(
          """
          INSERT INTO vocabulary (kind, text, usage_count, question_count) VALUES (?, ?, ?, ?)
          ON CONFLICT (kind, text) DO UPDATE SET usage_count = excluded.usage_count,
            question_count = excluded.question_count
          """, [kind, text, usage, prompts])
      }
    }
  }

  private static func rebuildPeople(_ db: Database) throws {
    var people = try Person.fetchAll(db)
    let original = people
    let explicit = Set(
      try db.rows("SELECT id FROM people WHERE is_explicit = 1").compactMap { $0.string(0) })
    var usage = [Int](repeating: 0, count: people.count)
    var prompts = [Set<String>](repeating: [], count: people.count)
    var indexByKey: [String: Int] = [:]
    // Registry order is by ID, so the first person claiming a name wins deterministically.
    for (index, person) in people.enumerated() {
      for name in [person.displayName] + person.alternateNames {
        let key = NameKey.normalize(name)
        if !key.isEmpty && indexByKey[key] == nil { indexByKey[key] = index }
      }
    }
    let rows = try db.rows(
      """
      SELECT v.text, r.question_prompt, count(*)
      \(filedResponses) AND r.question_prompt IN (\(peoplePrompts))
      GROUP BY v.text, r.question_prompt ORDER BY v.text, r.question_prompt
      """)
    for row in rows {
      let name = try row.requiredString(0).trimmingCharacters(in: .whitespaces)
      let key = NameKey.normalize(name)
      guard !key.isEmpty else { continue }
      let index: Int
      if let known = indexByKey[key] {
        index = known
      } else {
        index = people.count
        people.append(
          Person(
            id: DeterministicUUID.make(
              namespace: DeterministicUUID.importNamespace, name: "person|\(key)"),
            displayName: name))
        usage.append(0)
        prompts.append([])
        indexByKey[key] = index
      }
      usage[index] += row.int(2) ?? 0
      prompts[index].insert(try row.requiredString(1))
    }
    for index in people.indices {
      people[index].usageCount = usage[index]
      people[index].questionCount = prompts[index].count
      let person = people[index]
      if person.usageCount == 0 && person.alternateNames.isEmpty && !explicit.contains(person.id) {
        // Unused entries go; entries with aliases carry history and survive at zero usage.
        try db.execute("DELETE FROM people WHERE id = ?", [person.id])
      } else if index >= original.count || original[index] != person {
        try person.save(db)
      }
    }
    try rebuildNameKeys(db)
  }

  /// The registry's names for SQL lookups (`StoreSchema.personNames`).
  static func rebuildNameKeys(_ db: Database) throws {
    try db.execute("DELETE FROM person_name_keys")
    try db.execute("DELETE FROM person_names")
    for person in try Person.fetchAll(db) {
      var names = Set<String>()
      for name in [person.displayName] + person.alternateNames {
        let key = NameKey.normalize(name)
        guard !key.isEmpty else { continue }
        // People come in ID order: the first to claim a key keeps it.
        try db.execute(
          "INSERT OR IGNORE INTO person_name_keys (key, person_id) VALUES (?, ?)", [key, person.id])
        names.insert(name)
        names.insert(key)
      }
      for name in names.sorted() {
        try db.execute(
          "INSERT INTO person_names (person_id, name) VALUES (?, ?)", [person.id, name])
      }
    }
  }

  /// Entries of `kind` matching `prefix`: prefix matches first, then substring matches, each by
  /// usage then text, at most `limit`.
  package static func suggestions(
    _ db: Database, kind: VocabularyEntry.Kind, matching text: String, limit: Int
  ) throws -> [String] {
    let entries = try db.rows(
      "SELECT text, usage_count FROM vocabulary WHERE kind = ? ORDER BY usage_count DESC, text",
      [kind.rawValue]
    ).map { (text: try $0.requiredString(0), usage: $0.int(1) ?? 0) }
    guard NameKey.normalize(text).isEmpty, limit > 0 else {
      return rank(entries, matching: text, limit: limit)
    }
    // Everything matches an empty text, so only the most used entries can be among the first
    // `limit`: rank those, up to and with every entry tied with the last one needed. The same
    // answer as ranking all of them, without folding a large vocabulary's every entry.
    var distinct = Set<String>()
    var cutoff: Int?
    var head: [(text: String, usage: Int, folded: String)] = []
    for entry in entries {
      if let cutoff, entry.usage < cutoff { break }
      let folded = NameKey.normalize(entry.text)
      head.append((entry.text, entry.usage, folded))
      distinct.insert(folded)
      if cutoff == nil && distinct.count >= limit { cutoff = entry.usage }
    }
    return ranked(head, key: "", limit: limit)
  }

  /// Ranks candidate names: prefix before substring, then usage, then lowercased text.
  package static func rank(
    _ candidates: [(text: String, usage: Int)], matching text: String, limit: Int
  )
    -> [String]
  {
    // The loop below checks the limit after appending, so a zero limit would give one entry.
    guard limit > 0 else { return [] }
    return ranked(
      candidates.map { ($0.text, $0.usage, NameKey.normalize($0.text)) },
      key: NameKey.normalize(text), limit: limit)
  }

  /// ``rank(_:matching:limit:)`` of candidates already folded, against a folded `key`.
  static func ranked(
    _ candidates: [(text: String, usage: Int, folded: String)], key: String, limit: Int
  ) -> [String] {
    guard limit > 0 else { return [] }
    var scored: [(group: Int, usage: Int, folded: String, text: String)] = []
    for candidate in candidates {
      let folded = candidate.folded
      let group: Int
      if key.isEmpty || folded.hasPrefix(key) {
        group = 0
      } else if folded.contains(key) {
        group = 1
      } else {
        continue
      }
      scored.append((group, candidate.usage, folded, candidate.text))
    }
    scored.sort {
      ($0.group, -$0.usage, $0.folded, $0.text) < ($1.group, -$1.usage, $1.folded, $1.text)
    }
    var seen = Set<String>()
    var result: [String] = []
    for entry in scored where seen.insert(entry.folded).inserted {
      result.append(entry.text)
      if result.count == limit { break }
    }
    return result
  }
}

extension SearchView {
  /// Tokens or places used before that match `text`, best first, at most `limit`.
  public func vocabularySuggestions(
    _ kind: VocabularyEntry.Kind, matching text: String, limit: Int
  ) throws -> [String] {
    try VocabularyIndex.suggestions(database, kind: kind, matching: text, limit: limit)
  }
}
