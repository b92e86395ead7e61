/// Attributes over one column of the type's own table, the common case.
extension QueryAttribute {
  /// `{a}.column` as an attribute.
  static func column(
    _ name: String, _ kind: QueryAttributeKind, _ column: String, aliases: [String] = [],
    summary: String
  ) -> QueryAttribute {
    QueryAttribute(name, kind, AliasedSQL("{a}.\(column)"), aliases: aliases, summary: summary)
  }

  /// The texts of a JSON array column (tags) as a `.tags` attribute; `more` adds the texts of
  /// further JSON columns (an activity's definition tags).
  static func jsonTags(
    _ name: String, columns: [String], aliases: [String] = [], summary: String
  ) -> QueryAttribute {
    let selects = columns.map { "SELECT value AS v FROM json_each(\($0))" }
    return QueryAttribute(
      name, .tags, AliasedSQL(selects.joined(separator: " UNION ALL ")), aliases: aliases,
      summary: summary)
  }

  /// An instant column read in the record's offset.
  static func instant(
    _ name: String, _ column: String, offset: String, aliases: [String] = [], summary: String
  ) -> QueryAttribute {
    QueryAttribute(
      name, .instant, AliasedSQL("{a}.\(column)"), aliases: aliases,
      offset: AliasedSQL("{a}.\(offset)"), summary: summary)
  }
}
