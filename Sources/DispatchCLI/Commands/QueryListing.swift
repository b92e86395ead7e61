import DispatchCommandLine
import DispatchKit
import Foundation

/// `dispatch query list` and `dispatch query types [TYPE]`.
enum QueryListing {
  /// Pinned queries with their current count and a summary line, then the other saved ones.
  static func list(_ store: DispatchStore, _ invocation: Invocation) throws {
    let saved = try store.queries.savedQueries()
    let pinned = try store.queries.pinnedQuerySummaries()
    if invocation.wantsJSON {
      let byName = Dictionary(pinned.map { ($0.query.name, $0) }, uniquingKeysWith: { a, _ in a })
      invocation.printJSON(
        .array(
          saved.map { query in
            var fields: [(String, JSONValue)] = [
              ("name", .string(query.name)), ("expression", .string(query.expression)),
              ("pinned", .bool(query.isPinned)),
            ]
            if let summary = byName[query.name] {
              fields.append(("count", .int(Int64(summary.count))))
              fields.append(("latest", summary.latest.map { .string($0.localStart) } ?? .null))
              fields.append(("mean", summary.mean.map { .double($0.value) } ?? .null))
              fields.append(("error", summary.problem.map { .string($0.description) } ?? .null))
            }
            return .object(fields)
          }))
      return
    }
    guard !saved.isEmpty else {
      invocation.stdout.line("No saved queries. Save one: dispatch query save NAME 'EXPR'")
      return
    }
    for summary in pinned {
      invocation.stdout.line("📌 \(summary.query.name)  \(summary.query.expression)")
      invocation.stdout.line("   " + summary.line)
    }
    for query in saved where !query.isPinned {
      invocation.stdout.line("   \(query.name)  \(query.expression)")
    }
  }

  /// Every type with a line each, or one type's attributes.
  static func types(_ name: String, _ store: DispatchStore, _ invocation: Invocation) throws {
    let engine = try store.queries.queryEngine()
    guard !name.isEmpty else {
      if invocation.wantsJSON {
        invocation.printJSON(
          .array(
            engine.registry.types.map { type in
              .object([
                ("name", .string(type.name)),
                ("aliases", .array(type.aliases.map(JSONValue.string))),
                ("summary", .string(type.summary)),
              ])
            }))
        return
      }
      let rows = engine.registry.types.map { [$0.name, $0.summary] }
      for line in QueryOutput.table(rows) { invocation.stdout.line(line) }
      return
    }
    let type = try QueryCommand.diagnosing(name) { () throws -> QueryRecordType in
      try engine.plan(name).type
    }
    if invocation.wantsJSON {
      invocation.printJSON(
        .object([
          ("name", .string(type.name)), ("summary", .string(type.summary)),
          (
            "attributes",
            .array(
              type.attributes.map { attribute in
                .object([
                  ("name", .string(attribute.name)), ("kind", .string(attribute.kind.name)),
                  ("aliases", .array(attribute.aliases.map(JSONValue.string))),
                  ("summary", .string(attribute.summary)),
                ])
              })
          ),
          (
            "families",
            .array(
              type.families.map { family in
                .object([
                  ("name", .string(family.name)), ("summary", .string(family.summary)),
                  ("names", .array(family.candidates.map(JSONValue.string))),
                ])
              })
          ),
        ]))
      return
    }
    invocation.stdout.line("\(type.name): \(type.summary)")
    let rows = type.attributes.map { ["  " + $0.name, $0.kind.name, $0.summary] }
    for line in QueryOutput.table(rows) { invocation.stdout.line(line) }
    for family in type.families {
      invocation.stdout.line("  \(family.name)(\"…\")  \(family.summary)")
      for candidate in family.candidates.prefix(40) {
        invocation.stdout.line("      \(family.name)(\"\(candidate)\")")
      }
    }
  }
}
