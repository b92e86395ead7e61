import DispatchCommandLine
import DispatchKit

/// `dispatch search TEXT`, `dispatch search --rebuild` (docs/search.md).
enum SearchCommand {
  static let typeNames = SearchRecordType.allCases.map(\.rawValue)

  static let typeOption = Option<SearchRecordType>.choice(
    "type", "TYPE", repeatable: true, ignoringCase: true, subject: { "unknown --type '\($0)'" },
    "Only this kind of record: \(typeNames.joined(separator: ", ")) (repeatable)")
  static let limitOption = Option<Int>.integer(
    "limit", "N", in: 1...10_000, "Show at most N results (default 20)")

  static let spec: CommandSpec = CommandSpec(
    "search",
    abstract: "Search answers, notes, people, places and other records' text",
    discussion: """
      Words must all occur (case and accents ignored); "a phrase" keeps words together, \
      word* matches words starting so, -word leaves out what contains it. A word naming a \
      person also finds the answers that name them under any of their names. Matches are \
      marked in bold on a terminal, otherwise between « and ». --rebuild recreates the index \
      from the records.
      """,
    arguments: [ArgumentSpec("TEXT", "What to look for", optional: true, variadic: true)],
    options: [
      typeOption.spec, limitOption.spec,
      .flag("newest", "Newest first instead of best first"),
      .flag("rebuild", "Recreate the search index from the records"),
    ],
    json: true,
    examples: [
      "dispatch search coffee", "dispatch search '\"long walk\" -rain' --type report",
      "dispatch search bob --limit 5 --json", "dispatch search --rebuild",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    if invocation.flag("rebuild") {
      guard invocation.parsed.positionals.isEmpty else {
        throw invocation.usage("give TEXT or --rebuild, not both")
      }
      let count = try invocation.openStore(.read).search.rebuildSearchIndex()
      if invocation.wantsJSON {
        invocation.printJSON(.object([("indexed", .int(Int64(count)))]))
      } else {
        invocation.stdout.line("Rebuilt the search index: \(count) record\(count == 1 ? "" : "s").")
      }
      return
    }
    let text = invocation.parsed.positionals.joined(separator: " ")
    let query = SearchQuery(parsing: text)
    guard !query.isEmpty else {
      throw invocation.usage("nothing to search for; give a word, e.g. 'dispatch search coffee'")
    }
    let options = SearchOptions(
      types: types(invocation), limit: invocation.value(limitOption) ?? 20,
      order: invocation.flag("newest") ? .newest : .relevance)
    let results = try invocation.openStore(.read).search.run(query, options: options)
    if invocation.wantsJSON {
      invocation.printJSON(.array(results.map(json)))
      return
    }
    if results.isEmpty { invocation.stdout.line("Nothing matches '\(text)'.") }
    for (index, result) in results.enumerated() {
      if index > 0 { invocation.stdout.line() }
      let heading = [
        result.localDateText ?? "undated", result.recordType.rawValue, result.recordID,
      ]
      invocation.stdout.line(invocation.style.dim(heading.joined(separator: "  ")))
      for match in result.matches {
        let snippet = marked(match.snippet, invocation.style)
        invocation.stdout.line("  " + (match.question.map { "\($0): " } ?? "") + snippet)
      }
    }
  }

  static func types(_ invocation: Invocation) -> Set<SearchRecordType> {
    Set(invocation.values(typeOption))
  }

  /// Bold on a terminal that allows colour, «guillemets» otherwise.
  static func marked(_ snippet: SearchSnippet, _ style: TextStyle) -> String {
    guard style.enabled else { return snippet.marked() }
    return snippet.segments.map { $0.isMatch ? style.bold($0.text) : $0.text }.joined()
  }

  /// Keys: type, id, date (ISO in the record's offset, null when undated), question (of the
  /// first matching answer, or null), snippet («marked»), matches [{question, snippet}], score.
  static func json(_ result: SearchResult) -> JSONValue {
    let matches = result.matches.map { match -> JSONValue in
      .object([
        ("question", match.question.map(JSONValue.string) ?? .null),
        ("snippet", .string(match.snippet.marked())),
      ])
    }
    return .object([
      ("type", .string(result.recordType.rawValue)), ("id", .string(result.recordID)),
      ("date", result.localDateText.map(JSONValue.string) ?? .null),
      ("question", result.question.map(JSONValue.string) ?? .null),
      ("snippet", .string(result.matches.first?.snippet.marked() ?? "")),
      ("matches", .array(matches)), ("score", .double(-result.bm25)),
    ])
  }
}
