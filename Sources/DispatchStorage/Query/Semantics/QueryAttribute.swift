/// The kinds of attribute, each with its own operators (docs/query-language.md, "Operators").
public enum QueryAttributeKind: Sendable, Equatable {
  /// Compared case-insensitively: `=`, `!=`, `contains`, `starts with`, `ends with`,
  /// `is empty`, `in (…)`.
  case text
  /// `=`, `!=`, `<`, `<=`, `>`, `>=`, `between`, `in (…)`, `is empty`.
  case number
  /// Milliseconds since the epoch, read in the record's own offset for days and clocks:
  /// `before`, `after`, `on`, `between`, `in last N units`, `this unit`, comparisons.
  case instant
  /// Seconds since local midnight: `before 18:00`, `after`, `between 9:00 and 17:00`, `=`.
  case timeOfDay
  /// 0 = Sunday … 6 = Saturday: `= sat`, `in (sat, sun)`, `!=`.
  case dayOfWeek
  /// Milliseconds: compared with `30m`, `1h30m`, `2 hours`.
  case duration
  /// A set of texts (tags, tokens, people, options): `has any|all|none (…)`, `has X`,
  /// `"X" in attribute`, `is empty`.
  case tags
  /// One of a fixed set of texts (suggested when misspelled): `=`, `!=`, `in (…)`.
  case choice([String])
  /// `is true`, `is false`, `= yes|no`.
  case boolean
  /// A dosage text (`20 mg`), compared by base-unit amount (docs/formats/introspective.md#dosage).
  case dosage
  /// A place: its name with the text operators, and its coordinates with
  /// `near (lat, lon) [within 500 m]`.
  case place

  /// The name docs and diagnostics use.
  public var name: String {
    switch self {
    case .text: return "text"
    case .number: return "number"
    case .instant: return "date/time"
    case .timeOfDay: return "time of day"
    case .dayOfWeek: return "day of week"
    case .duration: return "duration"
    case .tags: return "tags"
    case .choice: return "choice"
    case .boolean: return "boolean"
    case .dosage: return "dosage"
    case .place: return "place"
    }
  }

  /// The operators this kind accepts.
  public var operators: Set<TestOperator> {
    let ordering: Set<TestOperator> = [
      .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .between, .notBetween,
      .isEmpty, .isNotEmpty, .inList, .notInList,
    ]
    switch self {
    case .text, .place:
      let text: Set<TestOperator> = [
        .equal, .notEqual, .contains, .notContains, .startsWith, .endsWith, .isEmpty, .isNotEmpty,
        .inList, .notInList,
      ]
      return self == .place ? text.union([.near]) : text
    case .number, .duration, .dosage: return ordering
    case .instant:
      return ordering.union([.before, .after, .on, .inLast, .inCurrent])
    case .timeOfDay: return ordering.union([.before, .after])
    case .dayOfWeek, .choice:
      return [.equal, .notEqual, .inList, .notInList, .isEmpty, .isNotEmpty]
    case .tags: return [.hasAny, .hasAll, .hasNone, .isEmpty, .isNotEmpty, .contains]
    case .boolean: return [.isTrue, .isFalse, .equal, .notEqual, .isEmpty, .isNotEmpty]
    }
  }
}

/// One attribute of a record type: its name, kind and SQL.
public struct QueryAttribute: Sendable {
  /// The canonical name, lower-case words: `rating`, `day of week`.
  public let name: String
  /// Other names users type.
  public let aliases: [String]
  public let kind: QueryAttributeKind
  /// The value over the type's alias. For `.tags`, a `SELECT` whose one column `v` lists the
  /// texts; for `.instant`, milliseconds since the epoch.
  public let value: AliasedSQL
  /// For `.instant` attributes: the record's UTC offset in seconds, for local days and clocks.
  public let offset: AliasedSQL?
  /// A one-line description for `dispatch query types`.
  public let summary: String
  /// An index that makes tests on this attribute fast, built the first time a query needs it.
  public let index: QueryIndex?
  /// For `.place` attributes: a `SELECT` of the place's coordinates as columns `lat`, `lon`.
  public let coordinates: AliasedSQL?
  /// For `.tags` attributes, optionally: given folded texts, an uncorrelated `SELECT` of the
  /// IDs of the records whose set holds one of them. `has any` and its kin then look each
  /// record up in one list built from an index, instead of building every record's set.
  public let holders: (@Sendable ([DatabaseValue]) -> SQLFragment)?

  /// An attribute.
  public init(
    _ name: String, _ kind: QueryAttributeKind, _ value: AliasedSQL, aliases: [String] = [],
    offset: AliasedSQL? = nil, summary: String = "", index: QueryIndex? = nil,
    coordinates: AliasedSQL? = nil,
    holders: (@Sendable ([DatabaseValue]) -> SQLFragment)? = nil
  ) {
    self.holders = holders
    self.name = name
    self.aliases = aliases
    self.kind = kind
    self.value = value
    self.offset = offset
    self.summary = summary
    self.index = index
    self.coordinates = coordinates
  }
}

/// An attribute that takes a name: `answer("How happy are you?")`, `reading("steps")`.
public struct QueryAttributeFamily: Sendable {
  /// The function name: `answer`.
  public let name: String
  /// The names it accepts, for suggestions and `--help-types`.
  public let candidates: [String]
  /// What one name means; nil when the name is unknown.
  public let resolve: @Sendable (String) -> QueryAttribute?
  /// What the family is.
  public let summary: String

  /// A family.
  public init(
    _ name: String, candidates: [String], summary: String,
    resolve: @escaping @Sendable (String) -> QueryAttribute?
  ) {
    self.name = name
    self.candidates = candidates
    self.summary = summary
    self.resolve = resolve
  }
}

/// An index built on first use rather than kept up by every import: maintaining one in
/// random order while millions of samples arrive would halve the import's speed, and one
/// `CREATE INDEX` sorts them once (docs/benchmarks.md).
public struct QueryIndex: Sendable, Equatable {
  /// The index's name in the schema.
  public let name: String
  /// What it indexes, for the note the command line prints while building it.
  public let purpose: String
  /// `CREATE INDEX IF NOT EXISTS …`.
  let sql: String

  /// Health sample values per type: `heart rate where value > 100` reads only the matches.
  public static let healthValues = QueryIndex(
    name: "health_samples_by_value", purpose: "health sample values",
    sql: "CREATE INDEX IF NOT EXISTS health_samples_by_value ON health_samples (type_id, value)")
}
