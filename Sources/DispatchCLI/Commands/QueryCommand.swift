import DispatchCommandLine
import DispatchKit

/// `dispatch query EXPR`, `query save|pin|unpin|move|list|run|remove|types`
/// (docs/query-language.md#running-queries). One command, like `lost`, so the expression can stand
/// where a subcommand would.
enum QueryCommand {
  static let limitOption = Option<Int>.integer(
    "limit", "N", in: 1...10_000_000, "At most N records, newest first")

  static let spec: CommandSpec = CommandSpec(
    "query",
    abstract: "Ask exact questions of every kind of record; save and pin queries",
    discussion: """
      'dispatch query EXPR' selects the records of one type that meet a condition: \
      'mood where rating <= 2 and within 30 minutes of activity where name = "Socializing"'. \
      The language is in docs/query-language.md; 'dispatch query types [TYPE]' lists the types \
      and their attributes. --explain shows each condition's count and which one empties the \
      result; --why ID shows how one record fares. 'query save NAME EXPR' keeps a query (its \
      relative dates stay relative), 'query pin NAME' lists it with its current count in \
      'query list' (and on the dashboard), 'query move NAME N' puts a pinned query N-th, \
      'query run NAME' runs it. An error in the expression exits 65 with the \
      place marked; an empty result is not an error.
      """,
    arguments: [
      ArgumentSpec(
        "EXPR", "The query, or save|pin|unpin|move|list|run|remove|types and their arguments",
        variadic: true)
    ],
    options: [
      .flag("count", "Print only the number of matching records"),
      .flag("csv", "Print CSV (a header line, then one line per record)"),
      limitOption.spec,
      .flag("explain", "Show the parsed tree with each condition's count"),
      .value("why", "ID", "Explain which conditions the record with this ID meets and fails"),
    ],
    json: true,
    examples: [
      "dispatch query 'mood where rating <= 4'",
      "dispatch query 'reports where answer(\"How happy are you?\") >= 7 and \"Alice\" in answer(\"Who are you with?\")'",
      "dispatch query 'steps where day of week in (sat, sun) and in last 90 days' --count",
      "dispatch query 'mood where within 1 hour after workout' --explain",
      "dispatch query save low-days 'mood where rating <= 3 and in last 30 days'",
      "dispatch query pin low-days", "dispatch query move 'moods after workouts' 1",
      "dispatch query list", "dispatch query types mood",
    ],
    run: run)

  static func run(_ invocation: Invocation) throws {
    let words = invocation.parsed.positionals
    guard let first = words.first else {
      throw invocation.usage("give a query, e.g. dispatch query 'mood where rating <= 2'")
    }
    let rest = Array(words.dropFirst())
    switch first {
    case "save":
      guard rest.count >= 2 else { throw invocation.usage("usage: dispatch query save NAME EXPR") }
      let store = try invocation.openStore(.write)
      let expression = rest.dropFirst().joined(separator: " ")
      try diagnosing(expression) {
        try store.queries.saveQuery(name: rest[0], expression: expression)
      }
      invocation.stdout.line("Saved query '\(rest[0])': \(expression)")
    case "pin", "unpin":
      let name = try one(rest, "dispatch query \(first) NAME", invocation)
      try invocation.openStore(.write).queries.setQueryPinned(name, first == "pin")
      invocation.stdout.line("\(first == "pin" ? "Pinned" : "Unpinned") '\(name)'")
    case "move":
      guard rest.count >= 2, let position = Int(rest[rest.count - 1]) else {
        throw invocation.usage("usage: dispatch query move NAME POSITION (1 is the top)")
      }
      let name = rest.dropLast().joined(separator: " ")
      try invocation.openStore(.write).queries.movePinnedQuery(name, to: position)
      invocation.stdout.line("Moved '\(name)' to position \(position) of the pinned queries")
    case "remove":
      let name = try one(rest, "dispatch query remove NAME", invocation)
      try invocation.openStore(.write).queries.removeSavedQuery(name)
      invocation.stdout.line("Removed query '\(name)'")
    case "list":
      try QueryListing.list(try invocation.openStore(.read), invocation)
    case "types":
      try QueryListing.types(
        rest.joined(separator: " "), try invocation.openStore(.read), invocation)
    case "run":
      let name = try one(rest, "dispatch query run NAME", invocation)
      let store = try invocation.openStore(.read)
      try evaluate(try store.queries.savedQuery(named: name).expression, store, invocation)
    default:
      try evaluate(words.joined(separator: " "), try invocation.openStore(.read), invocation)
    }
  }

  private static func one(_ words: [String], _ usage: String, _ invocation: Invocation)
    throws(CLIError) -> String
  {
    guard !words.isEmpty else { throw invocation.usage("usage: \(usage)") }
    return words.joined(separator: " ")
  }

  /// Runs `body`, turning a query diagnostic into the marked-up error of exit status 65.
  static func diagnosing<T>(_ expression: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let diagnostic as QueryDiagnostic {
      throw CLIError(.dataError, diagnostic.rendered(source: expression))
    }
  }

  private static func evaluate(
    _ expression: String, _ store: DispatchStore, _ invocation: Invocation
  )
    throws
  {
    if invocation.flag("csv") && (invocation.wantsJSON || invocation.flag("count")) {
      throw invocation.usage("--csv goes with neither --json nor --count")
    }
    let limit = invocation.value(limitOption)
    let engine = try store.queries.queryEngine()
    try diagnosing(expression) {
      let plan = try engine.plan(expression)
      let missing = try store.queries.missingQueryIndexes(for: plan)
      if !missing.isEmpty {
        // The first query on a large type's values sorts them into an index once.
        invocation.note(
          "Indexing \(missing.map(\.purpose).joined(separator: ", ")) for queries (once)…")
        try invocation.openStore(.write).queries.buildQueryIndexes(missing)
      }
      if let id = invocation.value("why") {
        try QueryOutput.why(try engine.why(plan, id: id), invocation)
      } else if invocation.flag("explain") {
        try QueryOutput.explain(try engine.explain(plan), invocation)
      } else if invocation.flag("count") {
        let count = try engine.count(plan)
        if invocation.wantsJSON {
          invocation.printJSON(.object([("count", .int(Int64(count)))]))
        } else {
          invocation.stdout.line(String(count))
        }
      } else {
        try QueryOutput.records(try engine.records(plan, limit: limit), plan: plan, invocation)
      }
    }
  }
}
