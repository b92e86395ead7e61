import DispatchCommandLine
import DispatchKit
import Foundation

/// The read-only people commands: `people list` and `people show`.
enum PeopleListing {
  static func list(_ invocation: Invocation) throws {
    let store = try invocation.openStore(.read)
    let people = try store.people.listByMentions()
    if invocation.wantsJSON {
      invocation.printJSON(.array(people.map { .object(members($0)) }))
      return
    }
    guard !people.isEmpty else {
      invocation.stdout.line("Nobody yet: people answers add them to the registry.")
      return
    }
    var rows = [["NAME", "MENTIONS", "QUESTIONS", "ALSO KNOWN AS"]]
    for person in people {
      rows.append([
        person.displayName, String(person.usageCount), String(person.questionCount),
        person.alternateNames.joined(separator: ", "),
      ])
    }
    for line in QueryOutput.table(rows) {
      invocation.stdout.line(String(line.reversed().drop { $0 == " " }.reversed()))
    }
  }

  static func show(_ invocation: Invocation) throws {
    guard let reference = invocation.positional(0) else {
      throw invocation.usage("name the person to show")
    }
    let store = try invocation.openStore(.read)
    let mentions = try store.people.mentions(of: try store.people.person(matching: reference))
    let person = mentions.person
    if invocation.wantsJSON {
      var object = JSONObjectBuilder()
      for (key, value) in members(person) { object.set(key, value) }
      object.set("mentions", mentions.count)
      object.set("firstMention", localISO(mentions.first, mentions.firstOffsetSeconds))
      object.set("lastMention", localISO(mentions.last, mentions.lastOffsetSeconds))
      object.set("namesWritten", tallies(mentions.names, key: "name"))
      object.set("questions", tallies(mentions.questions, key: "prompt"))
      invocation.printJSON(object.value)
      return
    }
    let out = invocation.stdout
    out.line(person.displayName + alsoKnown(person))
    out.line("  ID         \(person.id)")
    out.line("  Mentions   \(mentions.count)")
    if let first = mentions.first, let last = mentions.last {
      out.line("  First      " + localText(first, mentions.firstOffsetSeconds))
      out.line("  Last       " + localText(last, mentions.lastOffsetSeconds))
    }
    if mentions.names.count > 1 {
      out.line(
        "  Written    " + mentions.names.map { "\($0.text) (\($0.count))" }.joined(separator: ", "))
    }
    for (index, question) in mentions.questions.enumerated() {
      out.line(
        (index == 0 ? "  Questions  " : "             ") + "\(question.text) (\(question.count))")
    }
  }

  /// " (also Bob, Bobby)", or nothing without alternates.
  static func alsoKnown(_ person: Person) -> String {
    person.alternateNames.isEmpty
      ? "" : " (also " + person.alternateNames.joined(separator: ", ") + ")"
  }

  static func mentions(_ count: Int) -> String {
    count == 1 ? "1 mention" : "\(count) mentions"
  }

  static func members(_ person: Person) -> [(String, JSONValue)] {
    [
      ("id", .string(person.id)), ("displayName", .string(person.displayName)),
      ("alternateNames", .array(person.alternateNames.map(JSONValue.string))),
      ("usageCount", .int(Int64(person.usageCount))),
      ("questionCount", .int(Int64(person.questionCount))),
    ]
  }

  private static func tallies(_ tallies: [PersonMentions.Tally], key: String) -> JSONValue {
    .array(tallies.map { .object([(key, .string($0.text)), ("count", .int(Int64($0.count)))]) })
  }

  private static func localISO(_ instant: Instant?, _ offset: Int) -> JSONValue {
    guard let instant else { return .null }
    return .string(
      CivilTime(milliseconds: instant.milliseconds, offsetSeconds: offset).iso8601(
        fraction: false, zone: offsetDesignator(seconds: offset)))
  }

  private static func localText(_ instant: Instant, _ offset: Int) -> String {
    let local = CivilTime(milliseconds: instant.milliseconds, offsetSeconds: offset)
    return local.dateText + " " + local.clockText
  }
}
