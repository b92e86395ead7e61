/// One kind of record the query language can select: its table, its times and its
/// attributes. Types come from ``QueryTypeProvider``s, so a new kind of record needs a
/// provider and no change to the parser (docs/query-language.md, "Record types").
public struct QueryRecordType: Sendable {
  /// The canonical name, lower-case: `mood`, `heart rate`.
  public let name: String
  /// The plural, for counts: `moods`.
  public let plural: String
  /// Other names users type, any case: `moods`, `HKQuantityTypeIdentifierHeartRate`, `hr`.
  public let aliases: [String]
  /// One line for `dispatch query types`.
  public let summary: String
  /// The table (and joins) with `{a}` for the alias: `ratings AS {a}`.
  public let from: AliasedSQL
  /// The rows of the table that are this type: `{a}.kind = ?`.
  public let filter: AliasedSQL?
  /// The record's ID as users see it.
  public let id: AliasedSQL
  /// When the record starts (or happened), milliseconds since the epoch.
  public let start: AliasedSQL
  /// When it ends, for interval types; NULL while it is still running.
  public let end: AliasedSQL?
  /// The UTC offset, in seconds, the record was made in: days and clocks are read in it.
  public let offset: AliasedSQL
  /// The longest duration of a record of this type in milliseconds (an upper bound), so a
  /// relation can search the start index within a window; nil for instant types.
  public let longestMilliseconds: Int64?
  /// Named attributes, the time attributes first.
  public let attributes: [QueryAttribute]
  /// Attributes that take a name: `answer("…")`.
  public let families: [QueryAttributeFamily]
  /// The attributes result tables show after the time.
  public let columns: [String]
  /// The attribute whose mean a pinned query's summary shows, if any.
  public let mainValue: String?
  /// The Apple Health type identifier of a Health sample type, whose figures per day come from
  /// the store's day parts rather than from the raw samples.
  public let healthType: String?
  /// The record's timestamp precision (`exact` … `day`), for types that keep one: a record
  /// known only to the day has no time of day.
  public let precision: AliasedSQL?

  /// A type. The time attributes (`time`, and for interval types `end` and `duration`) and
  /// the local `day of week` and `time of day` are added to `attributes`.
  public init(
    name: String, plural: String, aliases: [String] = [], summary: String, from: AliasedSQL,
    filter: AliasedSQL? = nil, id: AliasedSQL, start: AliasedSQL, end: AliasedSQL? = nil,
    offset: AliasedSQL, longestMilliseconds: Int64? = nil, attributes: [QueryAttribute],
    families: [QueryAttributeFamily] = [], columns: [String], mainValue: String? = nil,
    healthType: String? = nil, precision: AliasedSQL? = nil
  ) {
    self.name = name
    self.plural = plural
    self.aliases = aliases
    self.summary = summary
    self.from = from
    self.filter = filter
    self.id = id
    self.start = start
    self.end = end
    self.offset = offset
    self.longestMilliseconds = end == nil ? nil : Swift.max(0, longestMilliseconds ?? 0)
    self.families = families
    self.columns = columns
    self.mainValue = mainValue
    self.healthType = healthType
    self.precision = precision
    self.attributes =
      Self.timeAttributes(start: start, end: end, offset: offset, precision: precision)
      + attributes
  }

  private static func timeAttributes(
    start: AliasedSQL, end: AliasedSQL?, offset: AliasedSQL, precision: AliasedSQL?
  ) -> [QueryAttribute] {
    let local = "(\(start.text) + \(offset.text) * 1000)"
    let clock = "(((\(local) % 86400000) + 86400000) % 86400000 / 1000)"
    // A record known only to the day has no clock time: every time-of-day test fails on it.
    let timeOfDay =
      precision.map {
        AliasedSQL(
          "(CASE WHEN \($0.text) = 'day' THEN NULL ELSE \(clock) END)",
          $0.values + start.values + offset.values)
      } ?? AliasedSQL(clock, start.values + offset.values)
    var attributes = [
      QueryAttribute(
        "time", .instant, start, aliases: ["start", "date", "timestamp", "started"],
        offset: offset, summary: "when the record starts or happened"),
      QueryAttribute(
        "day of week", .dayOfWeek,
        AliasedSQL("(((\(local) / 86400000 + 4) % 7 + 7) % 7)", start.values + offset.values),
        aliases: ["weekday", "day"], summary: "the local day of the week it starts on"),
      QueryAttribute(
        "time of day", .timeOfDay, timeOfDay, aliases: ["clock", "hour"],
        summary: "the local clock time it starts at (empty for a record known only to the day)"),
    ]
    if let end {
      attributes.append(
        QueryAttribute(
          "end", .instant, end, aliases: ["ended", "stop", "stopped"], offset: offset,
          summary: "when it ends (empty while it runs)"))
      attributes.append(
        QueryAttribute(
          "duration", .duration,
          AliasedSQL("(\(end.text) - \(start.text))", end.values + start.values),
          aliases: ["length"], summary: "how long it lasted (empty while it runs)"))
    }
    return attributes
  }

  /// Every name of the type, the canonical one first.
  public var names: [String] { [name, plural] + aliases }

  /// The attribute called `name` (any case, any spacing), if any.
  public func attribute(named name: String) -> QueryAttribute? {
    let key = QueryTypeRegistry.key(name)
    return attributes.first { attribute in
      QueryTypeRegistry.key(attribute.name) == key
        || attribute.aliases.contains { QueryTypeRegistry.key($0) == key }
    }
  }

  /// The family called `name`, if any.
  public func family(named name: String) -> QueryAttributeFamily? {
    families.first { $0.name.lowercased() == name.lowercased() }
  }
}
